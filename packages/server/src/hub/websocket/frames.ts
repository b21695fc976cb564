// Server frames (RFC 6455, 5.2): unmasked, unfragmented, no extension.

/** Below this size a frame is written as one buffer (a copy); above, header and payload go out together via writev. */
const COPY_LIMIT = 16 * 1024;

const enum Opcode {
  Text = 0x1,
  Close = 0x8,
  Pong = 0xa,
}

function header(opcode: number, length: number, extra: number): { bytes: Buffer; at: number } {
  const size = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const bytes = Buffer.allocUnsafe(size + extra);
  bytes[0] = 0x80 | opcode;
  if (length < 126) bytes[1] = length;
  else if (length < 0x10000) {
    bytes[1] = 126;
    bytes.writeUInt16BE(length, 2);
  } else {
    bytes[1] = 127;
    bytes.writeUInt32BE(0, 2);
    bytes.writeUInt32BE(length, 6);
  }
  return { bytes, at: size };
}

/** A frame as the buffers to write: one for small payloads, header and payload (shared, not copied) for large ones. */
export function frame(opcode: number, payload: Buffer): Buffer[] {
  if (payload.length >= COPY_LIMIT) return [header(opcode, payload.length, 0).bytes, payload];
  const { bytes, at } = header(opcode, payload.length, payload.length);
  payload.copy(bytes, at);
  return [bytes];
}

export const textFrame = (payload: Buffer): Buffer[] => frame(Opcode.Text, payload);

export const pongFrame = (payload: Buffer): Buffer[] => frame(Opcode.Pong, payload);

/** A Close frame with `code`; 1005 ("no status") is never sent, so it becomes an empty Close. */
export function closeFrame(code: number): Buffer[] {
  if (code === 1005) return frame(Opcode.Close, Buffer.alloc(0));
  const payload = Buffer.allocUnsafe(2);
  payload.writeUInt16BE(code, 0);
  return frame(Opcode.Close, payload);
}
