import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FrameParser, isValidCloseCode } from '../../src/hub/websocket/frameParser.js';
import { closeFrame, textFrame } from '../../src/hub/websocket/frames.js';

/** A client frame as RFC 6455 wants it: masked with `key`. */
function clientFrame(
  opcode: number,
  payload: Buffer,
  options: { fin?: boolean; key?: number[]; rsv?: number; masked?: boolean; lengthBytes?: 0 | 2 | 8 } = {},
): Buffer {
  const { fin = true, key = [0x11, 0x22, 0x33, 0x44], rsv = 0, masked = true } = options;
  const lengthBytes = options.lengthBytes ?? (payload.length < 126 ? 0 : payload.length < 0x10000 ? 2 : 8);
  const head = Buffer.alloc(2 + lengthBytes + (masked ? 4 : 0));
  head[0] = (fin ? 0x80 : 0) | rsv | opcode;
  head[1] = (masked ? 0x80 : 0) | (lengthBytes === 0 ? payload.length : lengthBytes === 2 ? 126 : 127);
  if (lengthBytes === 2) head.writeUInt16BE(payload.length, 2);
  if (lengthBytes === 8) head.writeBigUInt64BE(BigInt(payload.length), 2);
  if (!masked) return Buffer.concat([head, payload]);
  Buffer.from(key).copy(head, 2 + lengthBytes);
  const body = Buffer.from(payload.map((byte, i) => byte ^ (key[i % 4] as number)));
  return Buffer.concat([head, body]);
}

const text = (value: string, options?: Parameters<typeof clientFrame>[2]) => clientFrame(0x1, Buffer.from(value, 'utf8'), options);

interface Seen {
  messages: { text: string; isText: boolean }[];
  pings: string[];
  closes: { code: number; reason: string }[];
  failures: number[];
}

function parserFor(maxMessageBytes = 1024): { parser: FrameParser; seen: Seen } {
  const seen: Seen = { messages: [], pings: [], closes: [], failures: [] };
  const parser = new FrameParser(maxMessageBytes, {
    message: (payload, isText) => seen.messages.push({ text: payload.toString('utf8'), isText }),
    ping: (payload) => seen.pings.push(payload.toString('utf8')),
    close: (code, reason) => seen.closes.push({ code, reason }),
    fail: (code) => seen.failures.push(code),
  });
  return { parser, seen };
}

function feed(bytes: Buffer, maxMessageBytes?: number): Seen {
  const { parser, seen } = parserFor(maxMessageBytes);
  parser.push(Buffer.from(bytes));
  return seen;
}

