// RFC 6455 frames from a client, parsed incrementally from socket chunks (section 5).
// Why our own and not ws's receiver: a hub connection receives one small frame a second, and ws's
// Writable-stream receiver replaces per-connection state on every frame that then lives until the
// next one – with thousands of connections that was about 40 % of what each young GC promoted
// (docs/performance.md, "What drives the hub's figures"). Here a complete frame in one chunk is
// unmasked in place and handed on as a view of that chunk; only split frames are copied.
import { isUtf8 } from 'node:buffer';

/** Close codes this side sends when the peer breaks the protocol (RFC 6455, 7.4.1). */
export const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  unsupportedData: 1003,
  noStatus: 1005,
  invalidPayload: 1007,
  policyViolation: 1008,
  tooBig: 1009,
} as const;

export interface FrameHandlers {
  /** A whole data message, unmasked: text (opcode 1) or binary (2). The buffer may be a view of a socket chunk. */
  message(payload: Buffer, isText: boolean): void;
  /** A ping's payload (a copy), to be echoed in a pong. */
  ping(payload: Buffer): void;
  /** The peer's Close frame: its code (1005 when it carried none) and reason. */
  close(code: number, reason: string): void;
  /** The peer broke the protocol: the connection must fail with this close code. */
  fail(code: number, reason: string): void;
}

const enum Opcode {
  Continuation = 0x0,
  Text = 0x1,
  Binary = 0x2,
  Close = 0x8,
  Ping = 0x9,
  Pong = 0xa,
}

/** Whether a Close frame may carry this code (RFC 6455, 7.4.1–7.4.2: 1004–1006 and 1015 are never sent). */
export function isValidCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
}

/**
 * Parses client frames: every frame must be masked, control frames short and unfragmented, reserved
 * bits clear (no extension is negotiated), and a message – all its fragments together – at most
 * `maxMessageBytes` long, which is checked from the frame header before its payload is buffered.
 * After `fail` or `close` it reads nothing more.
 */
export class FrameParser {
  /** Chunks of an incomplete frame, kept until `needed` bytes are there. */
  private chunks: Buffer[] = [];
  private buffered = 0;
  private needed = 0;
  /** Fragments of a message whose last frame has not arrived yet. */
  private fragmented = false;
  private fragments: Buffer[] = [];
  private fragmentBytes = 0;
  private fragmentedText = false;
  private stopped = false;

  constructor(
    private readonly maxMessageBytes: number,
    private readonly handlers: FrameHandlers,
  ) {}

