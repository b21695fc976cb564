import type { IncomingMessage } from 'node:http';
import type { HubLogger, HubOptions } from './hub.types.js';
import { clientAddress } from './httpUtil.js';

/** HubOptions with every default applied. */
export interface HubSettings {
  readonly path: string;
  readonly keepAliveMs: number;
  readonly clientTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
  readonly disconnectTimeoutMs: number;
  readonly pollTimeoutMs: number;
  readonly maxMessageBytes: number;
  readonly maxMessagesPerSecond: number;
  readonly maxConnectionsPerPrincipal: number;
  readonly connectionLimit: HubOptions['connectionLimit'];
  readonly revalidateIntervalMs: number;
  /** Heartbeat period: fine enough for the shortest configured interval, at most 1 s (as ASP.NET). */
  readonly tickMs: number;
  readonly logger: HubLogger;
  readonly now: () => number;
  /** The address logged for a request (HubOptions.clientAddress, else the socket's). */
  readonly addressOf: (req: IncomingMessage) => string | undefined;
}

const silent: HubLogger = { info() {}, warn() {}, error() {} };

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`HubOptions.${name} must be a positive number`);
  return value;
}

export function resolveSettings(options: HubOptions): HubSettings {
  if (!options.path.startsWith('/') || options.path.endsWith('/')) throw new RangeError('HubOptions.path must look like /signalr');
  if (options.tokenSecret.length < 16) throw new RangeError('HubOptions.tokenSecret must have at least 16 characters');
  const keepAliveMs = positive(options.keepAliveIntervalMs, 15_000, 'keepAliveIntervalMs');
  const clientTimeoutMs = positive(options.clientTimeoutMs, 30_000, 'clientTimeoutMs');
  const handshakeTimeoutMs = positive(options.handshakeTimeoutMs, 15_000, 'handshakeTimeoutMs');
  const disconnectTimeoutMs = positive(options.disconnectTimeoutMs, 15_000, 'disconnectTimeoutMs');
  const revalidateIntervalMs = positive(options.revalidateIntervalMs, 60_000, 'revalidateIntervalMs');
  const shortest = Math.min(keepAliveMs, clientTimeoutMs, handshakeTimeoutMs, disconnectTimeoutMs, revalidateIntervalMs);
  return {
    path: options.path,
    keepAliveMs,
    clientTimeoutMs,
    handshakeTimeoutMs,
    disconnectTimeoutMs,
    pollTimeoutMs: positive(options.pollTimeoutMs, 90_000, 'pollTimeoutMs'),
    maxMessageBytes: positive(options.maxMessageBytes, 64 * 1024, 'maxMessageBytes'),
    maxMessagesPerSecond: positive(options.maxMessagesPerSecond, 20, 'maxMessagesPerSecond'),
    revalidateIntervalMs,
    maxConnectionsPerPrincipal: positive(options.maxConnectionsPerPrincipal, 10, 'maxConnectionsPerPrincipal'),
    connectionLimit: options.connectionLimit && {
      max: positive(options.connectionLimit.max, 0, 'connectionLimit.max'),
      keyOf: options.connectionLimit.keyOf,
    },
    tickMs: Math.max(5, Math.min(1000, Math.floor(shortest / 4))),
    logger: options.logger ?? silent,
    now: options.now ?? Date.now,
    addressOf: options.clientAddress ?? clientAddress,
  };
}
