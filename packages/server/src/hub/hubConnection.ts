import type { HubCallContext, HubLogger, HubPrincipal } from './hub.types.js';
import { OutgoingRecords, type TransportSink } from './transportSink.js';
import { HubTexts } from './hubMessages.js';
import {
  HANDSHAKE_OK,
  PING,
  RecordReader,
  closeRecord,
  completionError,
  handshakeError,
  parseClientMessage,
  parseHandshake,
  type ClientMessage,
} from './hubProtocol.js';
import { RateLimiter } from './rateLimiter.js';

/** What a connection needs from its hub. */
export interface ConnectionHost {
  readonly now: () => number;
  readonly logger: HubLogger;
  readonly maxMessageBytes: number;
  readonly maxMessagesPerSecond: number;
  countIn(): void;
  countOut(records: number): void;
  /** Runs an invocation; resolves to the completion record to send, or undefined for none. */
  invoke(ctx: HubCallContext, message: Extract<ClientMessage, { type: 'invocation' }>): Promise<string | undefined>;
  /** After a successful handshake request: joins the connection's groups. The handshake answer and invocations wait
   * for it. Never rejects; closes the connection itself when it cannot finish. */
  opened(connection: HubConnection): Promise<void>;
  /** Exactly once, when the connection is gone. */
  closed(connection: HubConnection): void;
}

/** `opening`: the handshake request was valid and the connection joins its groups; records for it are held back. */
export type ConnectionState = 'handshake' | 'opening' | 'open' | 'closed';

export interface TimeLimits {
  readonly keepAliveMs: number;
  readonly clientTimeoutMs: number;
  readonly handshakeTimeoutMs: number;
}

/** One logical SignalR connection: handshake, message dispatch, keep-alive and limits. */
export class HubConnection {
  /** Frozen context handed to hub methods and lifecycle callbacks. */
  readonly context: HubCallContext;
  /** Groups this connection is a member of on this process. */
  readonly groups = new Set<string>();
  private readonly reader: RecordReader;
  private readonly limiter: RateLimiter;
  private readonly createdAt: number;
  // The time stamps start as numbers, not as bare declarations: a bare class field starts as undefined, and V8 then
  // boxes every later time stamp in a new heap number – two per message and connection, each living until the next
  // message and so moved to the old generation. A field that starts as a number is updated in place.
  private lastReceived = 0;
  /** When anything was last written: a ping goes out only after keepAliveMs of silence, as ASP.NET Core does. */
  private lastSent = 0;
  private invocations: Promise<void> = Promise.resolve();
  /** Records sent to the connection while it joins its groups, written right after the handshake answer. */
  private held: OutgoingRecords[] = [];
  private disposed = false;
  private phase: ConnectionState = 'handshake';
  private completedHandshake = false;

  constructor(
    readonly connectionId: string,
    readonly principal: HubPrincipal,
    readonly sink: TransportSink,
    private readonly host: ConnectionHost,
    /** HubOptions.sessionOf of the opening request; only in the context handed to the application, never logged. */
    session?: string,
  ) {
    this.context = Object.freeze(session === undefined ? { connectionId, principal } : { connectionId, principal, session });
    const now = host.now();
    this.createdAt = now;
    this.lastReceived = now;
    this.lastSent = now;
    this.reader = new RecordReader(host.maxMessageBytes);
    this.limiter = new RateLimiter(host.maxMessagesPerSecond, now);
  }

  get state(): ConnectionState {
    return this.phase;
  }

  /** True once the handshake succeeded (onDisconnected is only reported for such connections). */
  get handshakeCompleted(): boolean {
    return this.completedHandshake;
  }

  /** Feeds text received from the transport. */
  receive(text: string): void {
    if (this.state === 'closed') return;
    this.lastReceived = this.host.now();
    const records = this.reader.push(text);
    if (records === 'overflow') {
      this.host.logger.warn({ connectionId: this.connectionId, principal: this.principal }, 'hub message too large');
      this.close(HubTexts.tooLarge, false, 1009);
      return;
    }
    for (const record of records) {
      // Any record may close the connection; a method call keeps TS from narrowing the phase.
      if (this.isClosed()) return;
      if (this.state === 'handshake') this.handshake(record);
      else this.handle(record);
    }
  }

  /** Writes a pre-serialised record if the connection is open; holds it back while the connection joins its groups. */
  send(record: string | OutgoingRecords): void {
    if (this.phase !== 'open') {
      if (this.phase === 'opening') this.held.push(typeof record === 'string' ? new OutgoingRecords(record) : record);
      return;
    }
    this.sink.send(typeof record === 'string' ? new OutgoingRecords(record) : record);
    this.lastSent = this.host.now();
    this.host.countOut(1);
  }

  /** Writes outside the open state (handshake answers, Close). */
  private write(text: string): void {
    this.sink.send(new OutgoingRecords(text));
  }

