// Photos of letters and notices carry the phone's metadata – GPS position, device, sometimes the
// owner's name. Every stored upload passes `stripMetadata` first; JPEG, PNG, WebP and GIF lose their metadata at byte
// level (own marker/chunk/block walk, no re-encoding, image data copied unchanged). Other kinds are stored as they
// come (docs/security.md, H7, says why).

/** The bytes to store for a file of the detected `mime` type, or undefined when its structure is broken (the caller refuses it). */
export function stripMetadata(mime: string, bytes: Buffer): Buffer | undefined {
  if (mime === 'image/jpeg') return stripJpegMetadata(bytes);
  if (mime === 'image/png') return stripPngMetadata(bytes);
  if (mime === 'image/webp') return stripWebpMetadata(bytes);
  if (mime === 'image/gif') return stripGifMetadata(bytes);
  return bytes;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const ICC_HEADER = Buffer.from('ICC_PROFILE\0', 'latin1');
const ORIENTATION_TAG = 0x0112;

/** Markers without a length field: TEM and RST0–RST7 (SOI and EOI are handled on their own). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** APP0 (JFIF) and APP14 (Adobe colour transform) stay, APP2 only as an ICC profile; other APPn and COM go. */
function isMetadataSegment(marker: number, payload: Buffer): boolean {
  if (marker === COM) return true;
  if (marker < APP0 || marker > APP15) return false;
  if (marker === APP0 || marker === APP14) return false;
  if (marker === APP2) return !payload.subarray(0, ICC_HEADER.length).equals(ICC_HEADER);
  return true;
}

/**
 * JPEG without APP1 (Exif, XMP), APP2 other than ICC_PROFILE (e.g. MPF), APP3–APP13 (IPTC/Photoshop in APP13,
 * C2PA in APP11), APP15 and COM – also between the scans of a progressive file. The entropy-coded data is copied
 * unchanged; whatever follows EOI (MPF secondary images with their own Exif, motion-photo videos, gain maps) is
 * dropped. An Exif Orientation other than 1 survives as a minimal Exif segment holding only that tag.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return undefined;
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | undefined;
  let orientationAt: number | undefined;
  let copyFrom = 2;
  let pos = 2;
  let inScan = false;
  let scans = 0;
  while (pos < bytes.length) {
    if (inScan) {
      // Entropy-coded data: 0xFF is followed by a stuffed 0x00, a restart marker or fill bytes; anything else is a marker.
      if (bytes[pos] !== 0xff) {
        pos++;
        continue;
      }
      let next = pos + 1;
      while (next < bytes.length && bytes[next] === 0xff) next++;
      if (next >= bytes.length) return undefined;
      const code = bytes[next]!;
      if (code === 0x00 || standalone(code)) {
        pos = next + 1;
        continue;
      }
      inScan = false;
      parts.push(bytes.subarray(copyFrom, pos));
      copyFrom = pos;
      continue;
    }
    // Between segments: optional fill bytes, then a marker.
    if (bytes[pos] !== 0xff) return undefined;
    let markerAt = pos + 1;
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt++;
    if (markerAt >= bytes.length) return undefined;
    const marker = bytes[markerAt]!;
    if (marker === EOI) {
      if (scans === 0) return undefined; // no image data
      parts.push(bytes.subarray(copyFrom, markerAt + 1));
      return finishJpeg(parts, orientation, orientationAt);
    }
    if (marker === SOI || marker === 0x00) return undefined;
    if (standalone(marker)) {
      pos = markerAt + 1;
      continue;
    }
    if (markerAt + 3 > bytes.length) return undefined;
    const length = bytes.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) return undefined;
    const payload = bytes.subarray(markerAt + 3, end);
    if (marker === SOS) {
      scans++;
      inScan = true;
      pos = end;
      continue;
    }
    if (isMetadataSegment(marker, payload)) {
      parts.push(bytes.subarray(copyFrom, pos));
      if (marker === APP1 && orientation === undefined && payload.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)) {
        orientation = exifOrientation(payload.subarray(EXIF_HEADER.length));
        orientationAt = parts.length;
      }
      copyFrom = end;
    }
    pos = end;
  }
  return undefined; // no EOI: truncated
}

function finishJpeg(parts: Buffer[], orientation: number | undefined, at: number | undefined): Buffer {
  if (orientation !== undefined && orientation !== 1 && at !== undefined) parts.splice(at, 0, orientationOnlyExif(orientation));
  return Buffer.concat(parts);
}

/** The Orientation (1–8) in IFD0 of an Exif TIFF block, or undefined when absent, out of range or unreadable. */
function exifOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== 3 || u32(entry + 4) !== 1) return undefined; // SHORT, one value
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** APP1 "Exif" with a big-endian TIFF header and an IFD0 of exactly one entry: Orientation. */
function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // bytes 20–21 pad the value field, 22–25 are the (zero) offset of the next IFD.
  const head = Buffer.from([0xff, APP1, 0, 0]);
  head.writeUInt16BE(2 + EXIF_HEADER.length + tiff.length, 2);
  return Buffer.concat([head, EXIF_HEADER, tiff]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Text (author, comment, software), Exif and modification time; caBX is C2PA provenance (may name the author). */
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'caBX']);