describe('WebSocket frame parser (RFC 6455, client to server)', () => {
  it('should hand on every message in order however the stream is split, fragmented, masked and mixed with pings', () => {
    const message = fc.record({
      text: fc.string({ unit: 'grapheme', maxLength: 300 }),
      pieces: fc.integer({ min: 1, max: 4 }),
      key: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
      pingBefore: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 20 }),
        (messages, cuts) => {
          const frames: Buffer[] = [];
          for (const [index, { text: value, pieces, key, pingBefore }] of messages.entries()) {
            if (pingBefore) frames.push(clientFrame(0x9, Buffer.from(`p${index}`), { key }));
            const bytes = Buffer.from(value, 'utf8');
            const size = Math.ceil(bytes.length / pieces) || 1;
            const parts =
              pieces === 1 || bytes.length === 0
                ? [bytes]
                : Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
            parts.forEach((part, i) => {
              // A ping may come between the fragments of a message.
              if (i === 1) frames.push(clientFrame(0x9, Buffer.from('mid'), { key }));
              frames.push(clientFrame(i === 0 ? 0x1 : 0x0, part, { fin: i === parts.length - 1, key }));
            });
          }
          const stream = Buffer.concat(frames);
          const { parser, seen } = parserFor(64 * 1024);
          let at = 0;
          for (let i = 0; at < stream.length; i += 1) {
            const next = Math.min(stream.length, at + (cuts[i % cuts.length] as number));
            parser.push(Buffer.from(stream.subarray(at, next)));
            at = next;
          }
          expect(seen.failures).toEqual([]);
          expect(seen.messages).toEqual(messages.map((m) => ({ text: m.text, isText: true })));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should read 16-bit and 64-bit lengths and several frames in one chunk', () => {
    const long = 'ü'.repeat(200);
    const seen = feed(Buffer.concat([text('a'), text(long), text('b', { lengthBytes: 8 }), clientFrame(0x2, Buffer.from([1, 2]))]));
    expect(seen.messages).toEqual([
      { text: 'a', isText: true },
      { text: long, isText: true },
      { text: 'b', isText: true },
      { text: '\u0001\u0002', isText: false },
    ]);
  });

  it('should fail with 1002 on an unmasked frame, reserved bits, unknown opcodes and a 64-bit length with the top bit set', () => {
    expect(feed(text('x', { masked: false })).failures).toEqual([1002]);
    expect(feed(text('x', { rsv: 0x40 })).failures).toEqual([1002]);
    expect(feed(clientFrame(0x3, Buffer.from('x'))).failures).toEqual([1002]);
    expect(feed(clientFrame(0xb, Buffer.from('x'))).failures).toEqual([1002]);
    const huge = text('x', { lengthBytes: 8 });
    huge[2] = 0x80;
    expect(feed(huge).failures).toEqual([1002]);
  });

  it('should fail with 1002 on a fragmented or long control frame and on continuations out of place', () => {
    expect(feed(clientFrame(0x9, Buffer.from('x'), { fin: false })).failures).toEqual([1002]);
    expect(feed(clientFrame(0x9, Buffer.alloc(126))).failures).toEqual([1002]);
    expect(feed(clientFrame(0x0, Buffer.from('x'))).failures).toEqual([1002]);
    expect(feed(Buffer.concat([text('a', { fin: false }), text('b')])).failures).toEqual([1002]);
  });

  it('should fail with 1009 from the header alone when a message, or its fragments together, exceed the limit', () => {
    const { parser, seen } = parserFor(100);
    // Only the header of a 5,000-byte frame: the verdict must not wait for (or buffer) the payload.
    parser.push(clientFrame(0x1, Buffer.alloc(5000, 0x61)).subarray(0, 8));
    expect(seen.failures).toEqual([1009]);
    expect(feed(Buffer.concat([text('a'.repeat(60), { fin: false }), clientFrame(0x0, Buffer.alloc(60, 0x61))]), 100).failures).toEqual([1009]);
    expect(feed(text('a'.repeat(100)), 100).messages).toHaveLength(1);
  });

  it('should keep no list of empty continuation frames, however many arrive', () => {
    const { parser, seen } = parserFor();
    parser.push(text('an', { fin: false }));
    for (let i = 0; i < 10_000; i += 1) parser.push(clientFrame(0x0, Buffer.alloc(0), { fin: false }));
    expect((parser as unknown as { fragments: Buffer[] }).fragments).toHaveLength(1);
    parser.push(clientFrame(0x0, Buffer.from('fang')));
    expect(seen.messages).toEqual([{ text: 'anfang', isText: true }]);
  });

  it('should report the peer Close with its code and reason, 1005 for an empty one, and read nothing after it', () => {
    const payload = Buffer.concat([Buffer.from([0x03, 0xe8]), Buffer.from('tschüss')]);
    const seen = feed(Buffer.concat([clientFrame(0x8, payload), text('after')]));
    expect(seen.closes).toEqual([{ code: 1000, reason: 'tschüss' }]);
    expect(seen.messages).toEqual([]);
    expect(feed(clientFrame(0x8, Buffer.alloc(0))).closes).toEqual([{ code: 1005, reason: '' }]);
  });

  it('should fail with 1002 on a one-byte or reserved close code and with 1007 on a reason that is not UTF-8', () => {
    expect(feed(clientFrame(0x8, Buffer.from([0x03]))).failures).toEqual([1002]);
    expect(feed(clientFrame(0x8, Buffer.from([0x03, 0xed]))).failures).toEqual([1002]); // 1005
    expect(feed(clientFrame(0x8, Buffer.from([0x03, 0xe8, 0xff, 0xfe]))).failures).toEqual([1007]);
  });

  it('should stop reading once stopped, even in the middle of a chunk', () => {
    const { parser, seen } = parserFor();
    const handlers = { count: 0 };
    const stopping = new FrameParser(1024, {
      message: () => {
        handlers.count += 1;
        stopping.stop();
      },
      ping: () => undefined,
      close: () => undefined,
      fail: () => undefined,
    });
    stopping.push(Buffer.concat([text('a'), text('b')]));
    expect(handlers.count).toBe(1);
    parser.stop();
    parser.push(text('c'));
    expect(seen.messages).toEqual([]);
  });

  it('should accept exactly the close codes a peer may send', () => {
    expect([1000, 1001, 1002, 1003, 1007, 1011, 1014, 3000, 4999].every(isValidCloseCode)).toBe(true);
    expect([0, 999, 1004, 1005, 1006, 1015, 2999, 5000].some(isValidCloseCode)).toBe(false);
  });

  it('should write unmasked server frames with the right length form', () => {
    expect([...(textFrame(Buffer.from('hi'))[0] as Buffer)]).toEqual([0x81, 2, 0x68, 0x69]);
    expect((textFrame(Buffer.alloc(300))[0] as Buffer).subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 0x01, 0x2c]));
    const large = textFrame(Buffer.alloc(70_000));
    expect(large).toHaveLength(2);
    expect((large[0] as Buffer).subarray(0, 2)).toEqual(Buffer.from([0x81, 127]));
    expect((large[0] as Buffer).readBigUInt64BE(2)).toBe(70_000n);
    expect(Buffer.concat(closeFrame(1009))).toEqual(Buffer.from([0x88, 2, 0x03, 0xf1]));
  });
});
