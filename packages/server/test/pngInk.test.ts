// The ink measure behind the Vollmacht's empty-signature check: every PNG variant the size check lets through is
// decoded, and only what shows on white paper counts.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureInk } from '../src/platform/files/pngInk.js';
import { readPng } from '../src/platform/files/pngLimits.js';
import { encodePng, rgbaPng } from './support/pngFactory.js';

const [width, height] = [50, 21];
/** The ink of every variant below: a bar of 20 × 4 px. */
const inBar = (x: number, y: number) => x >= 10 && x < 30 && y >= 5 && y < 9;
const bar = { inkPixels: 80, boxWidth: 20, boxHeight: 4 };

const measure = (png: Buffer) => {
  const read = readPng(png);
  if (!read.ok) throw new Error(`not a PNG: ${read.reason}`);
  return measureInk(read.image);
};

describe('measureInk', () => {
  it.each([
    ['RGBA, 8 bit', { colorType: 6, bitDepth: 8 }, (ink: boolean) => (ink ? [20, 33, 61, 255] : [255, 255, 255, 255])],
    [
      'RGBA, 8 bit, interlaced, on a transparent field',
      { colorType: 6, bitDepth: 8, interlaced: true },
      (ink: boolean) => (ink ? [20, 33, 61, 255] : [0, 0, 0, 0]),
    ],
    ['RGB, 16 bit, interlaced', { colorType: 2, bitDepth: 16, interlaced: true }, (ink: boolean) => (ink ? [0, 0, 65535] : [65535, 65535, 65535])],
    [
      'RGB, 8 bit, black made transparent by tRNS',
      { colorType: 2, bitDepth: 8, transparency: Buffer.from([0, 0, 0, 0, 0, 0]) },
      (ink: boolean) => (ink ? [20, 33, 61] : [0, 0, 0]),
    ],
    ['greyscale, 1 bit', { colorType: 0, bitDepth: 1 }, (ink: boolean) => (ink ? [0] : [1])],
    ['greyscale, 2 bit, interlaced', { colorType: 0, bitDepth: 2, interlaced: true }, (ink: boolean) => (ink ? [1] : [3])],
    ['greyscale with alpha, 16 bit', { colorType: 4, bitDepth: 16 }, (ink: boolean) => (ink ? [0, 65535] : [0, 0])],
    [
      'palette, 4 bit, first entry transparent by tRNS',
      {
        colorType: 3,
        bitDepth: 4,
        palette: [
          [0, 0, 0],
          [20, 33, 61],
        ] as const,
        transparency: Buffer.from([0]),
      },
      (ink: boolean) => (ink ? [1] : [0]),
    ],
  ] as const)('should find the 20 × 4 px bar in %s', (_name, format, pixel) => {
    expect(measure(encodePng({ width, height, ...format, samples: (x, y) => pixel(inBar(x, y)) }))).toEqual(bar);
  });

  it('should not count what barely shows on white paper: light grey, faint or almost transparent ink', () => {
    const faint = rgbaPng(width, height, (x) => (x < 10 ? [225, 225, 225, 255] : x < 20 ? [20, 33, 61, 40] : [255, 255, 255, 255]));
    expect(measure(faint)).toEqual({ inkPixels: 0, boxWidth: 0, boxHeight: 0 });
  });

  it('should report image data that is too short or uses an unknown filter as unreadable', () => {
    const png = rgbaPng(width, height, () => [0, 0, 0, 255]);
    const read = readPng(png);
    if (!read.ok) throw new Error('not a PNG');
    expect(measureInk({ ...read.image, scanlines: read.image.scanlines.subarray(0, 100) })).toBeUndefined();
    const badFilter = Buffer.from(read.image.scanlines);
    badFilter[0] = 9;
    expect(measureInk({ ...read.image, scanlines: badFilter })).toBeUndefined();
    expect(measureInk({ ...read.image, colorType: 3, bitDepth: 8, scanlines: deflateSync(Buffer.alloc(0)) })).toBeUndefined();
  });
});
