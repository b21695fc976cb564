// A minimal SignalR JSON-protocol client over raw `ws`, light enough for thousands of connections.
import WebSocket from 'ws';

const RS = '\x1e';

export interface RawHubClient {
  invoke<T>(target: string, ...args: unknown[]): Promise<T>;
  on(target: string, handler: (...args: unknown[]) => void): void;
  close(): void;
}

/** A pooled keep-alive socket the server already closed fails a POST once; retry on a fresh one. */
async function negotiateWithRetry(url: string, cookie: string): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, { method: 'POST', headers: { cookie } });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function connectRawHub(chatUrl: string, cookie: string, role: 'participant' | 'lawyer'): Promise<RawHubClient> {
  const base = `${chatUrl}/signalr?as=${role}`;
  const negotiate = await negotiateWithRetry(`${chatUrl}/signalr/negotiate?as=${role}&negotiateVersion=1`, cookie);
  if (negotiate.status !== 200) throw new Error(`negotiate failed: ${negotiate.status}`);
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}&id=${connectionToken}`, { headers: { cookie }, perMessageDeflate: false });
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const handlers = new Map<string, (...args: unknown[]) => void>();
  let nextId = 0;
  let handshakeDone: (() => void) | null = null;
  const handshake = new Promise<void>((resolve) => (handshakeDone = resolve));

  socket.on('message', (data: Buffer) => {
    for (const record of data.toString('utf8').split(RS)) {
      if (record === '') continue;
      const message = JSON.parse(record) as { type?: number; target?: string; arguments?: unknown[]; invocationId?: string; result?: unknown; error?: string };
      if (message.type === undefined) {
        handshakeDone?.();
        continue;
      }
      if (message.type === 1 && message.target) handlers.get(message.target)?.(...(message.arguments ?? []));
      if (message.type === 3 && message.invocationId) {
        const waiter = pending.get(message.invocationId);
        pending.delete(message.invocationId);
        if (message.error) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(`${JSON.stringify({ protocol: 'json', version: 1 })}${RS}`);
  await handshake;
  // The server drops clients that stay silent for 30 s; pings keep idle ones alive.
  const keepAlive = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(`{"type":6}${RS}`), 10_000);
  socket.on('close', () => clearInterval(keepAlive));

  return {
    invoke<T>(target: string, ...args: unknown[]) {
      const invocationId = String(nextId++);
      return new Promise<T>((resolve, reject) => {
        pending.set(invocationId, { resolve: resolve as (v: unknown) => void, reject });
        socket.send(`${JSON.stringify({ type: 1, invocationId, target, arguments: args })}${RS}`);
      });
    },
    on(target, handler) {
      handlers.set(target, handler);
    },
    close() {
      clearInterval(keepAlive);
      socket.close();
    },
  };
}
