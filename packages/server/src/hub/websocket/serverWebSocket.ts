// One accepted WebSocket on its TCP socket: frames in (frameParser.ts), frames out (frames.ts),
// ping → pong, and the closing handshake (RFC 6455, 7). Text messages must be valid UTF-8 (else 1007).
import type { Socket } from 'node:net';
import { isUtf8 } from 'node:buffer';
import { CloseCode, FrameParser } from './frameParser.js';
import { closeFrame, pongFrame, textFrame } from './frames.js';

export interface WebSocketEvents {
  /** A whole text message, decoded. */
  text(text: string): void;
  /** A binary message (the hub speaks only text). */
  binary(): void;
  /** The TCP connection is gone, whichever side ended it. Called once. */
  ended(): void;
  /** A socket error (the connection is then torn down). */
  error(err: Error): void;
}

type State = 'open' | 'closing' | 'closed';

const IGNORED: WebSocketEvents = { text: () => undefined, binary: () => undefined, ended: () => undefined, error: () => undefined };

/** How long a closing connection waits for the peer's Close and its end of TCP before it cuts the socket. */
const CLOSE_TIMEOUT_MS = 5000;

export class ServerWebSocket {
  private phase: State = 'open';
  private closeTimer: NodeJS.Timeout | undefined;
  private readonly parser: FrameParser;
  private events: WebSocketEvents = IGNORED;

  constructor(
    private readonly socket: Socket,
    maxMessageBytes: number,
    /** Unsent bytes beyond which a client that keeps pinging is dropped (the hub's limit for slow readers). */
    private readonly maxBufferedBytes: number,
  ) {
    this.parser = new FrameParser(maxMessageBytes, {
      message: (payload, isText) => (isText ? this.handleText(payload) : this.events.binary()),
      ping: (payload) => this.handlePing(payload),
      close: (code) => this.handlePeerClose(code),
      fail: (code) => this.fail(code),
    });
    socket.setTimeout(0);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.parser.push(chunk));
    socket.on('end', () => this.handleEnd());
    socket.on('close', () => this.handleClose());
    socket.on('error', (err: Error) => this.handleError(err));
  }

  /** Whom to tell about messages and the end; set before the caller returns to the event loop, so nothing is missed. */
  listen(events: WebSocketEvents): void {
    this.events = events;
  }

  get state(): State {
    return this.phase;
  }

  /** Bytes written but not yet handed to the kernel. */
  get bufferedAmount(): number {
    return this.socket.writableLength;
  }

  /** Feeds bytes that arrived with the upgrade request, before any 'data' event. */
  receive(chunk: Buffer): void {
    this.parser.push(chunk);
  }

  /** Sends one text message (UTF-8 bytes). */
  send(payload: Buffer): void {
    if (this.phase !== 'open') return;
    this.write(textFrame(payload));
  }

  /** Starts the closing handshake: sends Close with `code`, reads nothing more, and cuts TCP if the peer does not answer. */
  close(code: number = CloseCode.normal): void {
    if (this.phase !== 'open') return;
    this.phase = 'closing';
    this.parser.stop();
    this.write(closeFrame(code));
    this.closeTimer = setTimeout(() => this.terminate(), CLOSE_TIMEOUT_MS);
    this.closeTimer.unref();
  }

  /** Cuts the TCP connection at once. */
  terminate(): void {
    this.socket.destroy();
  }

  private handleText(payload: Buffer): void {
    if (!isUtf8(payload)) {
      this.fail(CloseCode.invalidPayload);
      return;
    }
    this.events.text(payload.toString('utf8'));
  }

  private handlePing(payload: Buffer): void {
    if (this.phase !== 'open') return;
    // A client that sends pings but reads none of the pongs would pile them up in our memory.
    if (this.socket.writableLength > this.maxBufferedBytes) {
      this.terminate();
      return;
    }
    this.write(pongFrame(payload));
  }

  /** The peer's Close: answered with the same code, then our end of TCP. */
  private handlePeerClose(code: number): void {
    if (this.phase === 'open') {
      this.phase = 'closing';
      this.write(closeFrame(code));
    }
    this.socket.end();
    this.closeTimer ??= setTimeout(() => this.terminate(), CLOSE_TIMEOUT_MS).unref();
  }

  /** The peer broke the protocol: Close with `code`, then end TCP (RFC 6455, 7.1.7). */
  private fail(code: number): void {
    this.close(code);
    this.socket.end();
  }

  private handleEnd(): void {
    // The peer ended TCP without (or after) its Close: end ours too.
    this.parser.stop();
    this.socket.end();
  }

  private handleClose(): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    this.parser.stop();
    if (this.closeTimer !== undefined) clearTimeout(this.closeTimer);
    this.events.ended();
  }

  private handleError(err: Error): void {
    this.events.error(err);
    this.socket.destroy();
  }

  private write(buffers: Buffer[]): void {
    if (this.socket.destroyed || !this.socket.writable) return;
    if (buffers.length === 1) {
      this.socket.write(buffers[0] as Buffer);
      return;
    }
    this.socket.cork();
    for (const buffer of buffers) this.socket.write(buffer);
    this.socket.uncork();
  }
}
