/// <reference types="node" />
// A minimal SignalR hub (negotiate v1, JSON protocol, long polling only) on node:http and port 0.
// It lets the official @microsoft/signalr client run against the hub adapter without WebSockets.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const RS = '\x1e';

interface Connection {
  readonly token: string;
  initialised: boolean;
  closed: boolean;
  /** The queue ends with a Close: the connection is over once the client has polled it. */
  closeAfterFlush: boolean;
  queue: string[];
  poll: ServerResponse | null;
}

/** Answers a client invocation: a value, or an error message (a HubException). */
export type InvocationHandler = (target: string, args: unknown[]) => { result?: unknown; error?: string };

export interface LongPollingHubServer {
  readonly baseUrl: string;
  /** Invocations (with and without invocationId) in arrival order. */
  readonly received: Array<{ target: string; args: unknown[] }>;
  negotiations(): number;
  /** Server → client message to every live connection. */
  push(target: string, ...args: unknown[]): void;
  /** Ends every live connection from the server side, as a restart would. */
  drop(): void;
  /** Sends every live connection a Close with this error (no reconnect), as the chat host's logout does, and ends it. */
  closeWithError(error: string): void;
  /** Sends every live connection a Close with this error that allows the reconnect, as the chat host's client time-out does. */
  closeAllowingReconnect(error: string): void;
  /** While true, negotiations fail with 503, as for a device whose network is not back yet. */
  /** Negotiations answer 503 without a body, or the given status and JSON body (the hub's `{ Error, Message }`). */
  refuseNegotiations(refuse: boolean | { readonly status: number; readonly body: unknown }): void;
  close(): Promise<void>;
}

export async function startLongPollingHub(path: string, handle: InvocationHandler): Promise<LongPollingHubServer> {
  const connections = new Map<string, Connection>();
  const received: Array<{ target: string; args: unknown[] }> = [];
  let negotiations = 0;
  let refusing: boolean | { readonly status: number; readonly body: unknown } = false;

  const flush = (c: Connection) => {
    if (!c.poll || c.queue.length === 0) return;
    const body = c.queue.join('');
    c.queue = [];
    c.poll.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
    c.poll = null;
    if (c.closeAfterFlush) c.closed = true;
  };
  const enqueue = (c: Connection, message: object) => {
    c.queue.push(JSON.stringify(message) + RS);
    flush(c);
  };
  const onMessage = (c: Connection, frame: string) => {
    const message = JSON.parse(frame) as { protocol?: string; type?: number; target?: string; arguments?: unknown[]; invocationId?: string };
    if (message.protocol === 'json') {
      c.queue.push('{}' + RS);
      flush(c);
      return;
    }
    if (message.type !== 1 || !message.target) return;
    received.push({ target: message.target, args: message.arguments ?? [] });
    if (message.invocationId === undefined) return;
    const outcome = handle(message.target, message.arguments ?? []);
    enqueue(
      c,
      outcome.error === undefined
        ? { type: 3, invocationId: message.invocationId, result: outcome.result ?? null }
        : { type: 3, invocationId: message.invocationId, error: outcome.error },
    );
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === `${path}/negotiate` && refusing !== false) {
        if (refusing === true) res.writeHead(503).end();
        else res.writeHead(refusing.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(refusing.body));
        return;
      }
      if (req.method === 'POST' && url.pathname === `${path}/negotiate`) {
        negotiations++;
        const token = `t${negotiations}`;
        connections.set(token, { token, initialised: false, closed: false, closeAfterFlush: false, queue: [], poll: null });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            negotiateVersion: 1,
            connectionId: `c${negotiations}`,
            connectionToken: token,
            availableTransports: [{ transport: 'LongPolling', transferFormats: ['Text'] }],
          }),
        );
        return;
      }
      const c = url.pathname === path ? connections.get(url.searchParams.get('id') ?? '') : undefined;
      if (!c || c.closed) {
        res.writeHead(c ? 204 : 404).end();
        return;
      }
      if (req.method === 'GET') {
        if (!c.initialised) {
          c.initialised = true;
          res.writeHead(200).end();
          return;
        }
        c.poll = res;
        flush(c);
      } else if (req.method === 'POST') {
        Buffer.concat(chunks)
          .toString('utf8')
          .split(RS)
          .filter((frame) => frame !== '')
          .forEach((frame) => onMessage(c, frame));
        res.writeHead(200).end('OK');
      } else if (req.method === 'DELETE') {
        end(c);
        res.writeHead(202).end();
      }
    });
  });
  const end = (c: Connection) => {
    c.closed = true;
    c.poll?.writeHead(204).end();
    c.poll = null;
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    received,
    negotiations: () => negotiations,
    push: (target, ...args) => connections.forEach((c) => !c.closed && enqueue(c, { type: 1, target, arguments: args })),
    drop: () => connections.forEach((c) => !c.closed && end(c)),
    closeWithError: (error) =>
      connections.forEach((c) => {
        if (c.closed) return;
        c.closeAfterFlush = true;
        enqueue(c, { type: 7, error, allowReconnect: false });
      }),
    closeAllowingReconnect: (error) =>
      connections.forEach((c) => {
        if (c.closed) return;
        c.closeAfterFlush = true;
        enqueue(c, { type: 7, error, allowReconnect: true });
      }),
    refuseNegotiations: (refuse) => {
      refusing = refuse;
    },
    close: () =>
      new Promise<void>((resolve) => {
        connections.forEach(end);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
