// The server side of the WebSocket opening handshake (RFC 6455, 4.2), checked as ws@8 checks it.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const KEY = /^[+/0-9A-Za-z]{22}==$/;

/** What is wrong with an upgrade request, or null when it is a valid WebSocket opening handshake. */
export function handshakeProblem(req: IncomingMessage): { status: number; message: string } | null {
  if (req.method !== 'GET') return { status: 405, message: 'Nur GET kann eine WebSocket-Verbindung öffnen.' };
  if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') return { status: 400, message: 'Der Upgrade-Header ist ungültig.' };
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || !KEY.test(key)) return { status: 400, message: 'Der Sec-WebSocket-Key fehlt oder ist ungültig.' };
  const version = req.headers['sec-websocket-version'];
  if (version !== '13' && version !== '8') return { status: 400, message: 'Die WebSocket-Version wird nicht unterstützt.' };
  return null;
}

/** The 101 answer to a checked handshake. No subprotocol and no extension are agreed (SignalR asks for none). */
export function switchingProtocols(req: IncomingMessage): string {
  const accept = createHash('sha1')
    .update(`${String(req.headers['sec-websocket-key'])}${ACCEPT_GUID}`)
    .digest('base64');
  return `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`;
}
