import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubConnection } from './hubConnection.js';
import type { HubPrincipal } from './hub.types.js';
import { Refusals, type Refusal, type TransportHost } from './transportHost.js';
import type { OutgoingRecords, TransportSink } from './transportSink.js';
import { sendError } from './httpUtil.js';

/** Unsent data one session may hold between polls (UTF-16 units, close enough to bytes). */
const MAX_QUEUED_CHARS = 4 * 1024 * 1024;

const POLL_HEADERS = {
  'Cache-Control': 'no-cache, no-store',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
} as const;

/**
 * One long-polling session: queues records until a poll collects them. A poll without data
 * is held until data arrives or the poll timeout passes (200, empty). 204 ends the session.
 */
class LongPollingSink implements TransportSink {
  readonly kind = 'LongPolling' as const;
  private queue: string[] = [];
  private queuedBytes = 0;
  private poll: { res: ServerResponse; timer: NodeJS.Timeout } | undefined;
  private ended = false;
  private lastActivity: number;

  constructor(
    private readonly host: TransportHost,
    /** The principal that opened the session; every later poll and DELETE must authenticate as it. */
    readonly principal: HubPrincipal,
    private readonly onFinished: () => void,
  ) {
    this.lastActivity = host.now();
  }

  send(payload: OutgoingRecords): void {
    if (this.ended) return;
    this.queue.push(payload.text);
    this.queuedBytes += payload.text.length;
    if (this.queuedBytes > MAX_QUEUED_CHARS) {
      // The client stopped collecting; dropping the session beats unbounded memory.
      this.terminate();
      return;
    }
    this.flush();
  }

  end(): void {
    this.ended = true;
    this.flush();
  }

  /** Takes over a new poll; an older pending poll is answered 204 as the protocol requires. */
  attach(res: ServerResponse, req: IncomingMessage): void {
    this.release(204);
    this.lastActivity = this.host.now();
    const timer = setTimeout(() => this.release(200), this.host.pollTimeoutMs);
    this.poll = { res, timer };
    req.on('close', () => {
      if (this.poll?.res !== res) return;
      clearTimeout(timer);
      this.poll = undefined;
      this.lastActivity = this.host.now();
    });
    this.flush();
  }

  /** True when no poll arrived for the disconnect timeout. */
  idle(now: number): boolean {
    return this.poll === undefined && now - this.lastActivity > this.host.disconnectTimeoutMs;
  }

  /** Ends the session from outside (DELETE, idle, shutdown). */
  terminate(): void {
    this.ended = true;
    this.queue = [];
    this.queuedBytes = 0;
    this.release(204);
    this.onFinished();
  }

  private flush(): void {
    if (this.poll === undefined) return;
    if (this.queue.length > 0) {
      this.queuedBytes = 0;
      this.release(200, this.queue.splice(0).join(''));
    } else if (this.ended) {
      this.release(204);
      this.onFinished();
    }
  }

  private release(status: 200 | 204, body = ''): void {
    const poll = this.poll;
    if (poll === undefined) return;
    this.poll = undefined;
    clearTimeout(poll.timer);
    this.lastActivity = this.host.now();
    const type = status === 200 && body.length > 0 ? { 'Content-Type': 'application/octet-stream' } : {};
    poll.res.writeHead(status, { ...POLL_HEADERS, ...type, 'Content-Length': Buffer.byteLength(body) });
    poll.res.end(body);
  }
}

/** Long-polling transport: GET polls, DELETE stops; POSTs go through the HTTP dispatcher. */
export class LongPollingTransport {
  private readonly sessions = new Map<string, LongPollingSink>();

  constructor(private readonly host: TransportHost) {}

  async poll(req: IncomingMessage, res: ServerResponse, token: string | null): Promise<void> {
    const claims = this.host.identify(token);
    const session = claims === null ? undefined : this.sessions.get(claims.connectionId);
    if (claims !== null && session !== undefined) {
      // Checked before attach: a refused poll neither takes over the pending poll nor collects queued records.
      // A remembered credential answers synchronously: the poll attaches in the same tick, without a session read.
      const check = this.checkPrincipal(req, session, claims.connectionId);
      const refusal = check instanceof Promise ? await check : check;
      if (refusal !== null) {
        sendError(res, refusal.status, refusal.code, refusal.message);
        return;
      }
      if (this.sessions.get(claims.connectionId) === session) session.attach(res, req);
      else sendError(res, Refusals.unknownId.status, Refusals.unknownId.code, Refusals.unknownId.message);
      return;
    }
    if (claims !== null && this.host.find(claims.connectionId) !== undefined) {
      const { status, code, message } = Refusals.wrongTransport;
      sendError(res, status, code, message);
      return;
    }
    const admission = await this.host.admit(req, token);
    if (!admission.ok) {
      sendError(res, admission.status, admission.code, admission.message);
      return;
    }
    const { connectionId } = admission.claims;
    const ended = { connection: undefined as HubConnection | undefined };
    const sink = new LongPollingSink(this.host, admission.claims.principal, () => {
      this.sessions.delete(connectionId);
      ended.connection?.transportEnded();
    });
    const connection = this.host.open(admission.claims, sink, req);
    ended.connection = connection;
    this.sessions.set(connectionId, sink);
    this.host.rememberPrincipal(req, sink);
    // The first poll returns at once with an empty 200: it only establishes the connection.
    res.writeHead(200, { ...POLL_HEADERS, 'Content-Length': 0 });
    res.end();
  }

  /** DELETE from the client: 202 and the session ends; 404 for an unknown id, 403 from another principal. */
  async remove(req: IncomingMessage, res: ServerResponse, token: string | null): Promise<void> {
    const claims = this.host.identify(token);
    const session = claims === null ? undefined : this.sessions.get(claims.connectionId);
    if (claims === null || session === undefined) {
      const { status, code, message } = Refusals.unknownId;
      sendError(res, status, code, message);
      return;
    }
    const refusal = await this.checkPrincipal(req, session, claims.connectionId);
    if (refusal !== null) {
      sendError(res, refusal.status, refusal.code, refusal.message);
      return;
    }
    if (this.sessions.get(claims.connectionId) !== session || !this.stop(claims.connectionId)) {
      sendError(res, Refusals.unknownId.status, Refusals.unknownId.code, Refusals.unknownId.message);
      return;
    }
    res.writeHead(202, { 'Content-Type': 'text/plain', 'Content-Length': 0 });
    res.end();
  }

  /** Whether `req` comes from the principal that opened `session` (null) or is refused. */
  private checkPrincipal(req: IncomingMessage, session: LongPollingSink, connectionId: string): Refusal | null | Promise<Refusal | null> {
    return this.host.checkPrincipal(req, session, connectionId, session.principal);
  }

  /** Ends a session (DELETE, idle, shutdown); false when there is none. */
  stop(connectionId: string): boolean {
    const session = this.sessions.get(connectionId);
    if (session === undefined) return false;
    session.terminate();
    return true;
  }

  /** Heartbeat: drop sessions whose client stopped polling. */
  sweep(now: number): void {
    for (const [connectionId, session] of this.sessions) if (session.idle(now)) this.stop(connectionId);
  }

  closeAll(): void {
    for (const connectionId of [...this.sessions.keys()]) this.stop(connectionId);
  }
}
