import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { attributeBytes, decodeVlqSegment, utf8Length } from '../bench/sourceMapAttribution.js';

describe('decodeVlqSegment', () => {
  it('should decode the four zero fields of "AAAA"', () => {
    expect(decodeVlqSegment('AAAA')).toEqual([0, 0, 0, 0]);
  });

  it('should decode signs and multi-digit values', () => {
    expect(decodeVlqSegment('C')).toEqual([1]);
    expect(decodeVlqSegment('D')).toEqual([-1]);
    expect(decodeVlqSegment('gB')).toEqual([16]);
    expect(decodeVlqSegment('2H')).toEqual([123]);
    expect(decodeVlqSegment('GCAA')).toEqual([3, 1, 0, 0]);
  });

  it('should reject characters outside Base64 and truncated values', () => {
    expect(() => decodeVlqSegment('A!')).toThrow(/Ungültiges Base64-VLQ-Zeichen/);
    expect(() => decodeVlqSegment('g')).toThrow(/Abgeschnittenes VLQ-Segment/);
  });
});

describe('utf8Length', () => {
  it('should count UTF-8 bytes of ASCII, umlauts, the euro sign and astral characters', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('ä€😀')).toBe(2 + 3 + 4);
    expect(utf8Length('xä€y', 1, 3)).toBe(5);
  });
});

describe('attributeBytes', () => {
  it('should give each segment its bytes up to the next segment, with source indices relative across lines', () => {
    // Line 1: "AAA" from source 0, "bbb" from source 1; line 2: "ccc" back to source 0 (delta -1).
    const result = attributeBytes('AAAbbb\nccc', 'AAAA,GCAA;ADAA', 2);
    expect(result).toEqual({ bySource: [6, 3], unmapped: 1 });
  });

  it('should count code under a source-less segment and before the first segment as unmapped', () => {
    const result = attributeBytes('__xx;;yy', 'EAAA,EAAA,C,CAAA', 1);
    // "__" before the first segment, then "xx" from source 0, ";" unmapped, ";yy" from source 0.
    expect(result).toEqual({ bySource: [5], unmapped: 3 });
  });

  it('should attribute multi-byte characters by their UTF-8 size', () => {
    expect(attributeBytes('ä€', 'AAAA,CCAA', 2)).toEqual({ bySource: [2, 3], unmapped: 0 });
  });

  it('should split a real Vite build exactly by module, the bigger module getting more bytes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rechtschat-attribution-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'entry.js'),
        "import { big } from './big.js';\nimport { small } from './small.js';\nexport const total = big().length + small();\n",
      );
      fs.writeFileSync(path.join(dir, 'big.js'), `export function big() { return [${Array.from({ length: 300 }, (_, i) => `'Eintrag ${i}'`).join(', ')}]; }\n`);
      fs.writeFileSync(path.join(dir, 'small.js'), 'export function small() { return 42; }\n');
      const output = (await build({
        configFile: false,
        root: dir,
        logLevel: 'silent',
        build: { write: false, sourcemap: true, minify: true, rolldownOptions: { input: path.join(dir, 'entry.js') } },
      })) as Rolldown.RolldownOutput;
      const chunk = output.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.isEntry);
      if (!chunk?.map) throw new Error('Vite lieferte keinen Entry-Chunk mit Source Map.');

      const { bySource, unmapped } = attributeBytes(chunk.code, chunk.map.mappings, chunk.map.sources.length);
      const bytes = Object.fromEntries(chunk.map.sources.map((source, index) => [path.basename(source), bySource[index] ?? 0]));
      expect(bySource.reduce((sum, n) => sum + n, 0) + unmapped).toBe(Buffer.byteLength(chunk.code));
      expect(bytes['big.js']).toBeGreaterThan(3000);
      expect(bytes['small.js']).toBeGreaterThan(0);
      expect(bytes['big.js']).toBeGreaterThan(10 * (bytes['small.js'] ?? 0));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
