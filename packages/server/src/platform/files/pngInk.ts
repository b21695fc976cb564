// How much visible ink a PNG carries: the drawn signature is laid on white paper in the PDF, so a pixel counts as
// ink when, composited over white, it is clearly darker than the paper. Decodes every PNG variant readPng accepts
// (all colour types and bit depths, palette and tRNS transparency, Adam7 interlacing) from its inflated scanlines.
import type { PngImage } from './pngLimits.js';

export interface InkMeasure {
  /** Pixels that visibly differ from white paper. */
  inkPixels: number;
  /** Width and height of the smallest rectangle around all ink (0 × 0 without ink). */
  boxWidth: number;
  boxHeight: number;
}

/** A channel at least this much darker than white (0–255, after compositing over white) makes a pixel ink. */
const inkDarkness = 64;

const channelsOf: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7: x start, y start, x step, y step of each pass; one pass over everything without interlacing. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
const progressive = [[0, 0, 1, 1]] as const;

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Writes the unfiltered row to `row`, from the filtered bytes `src[from … from + row.length]`; `prev` is the previous
 * unfiltered row of the pass (zeros for the first). False for an unknown filter type.
 */
function unfilter(filter: number, src: Uint8Array, from: number, row: Uint8Array, prev: Uint8Array, bpp: number): boolean {
  const n = row.length;
  switch (filter) {
    case 0:
      row.set(src.subarray(from, from + n));
      return true;
    case 1:
      for (let i = 0; i < n; i++) row[i] = ((src[from + i] ?? 0) + (i >= bpp ? (row[i - bpp] ?? 0) : 0)) & 0xff;
      return true;
    case 2:
      for (let i = 0; i < n; i++) row[i] = ((src[from + i] ?? 0) + (prev[i] ?? 0)) & 0xff;
      return true;
    case 3:
      for (let i = 0; i < n; i++) row[i] = ((src[from + i] ?? 0) + (((i >= bpp ? (row[i - bpp] ?? 0) : 0) + (prev[i] ?? 0)) >> 1)) & 0xff;
      return true;
    case 4:
      for (let i = 0; i < n; i++) {
        row[i] = ((src[from + i] ?? 0) + (i >= bpp ? paeth(row[i - bpp] ?? 0, prev[i] ?? 0, prev[i - bpp] ?? 0) : (prev[i] ?? 0))) & 0xff;
      }
      return true;
    default:
      return false;
  }
}

/** Reads pixel `px` of an unfiltered row as 8-bit RGBA into `out`; false for a palette index without entry. */
type PixelReader = (row: Uint8Array, px: number, out: Uint8Array) => boolean;

function pixelReader(image: PngImage): PixelReader | undefined {
  const { bitDepth, colorType, palette, transparency } = image;
  const maxSample = 2 ** bitDepth - 1;
  /** A sample of the row at `index` (in samples), at its full bit depth. */
  const sample = (row: Uint8Array, index: number): number => {
    if (bitDepth === 8) return row[index] ?? 0;
    if (bitDepth === 16) return ((row[index * 2] ?? 0) << 8) | (row[index * 2 + 1] ?? 0);
    const bit = index * bitDepth;
    return ((row[bit >> 3] ?? 0) >> (8 - bitDepth - (bit & 7))) & maxSample;
  };
  const to8 = (value: number) => (bitDepth === 8 ? value : bitDepth === 16 ? value >> 8 : Math.round((value * 255) / maxSample));
  /** The transparent colour of a grey or RGB image (tRNS), one 16-bit value per channel; -1 without one. */
  const key = (channel: number) => (transparency && transparency.length >= channel * 2 + 2 ? transparency.readUInt16BE(channel * 2) : -1);
  switch (colorType) {
    case 0: {
      const grey = key(0);
      return (row, px, out) => {
        const value = sample(row, px);
        out[0] = out[1] = out[2] = to8(value);
        out[3] = value === grey ? 0 : 255;
        return true;
      };
    }
    case 2: {
      const [kr, kg, kb] = [key(0), key(1), key(2)];
      return (row, px, out) => {
        const [r, g, b] = [sample(row, px * 3), sample(row, px * 3 + 1), sample(row, px * 3 + 2)];
        out[0] = to8(r);
        out[1] = to8(g);
        out[2] = to8(b);
        out[3] = r === kr && g === kg && b === kb ? 0 : 255;
        return true;
      };
    }
    case 3:
      if (!palette) return undefined;
      return (row, px, out) => {
        const index = sample(row, px);
        if (index * 3 + 2 >= palette.length) return false;
        out[0] = palette[index * 3] ?? 0;
        out[1] = palette[index * 3 + 1] ?? 0;
        out[2] = palette[index * 3 + 2] ?? 0;
        out[3] = transparency?.[index] ?? 255;
        return true;
      };
    case 4:
      return (row, px, out) => {
        out[0] = out[1] = out[2] = to8(sample(row, px * 2));
        out[3] = to8(sample(row, px * 2 + 1));
        return true;
      };
    case 6:
      return (row, px, out) => {
        for (let c = 0; c < 4; c++) out[c] = to8(sample(row, px * 4 + c));
        return true;
      };
    default:
      return undefined;
  }
}

/** A pixel is ink when its darkest channel, composited over white, is at least inkDarkness below white. */
const isInk = (r: number, g: number, b: number, a: number) => (255 - Math.min(r, g, b)) * a >= inkDarkness * 255;

/**
 * Counts the ink of a PNG read by readPng and measures its extent; undefined when the image data is malformed
 * (too short, an unknown filter, a palette index without entry). 8-bit RGBA – what a canvas gives – is read
 * directly; every other format through a per-pixel reader.
 */
export function measureInk(image: PngImage): InkMeasure | undefined {
  const { width, height, bitDepth, colorType, scanlines } = image;
  const channels = channelsOf[colorType];
  const read = pixelReader(image);
  if (channels === undefined || !read) return undefined;
  const bitsPerPixel = channels * bitDepth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const rgba8 = colorType === 6 && bitDepth === 8;
  const pixel = new Uint8Array(4);

  let inkPixels = 0;
  let [left, top, right, bottom] = [width, height, -1, -1];
  let offset = 0;
  for (const [x0, y0, dx, dy] of image.interlaced ? adam7 : progressive) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth <= 0 || passHeight <= 0) continue;
    const rowBytes = Math.ceil((passWidth * bitsPerPixel) / 8);
    let prev = new Uint8Array(rowBytes);
    let row = new Uint8Array(rowBytes);
    for (let py = 0; py < passHeight; py++) {
      if (offset + 1 + rowBytes > scanlines.length) return undefined;
      if (!unfilter(scanlines[offset] ?? -1, scanlines, offset + 1, row, prev, bpp)) return undefined;
      offset += 1 + rowBytes;
      const y = y0 + py * dy;
      for (let px = 0; px < passWidth; px++) {
        let ink: boolean;
        if (rgba8) {
          const i = px * 4;
          ink = isInk(row[i] ?? 0, row[i + 1] ?? 0, row[i + 2] ?? 0, row[i + 3] ?? 0);
        } else {
          if (!read(row, px, pixel)) return undefined;
          ink = isInk(pixel[0] ?? 0, pixel[1] ?? 0, pixel[2] ?? 0, pixel[3] ?? 0);
        }
        if (!ink) continue;
        const x = x0 + px * dx;
        inkPixels++;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
      [prev, row] = [row, prev];
    }
  }
  return { inkPixels, boxWidth: right < 0 ? 0 : right - left + 1, boxHeight: bottom < 0 ? 0 : bottom - top + 1 };
}
