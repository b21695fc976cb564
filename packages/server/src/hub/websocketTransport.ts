import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ServerWebSocket } from './websocket/serverWebSocket.js';
import { handshakeProblem, switchingProtocols } from './websocket/handshake.js';
import type { ConnectionTokenClaims } from './connectionToken.js';
import type { TransportHost } from './transportHost.js';
import type { TransportSink } from './transportSink.js';
import { clientWentAway } from './clientWentAway.js';
import { rejectUpgrade } from './httpUtil.js';

/** A client that lets this much unsent data pile up is too slow and gets dropped. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** WebSockets transport on our own RFC 6455 implementation (`websocket/`); messages above maxMessageBytes close with 1009. */
export class WebSocketTransport {
  constructor(private readonly host: TransportHost) {}

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): Promise<void> {
    socket.on('error', destroySocket);
    const admission = token === null ? await this.host.admitWithoutNegotiation(req) : await this.host.admit(req, token);
    if (!admission.ok) {
      rejectUpgrade(socket, admission.status, admission.reason, admission.code, admission.message);
      return;
    }
    const problem = handshakeProblem(req);
    if (problem !== null) {
      this.host.abandon(admission.claims);
      rejectUpgrade(socket, problem.status, problem.status === 405 ? 'Method Not Allowed' : 'Bad Request', 'InvalidHandshake', problem.message);
      return;
    }
    // The client may have gone while the admission was checked.
    if (!socket.readable || !socket.writable) {
      this.host.abandon(admission.claims);
      socket.destroy();
      return;
    }
    socket.removeListener('error', destroySocket);
    socket.write(switchingProtocols(req));
    accept(socket as Socket, head, this.host, admission.claims, req);
  }
}

/** Wires an accepted socket to a new hub connection; in a function of its own so that no closure keeps `upgrade`'s scope. */
function accept(socket: Socket, head: Buffer, host: TransportHost, claims: ConnectionTokenClaims, req: IncomingMessage): void {
  const ws = new ServerWebSocket(socket, host.maxMessageBytes, MAX_BUFFERED_BYTES);
  const connection = host.open(claims, webSocketSink(ws), req);
  ws.listen({
    text: (text) => connection.receive(text),
    binary: () => connection.close(undefined, false, 1003),
    ended: () => connection.transportEnded(),
    error: (err) =>
      clientWentAway(err)
        ? host.logger.debug?.({ connectionId: connection.connectionId, err: err.message }, 'websocket client gone')
        : host.logger.warn({ connectionId: connection.connectionId, err: err.message }, 'websocket error'),
  });
  if (head.length > 0) ws.receive(Buffer.from(head));
}

/**
 * The socket's error listener while the upgrade is checked (the accepted WebSocket brings its own). A function of its
 * own rather than an arrow inside `upgrade`: such an arrow shares `upgrade`'s scope, and with it the request (headers,
 * cookies), which is what kept 2,000 requests alive at 2,000 connections while `ws` left this listener in place.
 */
function destroySocket(this: Duplex): void {
  this.destroy();
}

/**
 * Batched socket writes: records for one socket that arise in the same burst of work (a
 * message's completion and its DistributeMessage echo, everything a group commit releases)
 * go out as one frame – SignalR allows several records per frame – and one write system call.
 * The flush runs on process.nextTick, i.e. once the current callback and every promise job it
 * queued are done, so nothing waits for another event-loop turn.
 */
class WriteBatcher {
  private readonly pending = new Map<ServerWebSocket, Buffer[]>();
  private scheduled = false;

  add(ws: ServerWebSocket, bytes: Buffer): void {
    const queued = this.pending.get(ws);
    if (queued === undefined) this.pending.set(ws, [bytes]);
    else queued.push(bytes);
    if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(() => this.flushAll());
    }
  }

  /** Writes what is queued for `ws` now (before a Close frame, which must come last). */
  flush(ws: ServerWebSocket): void {
    const queued = this.pending.get(ws);
    if (queued === undefined) return;
    this.pending.delete(ws);
    if (ws.state !== 'open') return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(queued.length === 1 ? (queued[0] as Buffer) : Buffer.concat(queued));
  }

  private flushAll(): void {
    this.scheduled = false;
    for (const ws of [...this.pending.keys()]) this.flush(ws);
  }
}

const batcher = new WriteBatcher();

function webSocketSink(ws: ServerWebSocket): TransportSink {
  return {
    kind: 'WebSockets',
    send(payload) {
      if (ws.state !== 'open') return;
      batcher.add(ws, payload.bytes);
    },
    end(code = 1000) {
      batcher.flush(ws);
      // Close, then the peer's Close and TCP end; the socket is cut if they do not come within 5 s.
      ws.close(code);
    },
  };
}
