// JPEG, PNG, WebP and GIF uploads lose their metadata before they are stored; the image itself stays as it was.
import { describe, expect, it } from 'vitest';
import { checkUpload, fileKinds, type UploadScan } from '../src/platform/files/fileType.js';
import { createMalwareScanner } from '../src/platform/files/malwareScan.js';
import { stripGifMetadata, stripJpegMetadata, stripMetadata, stripPngMetadata, stripWebpMetadata } from '../src/platform/files/imageMetadata.js';
import { BASELINE_JPEG, ICC_PAYLOAD, phoneJpeg, plantedMetadataIn, segment, sosOffset } from './support/jpegFactory.js';
import { greyPng, pngChunk } from './support/pngFactory.js';
import { PDF_MINI } from './support/samples.js';

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

/** One RIFF chunk: FourCC, little-endian size, payload and the padding byte of an odd size. */
function riffChunk(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, Buffer.alloc(payload.length & 1)]);
}

/** A WebP file of these chunks with a correct RIFF size. */
function webp(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), ...chunks]);
  const head = Buffer.from('RIFF\0\0\0\0', 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** Splits a WebP into its chunks (whole: header, payload, padding). */
function webpChunks(file: Buffer): Array<{ type: string; bytes: Buffer }> {
  const chunks: Array<{ type: string; bytes: Buffer }> = [];
  for (let pos = 12; pos < file.length;) {
    const size = file.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size & 1);
    chunks.push({ type: file.toString('latin1', pos, pos + 4), bytes: file.subarray(pos, end) });
    pos = end;
  }
  return chunks;
}

/** VP8X payload: flags, three reserved bytes, canvas width − 1 and height − 1 (24 bit each). */
function vp8x(flags: number): Buffer {
  const payload = Buffer.alloc(10);
  payload[0] = flags;
  payload.writeUIntLE(0, 4, 3);
  payload.writeUIntLE(0, 7, 3);
  return payload;
}

describe('WebP metadata stripping', () => {
  // A real 1 × 1 lossless WebP; its VP8L chunk has an odd size (13) and so a padding byte.
  const lossless = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
  const vp8l = lossless.subarray(12);
  const ICC = 0x20;
  const ALPHA = 0x10;
  const EXIF = 0x08;
  const XMP = 0x04;
  const ANIMATION = 0x02;
  const iccp = riffChunk('ICCP', Buffer.from('sRGB profile', 'latin1'));
  const alph = riffChunk('ALPH', Buffer.from([0x00, 0xff, 0x7f]));
  const vp8 = riffChunk('VP8 ', Buffer.from('lossy frame data', 'latin1'));
  const exif = riffChunk('EXIF', Buffer.from('MM\0*\0\0\0\x08GPS 52.52N 13.40E', 'latin1'));
  const xmp = riffChunk('XMP ', Buffer.from('<x:xmpmeta><dc:creator>Erika Mustermann</dc:creator></x:xmpmeta>', 'latin1'));

  it('should give back a simple lossless WebP byte-identical, padding byte included', () => {
    expect(lossless.readUInt32LE(16)).toBe(13);
    expect(stripWebpMetadata(lossless)!.equals(lossless)).toBe(true);
  });

  it('should remove EXIF and XMP, clear their VP8X flags and fix the RIFF size', () => {
    const file = webp(riffChunk('VP8X', vp8x(ICC | ALPHA | EXIF | XMP)), iccp, alph, vp8, exif, xmp);
    const stripped = stripWebpMetadata(file)!;
    expect(webpChunks(stripped).map((c) => c.type)).toEqual(['VP8X', 'ICCP', 'ALPH', 'VP8 ']);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped.equals(webp(riffChunk('VP8X', vp8x(ICC | ALPHA)), iccp, alph, vp8))).toBe(true);
    expect(stripped.toString('latin1')).not.toMatch(/Erika|GPS/);
  });

  it('should keep ICCP (odd size, padded), ANIM and ANMF byte-identical in an animation', () => {
    const oddIccp = riffChunk('ICCP', Buffer.from('odd', 'latin1'));
    const anim = riffChunk('ANIM', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00]));
    const anmf = riffChunk('ANMF', Buffer.concat([Buffer.alloc(16, 1), vp8l]));
    const stripped = stripWebpMetadata(webp(riffChunk('VP8X', vp8x(ICC | ANIMATION | XMP)), oddIccp, anim, xmp, anmf, anmf, exif))!;
    const [head, ...rest] = webpChunks(stripped);
    expect(head!.bytes[8]).toBe(ICC | ANIMATION);
    expect(head!.bytes.subarray(9).equals(vp8x(0).subarray(1))).toBe(true);
    expect(rest.map((c) => c.bytes)).toEqual([oddIccp, anim, anmf, anmf]);
    expect(oddIccp.length).toBe(8 + 3 + 1);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
  });

  it('should drop whatever follows the RIFF container', () => {
    const file = webp(riffChunk('VP8X', vp8x(0)), vp8l);
    expect(stripWebpMetadata(Buffer.concat([file, exif]))!.equals(file)).toBe(true);
  });

  it.each([
    ['truncated inside a chunk', () => lossless.subarray(0, 25)],
    ['cut off at the end', () => lossless.subarray(0, lossless.length - 1)],
    ['whose odd-sized chunk lacks the padding byte (RIFF size matching)', () => webp(vp8l.subarray(0, vp8l.length - 1))],
    ['with a RIFF size past the end', () => webp(vp8l).subarray(0, 30)],
    ['with a chunk size past the RIFF end', () => webp(Buffer.concat([vp8l.subarray(0, 4), Buffer.from([0xff, 0, 0, 0]), vp8l.subarray(8)]))],
    ['with metadata before the image chunk', () => webp(exif, vp8l)],
    ['with a VP8X chunk shorter than 10 bytes', () => webp(riffChunk('VP8X', Buffer.alloc(4)), vp8l)],
    ['without any chunk', () => webp()],
    ['with only the header', () => Buffer.from('RIFF\x04\0\0\0WEB', 'latin1')],
  ])('should refuse a WebP %s without throwing', (_label, make) => {
    expect(stripWebpMetadata(make())).toBeUndefined();
  });
});