  /** Reads a chunk from the socket. The parser may unmask it in place: the chunk must be the caller's to change. */
  push(chunk: Buffer): void {
    if (this.stopped || chunk.length === 0) return;
    if (this.buffered === 0) {
      this.keepRest(chunk, this.parse(chunk));
      return;
    }
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.needed) return;
    const joined = Buffer.concat(this.chunks, this.buffered);
    this.chunks = [];
    this.buffered = 0;
    this.keepRest(joined, this.parse(joined));
  }

  /** Reads nothing more (the connection is closing). */
  stop(): void {
    this.stopped = true;
    this.chunks = [];
    this.buffered = 0;
    this.fragmented = false;
    this.fragments = [];
  }

  private keepRest(buffer: Buffer, offset: number): void {
    if (this.stopped || offset >= buffer.length) return;
    // A copy: a view would keep the whole socket chunk (up to 64 KiB) alive until the frame is complete.
    const rest = Buffer.from(buffer.subarray(offset));
    this.chunks = [rest];
    this.buffered = rest.length;
  }

  /** Handles every complete frame from `offset` on; answers where the first incomplete frame starts. */
  private parse(buffer: Buffer): number {
    let offset = 0;
    while (!this.stopped) {
      const available = buffer.length - offset;
      if (available < 2) {
        this.needed = 2;
        return offset;
      }
      const first = buffer[offset] as number;
      const second = buffer[offset + 1] as number;
      const fin = (first & 0x80) !== 0;
      const opcode = first & 0x0f;
      if ((first & 0x70) !== 0) return this.fail(CloseCode.protocolError, 'Reservierte Bits sind gesetzt.');
      if ((second & 0x80) === 0) return this.fail(CloseCode.protocolError, 'Frames des Clients müssen maskiert sein.');
      const shortLength = second & 0x7f;
      const headerLength = 2 + (shortLength === 126 ? 2 : shortLength === 127 ? 8 : 0) + 4;
      if (available < headerLength) {
        this.needed = headerLength;
        return offset;
      }
      let length = shortLength;
      if (shortLength === 126) length = buffer.readUInt16BE(offset + 2);
      else if (shortLength === 127) {
        const high = buffer.readUInt32BE(offset + 2);
        if (high >= 0x80000000) return this.fail(CloseCode.protocolError, 'Ungültige Frame-Länge.');
        // 2^32 bytes or more are far above any message limit.
        if (high !== 0) return this.fail(CloseCode.tooBig, 'Die Nachricht ist zu groß.');
        length = buffer.readUInt32BE(offset + 6);
      }
      const refusal = this.checkHeader(opcode, fin, length);
      if (refusal !== null) return this.fail(refusal.code, refusal.reason);
      if (available < headerLength + length) {
        this.needed = headerLength + length;
        return offset;
      }
      const start = offset + headerLength;
      const end = start + length;
      unmask(buffer, start - 4, start, end);
      this.handleFrame(opcode, fin, buffer.subarray(start, end));
      offset = end;
    }
    return buffer.length;
  }

  private checkHeader(opcode: number, fin: boolean, length: number): { code: number; reason: string } | null {
    if (opcode >= 0x8) {
      if (opcode > Opcode.Pong) return { code: CloseCode.protocolError, reason: 'Unbekannter Opcode.' };
      if (!fin || length > 125) return { code: CloseCode.protocolError, reason: 'Ungültiger Steuer-Frame.' };
      return null;
    }
    if (opcode > Opcode.Binary) return { code: CloseCode.protocolError, reason: 'Unbekannter Opcode.' };
    const continuing = this.fragmented;
    if (opcode === Opcode.Continuation && !continuing) return { code: CloseCode.protocolError, reason: 'Fortsetzung ohne Anfang.' };
    if (opcode !== Opcode.Continuation && continuing) return { code: CloseCode.protocolError, reason: 'Neue Nachricht vor dem Ende der vorigen.' };
    if (this.fragmentBytes + length > this.maxMessageBytes) return { code: CloseCode.tooBig, reason: 'Die Nachricht ist zu groß.' };
    return null;
  }

  private handleFrame(opcode: number, fin: boolean, payload: Buffer): void {
    switch (opcode) {
      case Opcode.Text:
      case Opcode.Binary:
        if (fin) this.handlers.message(payload, opcode === Opcode.Text);
        else this.startFragments(payload, opcode === Opcode.Text);
        return;
      case Opcode.Continuation:
        // Empty fragments are not kept: a stream of them would otherwise grow the list without growing the message.
        if (payload.length > 0) this.fragments.push(payload);
        this.fragmentBytes += payload.length;
        if (fin) this.finishFragments();
        return;
      case Opcode.Ping:
        this.handlers.ping(Buffer.from(payload));
        return;
      case Opcode.Pong:
        return;
      default:
        this.handleClose(payload);
    }
  }

  private startFragments(payload: Buffer, isText: boolean): void {
    this.fragmented = true;
    this.fragments = [payload];
    this.fragmentBytes = payload.length;
    this.fragmentedText = isText;
  }

  private finishFragments(): void {
    const message = Buffer.concat(this.fragments, this.fragmentBytes);
    this.fragmented = false;
    this.fragments = [];
    this.fragmentBytes = 0;
    this.handlers.message(message, this.fragmentedText);
  }

  private handleClose(payload: Buffer): void {
    const code = payload.length === 0 ? CloseCode.noStatus : payload.length >= 2 ? payload.readUInt16BE(0) : 0;
    const reason = payload.subarray(2);
    if (payload.length > 0 && !isValidCloseCode(code)) this.fail(CloseCode.protocolError, 'Ungültiger Schließcode.');
    else if (!isUtf8(reason)) this.fail(CloseCode.invalidPayload, 'Der Schließgrund ist kein gültiges UTF-8.');
    else {
      this.stop();
      this.handlers.close(code, reason.toString('utf8'));
    }
  }

  private fail(code: number, reason: string): number {
    if (this.stopped) return 0;
    this.stop();
    this.handlers.fail(code, reason);
    return 0;
  }
}

/** XORs the payload in place with the 4-byte masking key at `keyAt` (RFC 6455, 5.3). */
function unmask(buffer: Buffer, keyAt: number, start: number, end: number): void {
  const k0 = buffer[keyAt] as number;
  const k1 = buffer[keyAt + 1] as number;
  const k2 = buffer[keyAt + 2] as number;
  const k3 = buffer[keyAt + 3] as number;
  let i = start;
  for (; i + 3 < end; i += 4) {
    buffer[i] = (buffer[i] as number) ^ k0;
    buffer[i + 1] = (buffer[i + 1] as number) ^ k1;
    buffer[i + 2] = (buffer[i + 2] as number) ^ k2;
    buffer[i + 3] = (buffer[i + 3] as number) ^ k3;
  }
  if (i < end) buffer[i] = (buffer[i] as number) ^ k0;
  if (i + 1 < end) buffer[i + 1] = (buffer[i + 1] as number) ^ k1;
  if (i + 2 < end) buffer[i + 2] = (buffer[i + 2] as number) ^ k2;
}
