// SECURITY H7: JPEG and PNG uploads lose their metadata before they are stored; the image itself stays as it was.
import { describe, expect, it } from 'vitest';
import { checkUpload, fileKinds, type UploadScan } from '../src/platform/files/fileType.js';
import { createMalwareScanner } from '../src/platform/files/malwareScan.js';
import { stripJpegMetadata, stripMetadata, stripPngMetadata } from '../src/platform/files/imageMetadata.js';
import { BASELINE_JPEG, ICC_PAYLOAD, phoneJpeg, plantedMetadataIn, segment, sosOffset } from './helpers/jpegFactory.js';
import { greyPng, pngChunk } from './helpers/pngFactory.js';
import { PDF_MINI } from './helpers/samples.js';

/** The marker codes of a JPEG's segments up to SOS, in order. */
function markers(jpeg: Buffer): number[] {
  const found: number[] = [];
  for (let pos = 2; pos < sosOffset(jpeg); pos += 2 + jpeg.readUInt16BE(pos + 2)) found.push(jpeg[pos + 1]!);
  return found;
}

/** The APP1 Exif segment of a stripped JPEG, or undefined. */
function exifSegment(jpeg: Buffer): Buffer | undefined {
  for (let pos = 2; pos < sosOffset(jpeg); pos += 2 + jpeg.readUInt16BE(pos + 2)) {
    const end = pos + 2 + jpeg.readUInt16BE(pos + 2);
    if (jpeg[pos + 1] === 0xe1 && jpeg.toString('latin1', pos + 4, pos + 10) === 'Exif\0\0') return jpeg.subarray(pos, end);
  }
  return undefined;
}

const strip = (jpeg: Buffer): Buffer => {
  const stripped = stripJpegMetadata(jpeg);
  if (!stripped) throw new Error('refused');
  return stripped;
};

describe('JPEG metadata stripping', () => {
  it('should remove GPS, author, camera model, XMP, IPTC, MPF and the comment', () => {
    const jpeg = phoneJpeg();
    expect(plantedMetadataIn(jpeg)).toHaveLength(9);
    const stripped = strip(jpeg);
    expect(plantedMetadataIn(stripped)).toEqual([]);
    expect(markers(stripped)).not.toContain(0xe1);
    expect(markers(stripped)).not.toContain(0xed);
    expect(markers(stripped)).not.toContain(0xfe);
  });

  it('should keep JFIF, the ICC profile and the tables in their order', () => {
    const stripped = strip(phoneJpeg());
    expect(markers(stripped)).toEqual([0xe0, 0xe2, ...markers(BASELINE_JPEG).slice(1)]);
    expect(stripped.includes(segment(0xe2, ICC_PAYLOAD))).toBe(true);
  });

  it('should copy the image data from SOS on byte for byte', () => {
    const jpeg = phoneJpeg();
    const stripped = strip(jpeg);
    expect(stripped.subarray(sosOffset(stripped)).equals(jpeg.subarray(sosOffset(jpeg)))).toBe(true);
    expect(stripped.subarray(sosOffset(stripped)).equals(BASELINE_JPEG.subarray(sosOffset(BASELINE_JPEG)))).toBe(true);
  });

  it('should give back a JPEG without metadata byte-identical', () => {
    expect(strip(BASELINE_JPEG).equals(BASELINE_JPEG)).toBe(true);
  });

  it.each([false, true])('should keep Orientation 6 as a minimal Exif with only that tag (big-endian source: %s)', (bigEndian) => {
    const stripped = strip(phoneJpeg({ orientation: 6, bigEndian }));
    const exif = exifSegment(stripped);
    expect(exif).toBeDefined();
    // FF E1, length, "Exif\0\0", "MM\0*", IFD0 at 8, one entry: 0112 SHORT ×1 = 6, no next IFD.
    expect(exif!.toString('hex')).toBe('ffe10022' + '457869660000' + '4d4d002a00000008' + '0001' + '011200030000000100060000' + '00000000');
    expect(plantedMetadataIn(stripped)).toEqual([]);
    expect(markers(stripped).slice(0, 3)).toEqual([0xe0, 0xe1, 0xe2]);
  });

  it.each([
    ['orientation 1', 1],
    ['no orientation', undefined],
  ])('should write no Exif at all with %s', (_label, orientation) => {
    const stripped = strip(phoneJpeg({ orientation }));
    expect(exifSegment(stripped)).toBeUndefined();
  });

  it('should drop whatever follows EOI (secondary images, motion-photo videos)', () => {
    const trailer = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, Buffer.from('Exif\0\0II*\0 secret', 'latin1')), Buffer.from('ftypmp42')]);
    const stripped = strip(Buffer.concat([phoneJpeg(), trailer]));
    expect(stripped.subarray(-2).toString('hex')).toBe('ffd9');
    expect(stripped.includes(Buffer.from('secret'))).toBe(false);
  });

  it('should remove a comment between the scans but keep the entropy-coded data and restart markers', () => {
    const scan1 = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
    const scan2 = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x78]);
    const head = BASELINE_JPEG.subarray(0, sosOffset(BASELINE_JPEG));
    const jpeg = Buffer.concat([head, scan1, segment(0xfe, Buffer.from('Standort: Berlin')), scan2, Buffer.from([0xff, 0xd9])]);
    expect(strip(jpeg).equals(Buffer.concat([head, scan1, scan2, Buffer.from([0xff, 0xd9])]))).toBe(true);
  });

  it.each([
    ['truncated in the headers', () => phoneJpeg().subarray(0, 60)],
    ['truncated in the image data (no EOI)', () => BASELINE_JPEG.subarray(0, BASELINE_JPEG.length - 2)],
    ['a segment length past the end', () => Buffer.concat([BASELINE_JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff, 0x00])])],
    ['a segment length below 2', () => Buffer.concat([BASELINE_JPEG.subarray(0, 2), Buffer.from([0xff, 0xe1, 0x00, 0x01]), BASELINE_JPEG.subarray(2)])],
    ['garbage instead of a marker', () => Buffer.concat([BASELINE_JPEG.subarray(0, 2), Buffer.from('hello'), BASELINE_JPEG.subarray(2)])],
    ['EOI before any scan', () => Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['only the signature', () => Buffer.from([0xff, 0xd8, 0xff])],
  ])('should refuse a JPEG %s without throwing', (_label, make) => {
    expect(stripJpegMetadata(make())).toBeUndefined();
  });

  it('should keep the image when the Exif block itself is unreadable (it is removed anyway)', () => {
    const head = BASELINE_JPEG.subarray(0, 2);
    const jpeg = Buffer.concat([head, segment(0xe1, Buffer.from('Exif\0\0II*\0\xff\xff\xff\x7f', 'latin1')), BASELINE_JPEG.subarray(2)]);
    expect(strip(jpeg).equals(BASELINE_JPEG)).toBe(true);
  });
});

