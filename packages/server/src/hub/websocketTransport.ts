import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { HubConnection } from './hubConnection.js';
import type { HubLogger } from './hub.types.js';
import type { TransportHost } from './transportHost.js';
import type { TransportSink } from './transportSink.js';
import { rejectUpgrade } from './httpUtil.js';

/** A client that lets this much unsent data pile up is too slow and gets dropped. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const CLOSE_GRACE_MS = 5000;

/** WebSockets transport on `ws` in noServer mode; frames above maxMessageBytes close with 1009. */
export class WebSocketTransport {
  private readonly server: WebSocketServer;

  constructor(private readonly host: TransportHost) {
    this.server = new WebSocketServer({ noServer: true, maxPayload: host.maxMessageBytes, perMessageDeflate: false });
  }

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): Promise<void> {
    socket.on('error', destroySocket);
    const admission = token === null ? await this.host.admitWithoutNegotiation(req) : await this.host.admit(req, token);
    if (!admission.ok) {
      rejectUpgrade(socket, admission.status, admission.reason, admission.code, admission.message);
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => listen(ws, this.host.open(admission.claims, webSocketSink(ws), req), this.host.logger));
  }

  close(): void {
    this.server.close();
  }
}

/**
 * The socket's error listener, which lives as long as the socket. A function of its own rather than an arrow inside
 * `upgrade`: such an arrow shares `upgrade`'s scope, and with it the request the upgrade callback reads (headers, cookies),
 * for the whole life of the connection – measured as 2,000 retained requests at 2,000 connections.
 */
function destroySocket(this: Duplex): void {
  this.destroy();
}

/**
 * The socket's listeners for the connection's whole life. Made here, away from `upgrade`, so that their closures hold
 * only the connection: created inside `upgrade`, they would keep its request (headers, cookies), the socket handed to
 * it and the admission alive for as long as the connection lasts – kilobytes per connection.
 */
function listen(ws: WebSocket, connection: HubConnection, logger: HubLogger): void {
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) connection.close(undefined, false, 1003);
    else connection.receive(data.toString('utf8'));
  });
  ws.on('close', () => connection.transportEnded());
  ws.on('error', (err) => logger.warn({ connectionId: connection.connectionId, err: err.message }, 'websocket error'));
}

/**
 * Batched socket writes: records for one socket that arise in the same burst of work (a
 * message's completion and its DistributeMessage echo, everything a group commit releases)
 * go out as one frame – SignalR allows several records per frame – and one write system call.
 * The flush runs on process.nextTick, i.e. once the current callback and every promise job it
 * queued are done, so nothing waits for another event-loop turn.
 */
class WriteBatcher {
  private readonly pending = new Map<WebSocket, Buffer[]>();
  private scheduled = false;

  add(ws: WebSocket, bytes: Buffer): void {
    const queued = this.pending.get(ws);
    if (queued === undefined) this.pending.set(ws, [bytes]);
    else queued.push(bytes);
    if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(() => this.flushAll());
    }
  }

  /** Writes what is queued for `ws` now (before a Close frame, which must come last). */
  flush(ws: WebSocket): void {
    const queued = this.pending.get(ws);
    if (queued === undefined) return;
    this.pending.delete(ws);
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    // A group fan-out hands every socket the same Buffer: a single record is written without a copy.
    ws.send(queued.length === 1 ? (queued[0] as Buffer) : Buffer.concat(queued), { binary: false });
  }

  private flushAll(): void {
    this.scheduled = false;
    for (const ws of [...this.pending.keys()]) this.flush(ws);
  }
}

const batcher = new WriteBatcher();

function webSocketSink(ws: WebSocket): TransportSink {
  return {
    kind: 'WebSockets',
    send(payload) {
      if (ws.readyState !== ws.OPEN) return;
      batcher.add(ws, payload.bytes);
    },
    end(code = 1000) {
      batcher.flush(ws);
      if (ws.readyState === ws.CLOSED) return;
      ws.close(code);
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    },
  };
}
