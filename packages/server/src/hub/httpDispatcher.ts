import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NegotiateDeps } from './negotiate.js';
import type { LongPollingTransport } from './longPollingTransport.js';
import { negotiate } from './negotiate.js';
import { startServerSentEvents } from './sseTransport.js';
import { Refusals, type Refusal, type TransportHost } from './transportHost.js';
import { canonicalPath, readBody, sendError } from './httpUtil.js';
import { HubTexts } from './hubMessages.js';

export interface HttpDispatcherDeps {
  readonly path: string;
  readonly host: TransportHost;
  readonly negotiate: NegotiateDeps;
  readonly longPolling: LongPollingTransport;
  isClosing(): boolean;
  /** HubOptions.requestLimit for a request outside an open connection: 0, or the seconds to wait (429). */
  limited?(req: IncomingMessage): number | Promise<number>;
}

function refuse(res: ServerResponse, refusal: Refusal): void {
  sendError(res, refusal.status, refusal.code, refusal.message);
}

/**
 * Routes `{path}/negotiate` and `{path}?id=` requests (TransportProtocols.md): GET with
 * `Accept: text/event-stream` is SSE, another GET is a long poll, POST carries client data
 * for SSE/long polling, DELETE stops long polling, OPTIONS is the CORS preflight. Every request on an
 * existing connection must come from the principal that opened it (403 otherwise; an unknown id stays 404).
 */
export function createHttpDispatcher(deps: HttpDispatcherDeps) {
  const { host } = deps;
  const negotiatePath = `${deps.path}/negotiate`;

  async function post(req: IncomingMessage, res: ServerResponse, token: string | null): Promise<void> {
    const claims = host.identify(token);
    const connection = claims === null ? undefined : host.find(claims.connectionId);
    if (connection === undefined) return refuse(res, Refusals.unknownId);
    if (connection.sink.kind === 'WebSockets') return refuse(res, Refusals.methodNotAllowed);
    // Refused before the body is read: nothing of another principal's request reaches the connection.
    const check = host.checkPrincipal(req, connection.sink, connection.connectionId, connection.principal);
    const refusal = check instanceof Promise ? await check : check;
    if (refusal !== null) return refuse(res, refusal);
    const body = await readBody(req, host.maxMessageBytes);
    if (body === null) {
      host.logger.warn({ connectionId: connection.connectionId }, 'hub POST body too large');
      connection.close(HubTexts.tooLarge, false);
      return refuse(res, Refusals.tooLarge);
    }
    connection.receive(body);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 0 });
    res.end();
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // The hub answers outside Fastify, so without the platform's security headers: at least no browser may sniff a
    // poll's chat text (application/octet-stream) or an error body into another type.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'OPTIONS') return host.origins.preflight(req, res);
    host.origins.apply(req, res);
    if (deps.isClosing()) return refuse(res, Refusals.shuttingDown);
    const token = url.searchParams.get('id');
    // Negotiate and every request that does not belong to an open connection count against the per-address limit.
    if (deps.limited !== undefined) {
      const claims = canonicalPath(url.pathname) === negotiatePath ? null : host.identify(token);
      if (claims === null || host.find(claims.connectionId) === undefined) {
        const verdict = deps.limited(req);
        const retryAfter = typeof verdict === 'number' ? verdict : await verdict;
        if (retryAfter > 0) {
          res.setHeader('Retry-After', String(retryAfter));
          return refuse(res, Refusals.tooManyRequests);
        }
      }
    }
    if (canonicalPath(url.pathname) === negotiatePath) {
      if (req.method !== 'POST') return refuse(res, Refusals.methodNotAllowed);
      return negotiate(deps.negotiate, req, res, url.searchParams);
    }
    if (host.origins.verdict(req) === 'forbidden') return refuse(res, Refusals.forbiddenOrigin);
    switch (req.method) {
      case 'GET':
        return (req.headers.accept ?? '').includes('text/event-stream') ? startServerSentEvents(host, req, res, token) : deps.longPolling.poll(req, res, token);
      case 'POST':
        return post(req, res, token);
      case 'DELETE':
        return deps.longPolling.remove(req, res, token);
      default:
        return refuse(res, Refusals.methodNotAllowed);
    }
  }

  /** Returns true when the request belongs to the hub; answers it asynchronously. */
  return function handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = URL.parse(req.url ?? '/', 'http://hub.invalid');
    if (url === null) return false;
    const pathname = canonicalPath(url.pathname);
    if (pathname !== deps.path && pathname !== negotiatePath) return false;
    route(req, res, url).catch((err: unknown) => {
      host.logger.error({ err }, 'hub request failed');
      if (!res.headersSent) sendError(res, 500, 'InternalError', 'Bei der Verarbeitung ist ein Fehler aufgetreten.');
      else res.end();
    });
    return true;
  };
}
