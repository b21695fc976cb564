// The build step behind the server's precompressed delivery (tools/precompress.js).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.js';

describe('precompress', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function buildOutput(files: Record<string, string | Buffer>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return dir;
  }

  it('should write brotli and gzip variants that decompress to each text asset', () => {
    const js = 'export const text = "Rechtsberatung";\n'.repeat(200);
    const dir = buildOutput({
      'index.html': `<!doctype html><title>x</title>${' '.repeat(500)}`,
      'assets/app-1.js': js,
      'assets/app-1.css': 'body{margin:0}'.repeat(50),
    });
    const report = precompress(dir);
    expect(report.map((entry) => entry.file).sort()).toEqual(['assets/app-1.css', 'assets/app-1.js', 'index.html']);
    const br = fs.readFileSync(path.join(dir, 'assets/app-1.js.br'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/app-1.js.gz'))).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
  });

  it('should leave source maps, images and already compressed files alone', () => {
    const dir = buildOutput({
      'assets/app-1.js.map': '{"version":3}'.repeat(100),
      'assets/logo.png': Buffer.alloc(2000),
      'assets/font.woff2': Buffer.alloc(2000),
    });
    expect(precompress(dir)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['app-1.js.map', 'font.woff2', 'logo.png']);
  });

  it('should not write a variant that is bigger than the file and should replace stale variants', () => {
    const dir = buildOutput({ 'a.txt': 'x', 'b.js': 'let b = 1;'.repeat(100), 'b.js.br': 'stale' });
    precompress(dir);
    expect(fs.existsSync(path.join(dir, 'a.txt.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'a.txt.gz'))).toBe(false);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'b.js.br'))).toString()).toBe('let b = 1;'.repeat(100));
  });
});
