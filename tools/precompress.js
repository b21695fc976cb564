// Writes NAME.br and NAME.gz beside every text asset of a build output folder, at the
// highest levels, once at build time – so the server never compresses per request and
// the browser gets each file in the smallest encoding it accepts. The server picks the
// variant from Accept-Encoding (@fastify/static `preCompressed`).
//
//   node tools/precompress.js packages/web/dist
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Text formats a build emits. Images, fonts (woff2) and source maps (never served) are left alone. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export function brotli(buffer) {
  return zlib.brotliCompressSync(buffer, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  });
}

export function gzip(buffer) {
  return zlib.gzipSync(buffer, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/**
 * Compresses every compressible file under `dir`. A variant is written only when it is smaller
 * than the original (a tiny file can grow); stale variants of a file are removed first.
 * Returns one entry per compressed file with the sizes, for the build log.
 */
export function precompress(dir) {
  const report = [];
  for (const file of [...files(dir)]) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const original = fs.readFileSync(file);
    const entry = { file: path.relative(dir, file), raw: original.length, br: null, gz: null };
    for (const [suffix, compress] of [
      ['.br', brotli],
      ['.gz', gzip],
    ]) {
      fs.rmSync(file + suffix, { force: true });
      const packed = compress(original);
      if (packed.length >= original.length) continue;
      fs.writeFileSync(file + suffix, packed);
      entry[suffix.slice(1)] = packed.length;
    }
    report.push(entry);
  }
  return report;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir)) {
    console.error('Aufruf / usage: node tools/precompress.js DIST_DIR');
    process.exit(2);
  }
  const report = precompress(dir);
  const sum = (key) => report.reduce((total, entry) => total + (entry[key] ?? entry.raw), 0);
  console.info(
    `precompress ${dir}: ${report.length} files, ${(sum('raw') / 1000).toFixed(1)} kB → br ${(sum('br') / 1000).toFixed(1)} kB, gz ${(sum('gz') / 1000).toFixed(1)} kB`,
  );
}
