// Builds JPEG files with a phone camera's metadata for the metadata-stripping tests: a real 8 × 8 px baseline JPEG
// (JFIF, DQT, SOF0, DHT, SOS) with Exif (IFD0 with Artist, Make, Model, Orientation; a GPS IFD), XMP, IPTC, an
// ICC profile and a comment spliced in after its APP0 segment.

/** An 8 × 8 px baseline JPEG (JFIF APP0, no metadata), as an encoder writes it. */
export const BASELINE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AIrXtXrTDCn/2Q==',
  'base64',
);

/** One marker segment: FF, marker, big-endian length (including itself), payload. */
export function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Where the SOS segment starts: everything from there on is image data. */
export function sosOffset(jpeg: Buffer): number {
  for (let pos = 2; pos + 4 <= jpeg.length;) {
    if (jpeg[pos + 1] === 0xda) return pos;
    pos += 2 + jpeg.readUInt16BE(pos + 2);
  }
  throw new Error('no SOS');
}

const GPS_LATITUDE = [52, 31, 1234]; // 52° 31' 12.34" N – somebody's flat in Berlin
export const EXIF_ARTIST = 'Erika Mustermann';
export const EXIF_MODEL = 'Pixel 8 Pro';

/**
 * An Exif APP1 payload in little-endian TIFF: IFD0 with Make, Model, Artist, optionally Orientation, and a
 * GPS IFD pointer; the GPS IFD holds GPSLatitudeRef "N" and GPSLatitude.
 */
export function exifPayload(options: { orientation?: number; bigEndian?: boolean } = {}): Buffer {
  const little = !options.bigEndian;
  const strings = { make: 'Google\0', model: `${EXIF_MODEL}\0`, artist: `${EXIF_ARTIST}\0` };
  type Entry = { tag: number; type: number; count: number; value: Buffer | number };
  const ifd0: Entry[] = [
    { tag: 0x010f, type: 2, count: strings.make.length, value: Buffer.from(strings.make, 'latin1') },
    { tag: 0x0110, type: 2, count: strings.model.length, value: Buffer.from(strings.model, 'latin1') },
    ...(options.orientation === undefined ? [] : [{ tag: 0x0112, type: 3, count: 1, value: options.orientation }]),
    { tag: 0x013b, type: 2, count: strings.artist.length, value: Buffer.from(strings.artist, 'latin1') },
    { tag: 0x8825, type: 4, count: 1, value: 0 }, // GPS IFD offset, patched below
  ];
  const ifd0Size = 2 + ifd0.length * 12 + 4;
  let dataAt = 8 + ifd0Size;
  const data: Buffer[] = [];
  const tiff = Buffer.alloc(8 + ifd0Size);
  const w16 = (buf: Buffer, v: number, at: number) => (little ? buf.writeUInt16LE(v, at) : buf.writeUInt16BE(v, at));
  const w32 = (buf: Buffer, v: number, at: number) => (little ? buf.writeUInt32LE(v, at) : buf.writeUInt32BE(v, at));
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  w16(tiff, 42, 2);
  w32(tiff, 8, 4);
  w16(tiff, ifd0.length, 8);
  ifd0.forEach((entry, i) => {
    const at = 10 + i * 12;
    w16(tiff, entry.tag, at);
    w16(tiff, entry.type, at + 2);
    w32(tiff, entry.count, at + 4);
    if (typeof entry.value === 'number') {
      if (entry.type === 3) w16(tiff, entry.value, at + 8);
      else w32(tiff, entry.value, at + 8);
    } else {
      w32(tiff, dataAt, at + 8);
      data.push(entry.value);
      dataAt += entry.value.length;
    }
  });
  // GPS IFD: GPSLatitudeRef (ASCII "N\0", inline) and GPSLatitude (3 RATIONALs, after the IFD).
  const gpsAt = dataAt;
  const gps = Buffer.alloc(2 + 2 * 12 + 4 + 24);
  w16(gps, 2, 0);
  w16(gps, 0x0001, 2);
  w16(gps, 2, 4);
  w32(gps, 2, 6);
  gps.write('N\0', 10, 'latin1');
  w16(gps, 0x0002, 14);
  w16(gps, 5, 16);
  w32(gps, 3, 18);
  w32(gps, gpsAt + 30, 22);
  GPS_LATITUDE.forEach((v, i) => {
    w32(gps, v, 30 + i * 8);
    w32(gps, i === 2 ? 100 : 1, 34 + i * 8);
  });
  w32(tiff, gpsAt, 10 + (ifd0.length - 1) * 12 + 8);
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, ...data, gps]);
}

export const XMP_PAYLOAD = Buffer.from(
  'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" ' +
    `exif:GPSLatitude="52,31.2057N"><dc:creator>${EXIF_ARTIST}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
  'latin1',
);
/** The start of an ICC profile segment (the profile itself is opaque here). */
export const ICC_PAYLOAD = Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([1, 1]), Buffer.alloc(128, 0x42)]);
const IPTC_PAYLOAD = Buffer.concat([
  Buffer.from('Photoshop 3.0\0', 'latin1'),
  Buffer.from(`8BIM\x04\x04\0\0\0\0\0\x14\x1c\x02\x50\0\x10${EXIF_ARTIST}`, 'latin1'),
]);
const MPF_PAYLOAD = Buffer.from('MPF\0MM\0*\0\0\0\x08', 'latin1');
const COMMENT = Buffer.from(`Aufgenommen von ${EXIF_ARTIST}`, 'latin1');

/** The baseline JPEG with a phone's metadata after its APP0: Exif (GPS), XMP, ICC, MPF, IPTC and a comment. */
export function phoneJpeg(options: { orientation?: number; bigEndian?: boolean } = {}): Buffer {
  const app0End = 4 + BASELINE_JPEG.readUInt16BE(4);
  return Buffer.concat([
    BASELINE_JPEG.subarray(0, app0End),
    segment(0xe1, exifPayload(options)),
    segment(0xe1, XMP_PAYLOAD),
    segment(0xe2, ICC_PAYLOAD),
    segment(0xe2, MPF_PAYLOAD),
    segment(0xed, IPTC_PAYLOAD),
    segment(0xfe, COMMENT),
    BASELINE_JPEG.subarray(app0End),
  ]);
}

/** Whether any of the metadata planted by `phoneJpeg` is still in the bytes. */
export function plantedMetadataIn(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  const found = [EXIF_ARTIST, EXIF_MODEL, 'Google', 'Exif\0\0II', 'http://ns.adobe.com/xap', 'Photoshop 3.0', 'MPF\0', 'Aufgenommen'].filter((s) =>
    text.includes(s),
  );
  // The GPS IFD pointer tag 0x8825 in either byte order.
  if (text.includes('\x25\x88\x04\0') || text.includes('\x88\x25\0\x04')) found.push('GPS IFD');
  return found;
}
