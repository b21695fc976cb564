// The hub refuses a start with 429 `TooManyConnectionsFromAddress` while the client's address holds
// HUB_MAX_CONNECTIONS_PER_ADDRESS live connections (a firm's office or a company network behind one address). The
// web and the console then say so and try again after waits that double, so that the many browsers behind the address
// do not keep it full by coming back every few seconds (found from outside, 2026-12-07).
import type { AppError } from '../result.js';

/** The longest wait between two starts while the address is full. */
export const CONNECTION_CAP_RETRY_MAX_MS = 300_000;

/** The hub's answer when the client's address holds too many live connections. */
export const isConnectionCap = (error: AppError): boolean =>
  error._tag === 'HttpError' && error.status === 429 && error.code === 'TooManyConnectionsFromAddress';

/** The wait after `refusals` (≥ 1) starts refused in a row: `baseMs` doubled each time, at most CONNECTION_CAP_RETRY_MAX_MS. */
export const connectionCapRetryDelayMs = (refusals: number, baseMs: number): number => Math.min(baseMs * 2 ** refusals, CONNECTION_CAP_RETRY_MAX_MS);
