import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TransportHost } from './transport-host.js';
import type { TransportSink } from './transport-sink.js';
import { rejectUpgrade } from './http-util.js';

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
    socket.on('error', () => socket.destroy());
    const admission = token === null ? await this.host.admitWithoutNegotiation(req) : await this.host.admit(req, token);
    if (!admission.ok) {
      rejectUpgrade(socket, admission.status, admission.reason, admission.code, admission.message);
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => {
      const connection = this.host.open(admission.claims, webSocketSink(ws), req);
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) connection.close(undefined, false, 1003);
        else connection.receive(data.toString('utf8'));
      });
      ws.on('close', () => connection.transportEnded());
      ws.on('error', (err) => this.host.logger.warn({ connectionId: connection.connectionId, err: err.message }, 'websocket error'));
    });
  }

  close(): void {
    this.server.close();
  }
}

function webSocketSink(ws: WebSocket): TransportSink {
  return {
    kind: 'WebSockets',
    send(payload) {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        return;
      }
      ws.send(payload.bytes, { binary: false });
    },
    end(code = 1000) {
      if (ws.readyState === ws.CLOSED) return;
      ws.close(code);
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    },
  };
}
