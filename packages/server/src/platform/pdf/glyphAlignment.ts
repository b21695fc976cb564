// Pads the glyphs of a TrueType font to 4-byte boundaries before fontkit subsets it. fontkit writes a subset smaller
// than 128 KB with a short `loca` table, which stores offsets halved: a glyph of odd length (Noto Emoji has hundreds)
// shifts every later offset by one byte, and composite glyphs such as flags or family emoji come out broken or blank.
// The OpenType spec recommends 4-byte alignment anyway; outlines, metrics and all other tables stay as they are.

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

const align4 = (n: number) => (n + 3) & ~3;

/** The font with every glyph padded to a multiple of four bytes; unchanged if it has no `glyf` table or is aligned. */
export function alignGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565 /* 'true' */) return font;
  const tables: TableRecord[] = [];
  for (let i = 0; i < view.getUint16(4); i += 1) {
    const record = 12 + 16 * i;
    tables.push({ tag: String.fromCharCode(...font.subarray(record, record + 4)), offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  const table = (tag: string) => tables.find((t) => t.tag === tag);
  const head = table('head');
  const maxp = table('maxp');
  const loca = table('loca');
  const glyf = table('glyf');
  if (!head || !maxp || !loca || !glyf) return font;

  const longLoca = view.getInt16(head.offset + 50) === 1;
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) => (longLoca ? view.getUint32(loca.offset + 4 * i) : 2 * view.getUint16(loca.offset + 2 * i)));
  if (offsets.every((offset) => offset % 4 === 0)) return font;

  const glyphs: Uint8Array[] = [];
  const newOffsets = [0];
  for (let id = 0; id < numGlyphs; id += 1) {
    const glyph = font.subarray(glyf.offset + (offsets[id] ?? 0), glyf.offset + (offsets[id + 1] ?? 0));
    const padded = new Uint8Array(align4(glyph.length));
    padded.set(glyph);
    glyphs.push(padded);
    newOffsets.push((newOffsets[id] ?? 0) + padded.length);
  }
  const newGlyf = concat(glyphs);
  const newLoca = new Uint8Array(4 * newOffsets.length);
  newOffsets.forEach((offset, i) => new DataView(newLoca.buffer).setUint32(4 * i, offset));
  const newHead = new Uint8Array(font.subarray(head.offset, head.offset + head.length)); // a copy with its own buffer
  const headView = new DataView(newHead.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, set below
  headView.setInt16(50, 1); // indexToLocFormat: long offsets

  const data = tables.map(({ tag, offset, length }) => {
    if (tag === 'glyf') return newGlyf;
    if (tag === 'loca') return newLoca;
    if (tag === 'head') return newHead;
    return font.subarray(offset, offset + length);
  });
  const directoryLength = 12 + 16 * tables.length;
  const out = new Uint8Array(directoryLength + data.reduce((sum, bytes) => sum + align4(bytes.length), 0));
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  let position = directoryLength;
  let headPosition = 0;
  tables.forEach(({ tag }, i) => {
    const bytes = data[i] as Uint8Array;
    const record = 12 + 16 * i;
    out.set(font.subarray(record, record + 4), record);
    outView.setUint32(record + 4, checksum(bytes));
    outView.setUint32(record + 8, position);
    outView.setUint32(record + 12, bytes.length);
    out.set(bytes, position);
    if (tag === 'head') headPosition = position;
    position += align4(bytes.length);
  });
  outView.setUint32(headPosition + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let position = 0;
  for (const part of parts) {
    out.set(part, position);
    position += part.length;
  }
  return out;
}

/** The OpenType table checksum: the sum of big-endian uint32 words, zero-padded, modulo 2^32. */
function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(align4(bytes.length));
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}
