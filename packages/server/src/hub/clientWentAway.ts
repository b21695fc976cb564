// A client that vanishes – a phone in a tunnel or between cells, a laptop closed mid-chat – leaves its TCP connection to
// be reset or to time out. For a chat service on mobile networks that is routine, and the hub's reconnect handles it;
// logged as a warning, it buried the warnings that need an operator (one line per client at every network hiccup).

/** Socket error codes that only say the other side has gone. */
const GONE_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether a socket error only means that the client went away (as opposed to a fault worth a warning). */
export function clientWentAway(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code !== undefined && GONE_CODES.has(code);
}
