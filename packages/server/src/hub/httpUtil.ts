import type { IncomingMessage, ServerResponse } from 'node:http';

/** `{ Error, Message }` JSON error answer (German message), as everywhere in the API. */
export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { Error: code, Message: message });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/**
 * Reads a UTF-8 body up to `limit` bytes; resolves null as soon as it is larger. The rest is not read here: the server
 * reads what is left after the answer only up to a bound (platform/http/unreadBody.ts in the chat host's server).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.pause();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Writes a minimal HTTP error answer on a raw upgrade socket and closes it. */
export function rejectUpgrade(
  socket: { write(data: string): unknown; destroy(): void; writable: boolean },
  status: number,
  reason: string,
  code: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ Error: code, Message: message });
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n${extra}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy();
}

export function clientAddress(req: IncomingMessage): string | undefined {
  return req.socket.remoteAddress;
}

/**
 * The request path without duplicate or trailing slashes, so `{CHAT_HOST_URL}signalr/`, the
 * `signalr/?id=` the client derives from it, and `//signalr` reach the hub like `/signalr`.
 */
export function canonicalPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}
