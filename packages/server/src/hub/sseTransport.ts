import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TransportHost } from './transportHost.js';
import type { TransportSink } from './transportSink.js';
import { sendError } from './httpUtil.js';

/** A client that lets this much unsent data pile up is too slow and gets dropped. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Server-Sent Events: server → client on a held GET; client → server arrives as POSTs
 * handled by the HTTP dispatcher. State lives on the process holding the stream.
 */
export async function startServerSentEvents(host: TransportHost, req: IncomingMessage, res: ServerResponse, token: string | null): Promise<void> {
  const admission = await host.admit(req, token);
  if (!admission.ok) {
    sendError(res, admission.status, admission.code, admission.message);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache, no-store',
    Pragma: 'no-cache',
    'Content-Encoding': 'identity',
    'X-Accel-Buffering': 'no',
  });
  req.socket.setNoDelay(true);
  // A leading comment makes browsers fire `open` without waiting for the first event.
  res.write(':\r\n');
  const sink = serverSentEventsSink(res);
  const connection = host.open(admission.claims, sink, req);
  // Admission authenticated this request as the connection's principal; its POSTs present the same cookie.
  host.rememberPrincipal(req, sink);
  res.on('close', () => connection.transportEnded());
}

function serverSentEventsSink(res: ServerResponse): TransportSink {
  return {
    kind: 'ServerSentEvents',
    send(payload) {
      if (res.writableEnded) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        res.destroy();
        return;
      }
      const lines = payload.text.split('\n').map((line) => `data: ${line.replace(/\r$/, '')}\r\n`);
      res.write(`${lines.join('')}\r\n`);
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
}