  /** Sends a Close message (after a completed handshake; a handshake error while joining groups) and ends the transport. */
  close(error: string | undefined, allowReconnect: boolean, code = 1000): void {
    if (this.state === 'closed') return;
    if (this.state === 'open') this.write(closeRecord(error, allowReconnect));
    // The client has no handshake answer yet, so a Close message would be read as one; its start (or reconnect
    // attempt) fails with this error instead, and a reconnecting client tries again.
    if (this.state === 'opening') this.write(handshakeError(error ?? HubTexts.unexpected));
    this.terminate(code);
  }

  /** Called by the transport when it ended from the other side. */
  transportEnded(): void {
    this.phase = 'closed';
    this.dispose();
  }

  /** Heartbeat: pings, client timeout and handshake timeout. Long polling has inherent keep-alive. */
  tick(now: number, limits: TimeLimits): void {
    if (this.state === 'handshake' && now - this.createdAt > limits.handshakeTimeoutMs) {
      this.write(handshakeError(HubTexts.handshakeTimeout));
      this.terminate(1000);
      return;
    }
    if (this.state !== 'open' || this.sink.kind === 'LongPolling') return;
    if (now - this.lastReceived > limits.clientTimeoutMs) {
      this.host.logger.info({ connectionId: this.connectionId, principal: this.principal }, 'hub client timeout');
      this.close(HubTexts.clientTimeout, true);
      return;
    }
    // Any frame keeps the client's server timeout from running out, so a busy connection needs no ping – and the
    // pings of thousands of connections never pile up into one tick's burst of writes.
    if (now - this.lastSent >= limits.keepAliveMs) {
      this.send(PING);
    }
  }

  private isClosed(): boolean {
    return this.phase === 'closed';
  }

  /** Ends the transport and reports the connection gone. */
  private terminate(code: number): void {
    this.phase = 'closed';
    this.sink.end(code);
    this.dispose();
  }

  private dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.host.closed(this);
  }

  private handshake(record: string): void {
    const request = parseHandshake(record);
    const error =
      request === null
        ? HubTexts.invalidMessage
        : request.protocol !== 'json'
          ? HubTexts.unsupportedProtocol(request.protocol)
          : request.version < 1 || request.version > 2
            ? HubTexts.unsupportedVersion(request.protocol, request.version)
            : undefined;
    if (error !== undefined) {
      this.host.logger.warn({ connectionId: this.connectionId, principal: this.principal }, 'hub handshake rejected');
      this.write(handshakeError(error));
      this.terminate(1000);
      return;
    }
    // The handshake is answered once the connection is in its groups: when the client's start or reconnect resolves,
    // every message to its chats reaches it (a reconnected console missed one sent in between on PostgreSQL + Redis,
    // where joining takes a query and a SUBSCRIBE). What is sent to it meanwhile follows the answer, in order.
    this.phase = 'opening';
    this.completedHandshake = true;
    this.invocations = this.host.opened(this).then(() => this.finishOpening());
  }

  private finishOpening(): void {
    if (this.phase !== 'opening') return;
    this.phase = 'open';
    this.write(HANDSHAKE_OK);
    const held = this.held;
    this.held = [];
    for (const records of held) this.send(records);
  }

  private handle(record: string): void {
    this.host.countIn();
    const message = parseClientMessage(record);
    if (message === null) {
      this.host.logger.warn({ connectionId: this.connectionId, principal: this.principal }, 'hub protocol violation');
      this.close(HubTexts.invalidMessage, false);
      return;
    }
    // Every record but the client's Close takes from the bucket: pings, ignored types and malformed invocations were
    // parsed (a malformed one answered) without limit and never counted as flooding.
    switch (message.type) {
      case 'ping':
      case 'ignored':
        this.admit(undefined);
        return;
      case 'close':
        this.terminate(1000);
        return;
      case 'invalid':
        if (this.admit(message.invocationId) && message.invocationId !== undefined)
          this.send(completionError(message.invocationId, HubTexts.invalidInvocation));
        return;
      case 'streamInvocation':
        if (this.admit(message.invocationId)) this.send(completionError(message.invocationId, HubTexts.streaming));
        return;
      case 'invocation':
        if (this.admit(message.invocationId)) this.enqueue(message);
        return;
    }
  }

  /** Applies the rate limit; answers a rejected blocking call, closes on abuse. */
  private admit(invocationId: string | undefined): boolean {
    const decision = this.limiter.take(this.host.now());
    if (decision === 'allow') return true;
    this.host.logger.warn({ connectionId: this.connectionId, principal: this.principal, decision }, 'hub rate limit');
    if (decision === 'abuse') this.close(HubTexts.abuse, false, 1008);
    else if (invocationId !== undefined) this.send(completionError(invocationId, HubTexts.rateLimited));
    return false;
  }

  /** Invocations of one connection run one at a time, in order (as ASP.NET's default). */
  private enqueue(message: Extract<ClientMessage, { type: 'invocation' }>): void {
    this.invocations = this.invocations.then(async () => {
      if (this.state !== 'open') return;
      const reply = await this.host.invoke(this.context, message);
      if (reply !== undefined) this.send(reply);
    });
  }
}