/** Splits a PNG into its chunks (whole: length, type, data, CRC). */
function pngChunks(png: Buffer): Array<{ type: string; bytes: Buffer }> {
  const chunks: Array<{ type: string; bytes: Buffer }> = [];
  for (let pos = 8; pos < png.length;) {
    const end = pos + 12 + png.readUInt32BE(pos);
    chunks.push({ type: png.toString('latin1', pos + 4, pos + 8), bytes: png.subarray(pos, end) });
    pos = end;
  }
  return chunks;
}

describe('PNG metadata stripping', () => {
  const plain = greyPng(4, 4);
  const [ihdr, idat, iend] = pngChunks(plain);
  const withText = Buffer.concat([
    plain.subarray(0, 8),
    ihdr!.bytes,
    pngChunk('tEXt', Buffer.from('Author\0Erika Mustermann', 'latin1')),
    pngChunk('iCCP', Buffer.from('sRGB\0\0x', 'latin1')),
    pngChunk('zTXt', Buffer.from('Comment\0\0x', 'latin1')),
    pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>', 'latin1')),
    pngChunk('eXIf', Buffer.from('MM\0*\0\0\0\x08', 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 1, 2, 3, 4, 5])),
    idat!.bytes,
    iend!.bytes,
    Buffer.from('trailing data'),
  ]);

  it('should remove tEXt, zTXt, iTXt, eXIf and tIME and keep IHDR, iCCP, IDAT and IEND byte-identical', () => {
    const stripped = stripPngMetadata(withText)!;
    expect(pngChunks(stripped).map((c) => c.type)).toEqual(['IHDR', 'iCCP', 'IDAT', 'IEND']);
    const [sIhdr, sIccp, sIdat, sIend] = pngChunks(stripped);
    expect(sIhdr!.bytes.equals(ihdr!.bytes)).toBe(true);
    expect(sIccp!.bytes.equals(pngChunk('iCCP', Buffer.from('sRGB\0\0x', 'latin1')))).toBe(true);
    expect(sIdat!.bytes.equals(idat!.bytes)).toBe(true);
    expect(sIend!.bytes.equals(iend!.bytes)).toBe(true);
    expect(stripped.toString('latin1')).not.toContain('Erika');
  });

  it('should give back a PNG without metadata byte-identical', () => {
    expect(stripPngMetadata(plain)!.equals(plain)).toBe(true);
  });

  it.each([
    ['truncated (no IEND)', () => plain.subarray(0, plain.length - 12)],
    ['cut inside a chunk', () => plain.subarray(0, 40)],
    ['a chunk length past the end', () => Buffer.concat([plain.subarray(0, 8), Buffer.from([0x7f, 0, 0, 0]), plain.subarray(12)])],
    ['no IHDR first', () => Buffer.concat([plain.subarray(0, 8), idat!.bytes, ihdr!.bytes, iend!.bytes])],
  ])('should refuse a PNG %s without throwing', (_label, make) => {
    expect(stripPngMetadata(make())).toBeUndefined();
  });
});

describe('the upload gate', () => {
  // The malware scan (H6) is tested against a real clamd in malwareScan.test.ts; off here.
  const noScan: UploadScan = {
    scanner: createMalwareScanner({ address: null, production: false }, { warn: () => undefined, error: () => undefined }),
    origin: { feature: 'chat', uploaderKind: 'participant', uploaderId: 'p1' },
  };

  it('should hand back the stripped bytes with the kind, so size is taken after stripping', async () => {
    const jpeg = phoneJpeg();
    const checked = await checkUpload(jpeg, ['jpeg', 'pdf'], noScan);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.kind.mime).toBe('image/jpeg');
    expect(checked.bytes.length).toBeLessThan(jpeg.length);
    expect(plantedMetadataIn(checked.bytes)).toEqual([]);
  });

  it('should tell a broken image from a refused type', async () => {
    expect(await checkUpload(phoneJpeg().subarray(0, 300), ['jpeg'], noScan)).toEqual({ ok: false, reason: 'broken', kind: fileKinds.jpeg });
    expect(await checkUpload(phoneJpeg(), ['pdf'], noScan)).toEqual({ ok: false, reason: 'type' });
  });

  it('should leave kinds it cannot strip safely unchanged', () => {
    expect(stripMetadata(fileKinds.pdf, PDF_MINI)).toBe(PDF_MINI);
  });
});
