/// <reference types="node" />
// A tiny real HTTP server on port 0 for the fetch adapters: routes answer with fixed responses and record requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  readonly headers: IncomingMessage['headers'];
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

export interface TestServer {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  route(method: string, path: string, handler: Handler): void;
  close(): Promise<void>;
}

/** Sends a response with a body and content type. */
export function reply(response: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  response.writeHead(status, { 'Content-Type': contentType });
  response.end(body);
}

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', url: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.url}`);
      if (handler) handler(recorded, res);
      else reply(res, 404, JSON.stringify({ Error: 'NotFound', Message: 'Nicht gefunden.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