/** PNG without text, Exif, time and C2PA chunks; every other chunk is copied whole (CRCs stay valid), nothing after IEND. */
export function stripPngMetadata(bytes: Buffer): Buffer | undefined {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return undefined;
  const parts: Buffer[] = [bytes.subarray(0, PNG_SIGNATURE.length)];
  let pos = PNG_SIGNATURE.length;
  let first = true;
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return undefined;
    const end = pos + 12 + length;
    if (end > bytes.length) return undefined;
    if (first && type !== 'IHDR') return undefined;
    first = false;
    if (!PNG_METADATA_CHUNKS.has(type)) parts.push(bytes.subarray(pos, end));
    if (type === 'IEND') return Buffer.concat(parts);
    pos = end;
  }
  return undefined; // no IEND: truncated
}

const WEBP_METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);
/** VP8X flag bits of the Exif (bit 3) and XMP (bit 2) chunks. */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;
const VP8X_PAYLOAD = 10;

/**
 * WebP without its `EXIF` and `XMP ` chunks; the VP8X flags announcing them are cleared and the RIFF size rewritten.
 * Every other chunk (VP8/VP8L, ALPH, ICCP, ANIM/ANMF, unknown ones) is copied whole with its padding byte; whatever
 * follows the RIFF container is dropped. Refused: no `RIFF….WEBP` header, a RIFF size past the end, a chunk (or its
 * padding) past the container, a first chunk other than `VP8 `, `VP8L` or `VP8X`, a VP8X chunk shorter than 10 bytes.
 */
export function stripWebpMetadata(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return undefined;
  const parts: Buffer[] = [];
  let pos = 12;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) return undefined;
    const type = bytes.toString('latin1', pos, pos + 4);
    const size = bytes.readUInt32LE(pos + 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return undefined;
    const end = pos + 8 + size + (size & 1);
    if (end > riffEnd) return undefined;
    if (pos === 12 && type !== 'VP8 ' && type !== 'VP8L' && type !== 'VP8X') return undefined;
    if (type === 'VP8X') {
      if (size < VP8X_PAYLOAD) return undefined;
      const chunk = Buffer.from(bytes.subarray(pos, end));
      chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      parts.push(chunk);
    } else if (!WEBP_METADATA_CHUNKS.has(type)) {
      parts.push(bytes.subarray(pos, end));
    }
    pos = end;
  }
  if (pos === 12) return undefined; // no chunk at all
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  const body = Buffer.concat(parts);
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
/** Application extensions that only say how often an animation loops. */
const GIF_LOOP_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** The end of a chain of data sub-blocks starting at `pos` (after its 0 terminator), or undefined when truncated. */
function gifSubBlocksEnd(bytes: Buffer, pos: number): number | undefined {
  while (pos < bytes.length) {
    const size = bytes[pos]!;
    pos += 1 + size;
    if (size === 0) return pos;
  }
  return undefined;
}

/** Bytes of a colour table announced in a packed field (flag 0x80, size 2^(n+1) entries of 3 bytes). */
const gifColourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/**
 * GIF without Comment Extensions and Application Extensions other than the NETSCAPE2.0/ANIMEXTS1.0 loop count (XMP
 * sits in "XMP DataXMP", also ICC profiles and editor data go). Header, screen descriptor, colour tables, graphic
 * control and plain-text extensions and the image data are copied byte for byte; whatever follows the trailer is
 * dropped. Refused: no GIF87a/GIF89a header, a block or sub-block cut off, an unknown block, no trailer.
 */
export function stripGifMetadata(bytes: Buffer): Buffer | undefined {
  const signature = bytes.toString('latin1', 0, 6);
  if (bytes.length < 13 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return undefined;
  let pos = 13 + gifColourTable(bytes[10]!);
  const parts: Buffer[] = [bytes.subarray(0, pos)];
  while (pos < bytes.length) {
    const introducer = bytes[pos]!;
    if (introducer === GIF_TRAILER) {
      parts.push(bytes.subarray(pos, pos + 1));
      return Buffer.concat(parts);
    }
    let end: number | undefined;
    let keep = true;
    if (introducer === GIF_IMAGE) {
      if (pos + 10 > bytes.length) return undefined;
      // Descriptor (10 bytes), local colour table, LZW minimum code size, then the image data sub-blocks.
      end = gifSubBlocksEnd(bytes, pos + 10 + gifColourTable(bytes[pos + 9]!) + 1);
    } else if (introducer === GIF_EXTENSION) {
      if (pos + 2 > bytes.length) return undefined;
      const label = bytes[pos + 1]!;
      end = gifSubBlocksEnd(bytes, pos + 2);
      if (label === GIF_COMMENT) keep = false;
      if (label === GIF_APPLICATION) {
        const identified = bytes[pos + 2] === 11 && pos + 14 <= bytes.length;
        keep = identified && GIF_LOOP_APPLICATIONS.has(bytes.toString('latin1', pos + 3, pos + 14));
      }
    } else {
      return undefined;
    }
    if (end === undefined || end > bytes.length) return undefined;
    if (keep) parts.push(bytes.subarray(pos, end));
    pos = end;
  }
  return undefined; // no trailer: truncated
}
