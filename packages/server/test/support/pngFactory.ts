// Builds real PNG files of any declared size for decompression-bomb tests: all-zero greyscale pixels compress
// about 1000:1, so a 6900 × 6900 px image is a few dozen KB.
import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A greyscale 8-bit PNG that declares `width` × `height`; its image data inflates to `inflatedBytes`
 * (by default exactly what the header declares).
 */
export function greyPng(width: number, height: number, inflatedBytes = (width + 1) * height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

type Rgba = readonly [number, number, number, number];

/** An 8-bit RGBA PNG, as a canvas's toDataURL gives it, with the colour `paint` returns for every pixel. */
export function rgbaPng(width: number, height: number, paint: (x: number, y: number) => Rgba): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
/** The signature pad's ink colour, #14213d. */
const INK: Rgba = [0x14, 0x21, 0x3d, 255];

/** Distance from (x, y) to the segment from (x1, y1) to (x2, y2). */
function distance(x: number, y: number, [x1, y1, x2, y2]: readonly [number, number, number, number]): number {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

/**
 * The signature pad's PNG: a white (or, for a hand-made client, transparent) field of `width` × `height` with round
 * strokes of `lineWidth` through the points of each stroke (a stroke of one point: a tap).
 */
export function padPng(options: {
  width?: number;
  height?: number;
  strokes?: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  lineWidth?: number;
  transparent?: boolean;
}): Buffer {
  const { width = 600, height = 180, strokes = [], lineWidth = 2.2, transparent = false } = options;
  const segments = strokes.flatMap((points) => points.map((p, i) => [...(points[i - 1] ?? p), ...p] as const));
  // Only the pixels near a segment need the distance test.
  const inked = new Set<number>();
  const reach = Math.ceil(lineWidth / 2) + 1;
  for (const segment of segments) {
    const [x1, y1, x2, y2] = segment;
    for (let y = Math.max(0, Math.floor(Math.min(y1, y2)) - reach); y <= Math.min(height - 1, Math.ceil(Math.max(y1, y2)) + reach); y++) {
      for (let x = Math.max(0, Math.floor(Math.min(x1, x2)) - reach); x <= Math.min(width - 1, Math.ceil(Math.max(x1, x2)) + reach); x++) {
        if (distance(x + 0.5, y + 0.5, segment) <= lineWidth / 2) inked.add(y * width + x);
      }
    }
  }
  return rgbaPng(width, height, (x, y) => (inked.has(y * width + x) ? INK : transparent ? CLEAR : WHITE));
}

/** Forty points of a wavy stroke across the pad, as a finger signs (the e2e test draws the same). */
export const drawnStroke = Array.from({ length: 40 }, (_, i) => [20 + i * 7, 90 + 45 * Math.sin(i / 3)] as const);

/**
 * A PNG of any colour type and bit depth, optionally Adam7-interlaced, whose rows use every filter type in turn
 * (None, Sub, Up, Average, Paeth). `samples` gives a pixel's raw samples at the bit depth (a palette index for
 * colour type 3).
 */
export function encodePng(options: {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  palette?: ReadonlyArray<readonly [number, number, number]>;
  transparency?: Buffer;
  samples: (x: number, y: number) => readonly number[];
}): Buffer {
  const { width, height, colorType, bitDepth, interlaced = false } = options;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  const bitsPerPixel = channels * bitDepth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const passes = interlaced
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  const out: Buffer[] = [];
  let rowNumber = 0;
  for (const [x0 = 0, y0 = 0, dx = 1, dy = 1] of passes) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth <= 0 || passHeight <= 0) continue;
    const rowBytes = Math.ceil((passWidth * bitsPerPixel) / 8);
    let prev = Buffer.alloc(rowBytes);
    for (let py = 0; py < passHeight; py++) {
      const row = Buffer.alloc(rowBytes);
      let bit = 0;
      for (let px = 0; px < passWidth; px++) {
        for (const value of options.samples(x0 + px * dx, y0 + py * dy)) {
          if (bitDepth === 16) row.writeUInt16BE(value, bit >> 3);
          else if (bitDepth === 8) row[bit >> 3] = value;
          else row[bit >> 3] = (row[bit >> 3] ?? 0) | (value << (8 - bitDepth - (bit & 7)));
          bit += bitDepth;
        }
      }
      const filter = rowNumber++ % 5;
      const filtered = Buffer.alloc(rowBytes);
      for (let i = 0; i < rowBytes; i++) {
        const [a, b, c] = [i >= bpp ? (row[i - bpp] ?? 0) : 0, prev[i] ?? 0, i >= bpp ? (prev[i - bpp] ?? 0) : 0];
        const p = a + b - c;
        const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
        const predictor = [0, a, b, (a + b) >> 1, paeth][filter] ?? 0;
        filtered[i] = ((row[i] ?? 0) - predictor) & 0xff;
      }
      out.push(Buffer.from([filter]), filtered);
      prev = row;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  ihdr[12] = interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(options.palette ? [pngChunk('PLTE', Buffer.from(options.palette.flat()))] : []),
    ...(options.transparency ? [pngChunk('tRNS', options.transparency)] : []),
    pngChunk('IDAT', deflateSync(Buffer.concat(out))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A fully transparent RGBA PNG of any bit depth (all image bytes zero): with 16 bits and 2048 × 2048 px, 32 KiB that
 * inflate to 32 MiB – the shape of a signature meant to keep the server busy.
 */
export function transparentRgbaPng(width: number, height: number, bitDepth: 8 | 16): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 6; // RGBA
  const idat = deflateSync(Buffer.alloc((width * 4 * (bitDepth / 8) + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