/** An extension block: introducer, label, the payload cut into sub-blocks of at most 255 bytes, terminator. */
function gifExtension(label: number, ...blocks: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from([0x21, label]), ...blocks.map((b) => Buffer.concat([Buffer.from([b.length]), b])), Buffer.from([0])]);
}

describe('GIF metadata stripping', () => {
  // GIF89a, 1 × 1, global colour table of 2 entries (black, white).
  const head = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff', 'latin1');
  const loop = gifExtension(0xff, Buffer.from('NETSCAPE2.0'), Buffer.from([0x01, 0x00, 0x00]));
  const graphicControl = gifExtension(0xf9, Buffer.from([0x04, 0x0a, 0x00, 0x00]));
  // Image descriptor at 0,0 1 × 1 without local table, LZW minimum code size 2, one data sub-block.
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x4c, 0x01, 0x00]);
  const comment = gifExtension(0xfe, Buffer.from('Aufgenommen von Erika Mustermann, 52.52N 13.40E'));
  // XMP as Adobe writes it: the packet raw after the identifier, then the 258-byte "magic trailer" that makes any
  // sub-block walk end at its terminator.
  const magicTrailer = Buffer.from([0x01, ...Array.from({ length: 256 }, (_, i) => 0xff - i), 0x00]);
  const xmp = Buffer.concat([
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('XMP DataXMP'),
    Buffer.from('<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta><dc:creator>Erika Mustermann</dc:creator></x:xmpmeta><?xpacket end="w"?>'),
    magicTrailer,
  ]);
  const plain = Buffer.concat([head, loop, graphicControl, image, Buffer.from([0x3b])]);

  it('should remove the comment and the XMP extension and keep header, loop, graphic control and image byte-identical', () => {
    const file = Buffer.concat([head, comment, loop, xmp, graphicControl, image, comment, Buffer.from([0x3b])]);
    const stripped = stripGifMetadata(file)!;
    expect(stripped.equals(plain)).toBe(true);
    expect(stripped.toString('latin1')).not.toContain('Erika');
  });

  it('should keep ANIMEXTS1.0 and drop other application extensions', () => {
    const animexts = gifExtension(0xff, Buffer.from('ANIMEXTS1.0'), Buffer.from([0x01, 0x00, 0x00]));
    const icc = gifExtension(0xff, Buffer.from('ICCRGBG1012'), Buffer.from('profile'));
    const file = Buffer.concat([head, animexts, icc, image, Buffer.from([0x3b])]);
    expect(stripGifMetadata(file)!.equals(Buffer.concat([head, animexts, image, Buffer.from([0x3b])]))).toBe(true);
  });

  it('should keep a local colour table and drop whatever follows the trailer', () => {
    const withLocalTable = Buffer.concat([image.subarray(0, 9), Buffer.from([0x80, 1, 2, 3, 4, 5, 6]), image.subarray(10)]);
    const file = Buffer.concat([head, withLocalTable, Buffer.from([0x3b])]);
    expect(stripGifMetadata(Buffer.concat([file, comment]))!.equals(file)).toBe(true);
  });

  it('should give back a GIF without metadata byte-identical', () => {
    expect(stripGifMetadata(plain)!.equals(plain)).toBe(true);
  });

  it.each([
    ['truncated (no trailer)', () => plain.subarray(0, plain.length - 1)],
    ['cut inside the image data', () => plain.subarray(0, plain.length - 3)],
    ['cut inside the colour table', () => head.subarray(0, 15)],
    ['cut inside a comment', () => Buffer.concat([head, comment.subarray(0, 20)])],
    ['with an unknown block', () => Buffer.concat([head, Buffer.from([0x00]), image, Buffer.from([0x3b])])],
    ['with an extension without label', () => Buffer.concat([head, Buffer.from([0x21])])],
    ['with a wrong signature', () => Buffer.concat([Buffer.from('GIF90a'), plain.subarray(6)])],
  ])('should refuse a GIF %s without throwing', (_label, make) => {
    expect(stripGifMetadata(make())).toBeUndefined();
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

  it('should strip WebP and GIF uploads and refuse broken ones', async () => {
    const lossless = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    const withXmp = webp(riffChunk('VP8X', vp8x(0x04)), lossless.subarray(12), riffChunk('XMP ', Buffer.from('<x:xmpmeta/>')));
    const checked = await checkUpload(withXmp, ['webp'], noScan);
    expect(checked.ok && checked.bytes.equals(webp(riffChunk('VP8X', vp8x(0)), lossless.subarray(12)))).toBe(true);
    expect(await checkUpload(withXmp.subarray(0, 40), ['webp'], noScan)).toEqual({ ok: false, reason: 'broken', kind: fileKinds.webp });
    const gif = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), gifExtension(0xfe, Buffer.from('secret')), Buffer.from([0x3b])]);
    const checkedGif = await checkUpload(gif, ['gif'], noScan);
    expect(checkedGif.ok && checkedGif.bytes.toString('latin1')).toBe('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    expect(await checkUpload(gif.subarray(0, 16), ['gif'], noScan)).toEqual({ ok: false, reason: 'broken', kind: fileKinds.gif });
  });

  it('should leave kinds it cannot strip safely unchanged', () => {
    expect(stripMetadata(fileKinds.pdf.mime, PDF_MINI)).toBe(PDF_MINI);
  });
});
