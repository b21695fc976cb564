// Decompression-bomb guard for the drawn signature: a small PNG can declare a huge canvas
// or carry a deflate stream that inflates to gigabytes. Both are checked here, from the header and with a
// bounded native inflate, before the PDF library decodes the image on the event loop.
import { inflateSync } from 'node:zlib';

export interface PngLimits {
  /** Longest allowed side in pixels. */
  maxSide: number;
  /** Largest allowed width × height. */
  maxPixels: number;
  /**
   * Largest allowed inflated image data (the pixel bytes with their filter bytes): bounds the synchronous inflate and
   * the pixel scan that follows, whatever bit depth and colour type the header declares.
   */
  maxDecodedBytes: number;
}

/**
 * The web app's signature pad draws at most 2× its CSS size (about 1600 × 400 px, 2.6 MB as 8-bit RGBA). 4096 px
 * sides, 4 Mpx and 12 MiB of image data leave room for other devices; a 16-bit 2048 × 2048 RGBA image (32 MiB, about
 * half a second of blocking work per request) is refused from its header.
 */
export const signaturePngLimits: PngLimits = { maxSide: 4096, maxPixels: 4 * 1024 * 1024, maxDecodedBytes: 12 * 1024 * 1024 };

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; reason: 'malformed' | 'too-large' };

const channelsOf: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Bytes of the filtered scanlines for the declared image; Adam7 adds at most one filter byte and one partial byte per row and pass. */
function decodedBytes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const plain = (Math.ceil((width * bitsPerPixel) / 8) + 1) * height;
  return interlaced ? plain + 14 * height : plain;
}

/** A PNG that passed the checks: its header fields, palette and transparency, and the inflated (still filtered) scanlines. */
export interface PngImage {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
  /** Inflated image data: one filter byte before every scanline of every pass. */
  scanlines: Buffer;
  /** PLTE: RGB triples of an indexed image. */
  palette?: Buffer;
  /** tRNS: the transparent colour (grey, RGB) or an alpha per palette entry. */
  transparency?: Buffer;
}

export type PngRead = { ok: true; image: PngImage } | { ok: false; reason: 'malformed' | 'too-large' };

/** Reads IHDR, checks the declared size and inflates the image data with a hard output cap. */
export function readPng(bytes: Uint8Array, limits: PngLimits = signaturePngLimits): PngRead {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 33 || buf.readUInt32BE(0) !== 0x89504e47 || buf.readUInt32BE(4) !== 0x0d0a1a0a) return { ok: false, reason: 'malformed' };
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return { ok: false, reason: 'malformed' };
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const bitDepth = buf[24] ?? 0;
  const colorType = buf[25] ?? -1;
  const channels = channelsOf[colorType];
  const interlaced = buf[28] === 1;
  if (width === 0 || height === 0 || channels === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) return { ok: false, reason: 'malformed' };
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) return { ok: false, reason: 'too-large' };

  const idat: Buffer[] = [];
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  let offset = 8;
  while (offset + 12 <= buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > buf.length) return { ok: false, reason: 'malformed' };
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IDAT') idat.push(data);
    else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') transparency = data;
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  if (idat.length === 0) return { ok: false, reason: 'malformed' };
  const expected = decodedBytes(width, height, channels * bitDepth, interlaced);
  if (expected > limits.maxDecodedBytes) return { ok: false, reason: 'too-large' };
  let scanlines: Buffer;
  try {
    // Throws a RangeError as soon as the output would pass the declared size: no unbounded work.
    scanlines = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch (error) {
    return { ok: false, reason: error instanceof RangeError ? 'too-large' : 'malformed' };
  }
  return {
    ok: true,
    image: { width, height, bitDepth, colorType, interlaced, scanlines, ...(palette ? { palette } : {}), ...(transparency ? { transparency } : {}) },
  };
}

/** readPng reduced to the verdict and the declared size. */
export function checkPng(bytes: Uint8Array, limits: PngLimits = signaturePngLimits): PngCheck {
  const read = readPng(bytes, limits);
  return read.ok ? { ok: true, width: read.image.width, height: read.image.height } : read;
}
