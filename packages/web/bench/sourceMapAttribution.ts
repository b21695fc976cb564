// Which original module produced which bytes of a built chunk, read from the chunk's source map
// (Source Map v3 "mappings": Base64 VLQ segments). Same idea as source-map-explorer, no dependency.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index] as const));

/** Decodes one mapping segment ("AAAA", "kBAAM", …) into its signed integers. */
export function decodeVlqSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Ungültiges Base64-VLQ-Zeichen "${char}" in der Source Map.`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  if (shift !== 0) throw new Error('Abgeschnittenes VLQ-Segment in der Source Map.');
  return values;
}

/** UTF-8 length of text.slice(start, end) without allocating (source map columns count UTF-16 units). */
export function utf8Length(text: string, start = 0, end = text.length): number {
  let bytes = 0;
  for (let i = start; i < end; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff)
      bytes += 4; // high surrogate: the pair is 4 bytes
    else if (unit >= 0xdc00 && unit <= 0xdfff)
      bytes += 0; // low surrogate: counted with its pair
    else bytes += 3;
  }
  return bytes;
}

export interface Attribution {
  /** UTF-8 bytes of generated code per entry of the map's `sources` (same index). */
  readonly bySource: readonly number[];
  /** Bytes no segment maps to a source: newlines, bundler glue, runtime helpers. */
  readonly unmapped: number;
}

/**
 * Attributes every byte of `code` to the source of the mapping segment it falls under: a segment
 * covers its generated line from its column up to the next segment's column (or the line end).
 */
export function attributeBytes(code: string, mappings: string, sourceCount: number): Attribution {
  const bySource = new Array<number>(sourceCount).fill(0);
  let unmapped = 0;
  const lines = code.split('\n');
  const mappingLines = mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, lineIndex) => {
    if (lineIndex < lines.length - 1) unmapped += 1; // the newline itself
    let column = 0;
    let owner: number | null = null;
    const assign = (until: number): void => {
      const end = Math.min(until, line.length);
      if (end <= column) return;
      const bytes = utf8Length(line, column, end);
      if (owner === null) unmapped += bytes;
      else bySource[owner] = (bySource[owner] ?? 0) + bytes;
      column = end;
    };
    let generatedColumn = 0;
    for (const segment of (mappingLines[lineIndex] ?? '').split(',')) {
      if (segment === '') continue;
      const [columnDelta = 0, sourceDelta] = decodeVlqSegment(segment);
      generatedColumn += columnDelta;
      assign(generatedColumn);
      // Source index, line and column are relative to the previous segment across lines.
      if (sourceDelta === undefined) owner = null;
      else {
        sourceIndex += sourceDelta;
        owner = sourceIndex >= 0 && sourceIndex < sourceCount ? sourceIndex : null;
      }
    }
    assign(line.length);
  });
  return { bySource, unmapped };
}
