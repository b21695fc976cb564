// Production build of the server: one ES module per entry point in dist/ (plus shared and on-demand chunks in
// dist/chunks/), run by plain Node (no tsx).
// The workspace package @rechtschat/core ships TypeScript sources, so it is bundled in; every
// other package stays an import resolved from node_modules at run time (native addons included).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const coreManifest = JSON.parse(readFileSync(path.join(serverDir, '../core/package.json'), 'utf8'));
const bundled = new Set(['@rechtschat/core']);
const runtimePackages = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(coreManifest.dependencies ?? {})].filter((name) => !bundled.has(name));

const result = await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: 'src/main.ts',
    seedCli: 'src/seedCli.ts',
    resetLawyerMfaCli: 'src/resetLawyerMfaCli.ts',
    resetLawyerPasswordCli: 'src/resetLawyerPasswordCli.ts',
    adminCreateCli: 'src/adminCreateCli.ts',
    backupCli: 'src/backupCli.ts',
    // The PDF renderers' worker thread (platform/pdf/pdfRenderThread.ts looks for it next to the code that starts it).
    pdfWorker: 'src/platform/pdf/pdfWorker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Modules imported with import() (the PDF renderers) become chunks of their own, loaded on first use; without
  // splitting esbuild would hoist their external imports (pdf-lib, fontkit) into every entry point's start-up.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  // Bare imports of runtime packages and their subpaths (e.g. fp-ts/lib/Either.js) stay external.
  external: runtimePackages.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  legalComments: 'none',
  metafile: true,
});
// Chunk names carry a content hash, so each build with changed sources leaves the previous chunks behind; they go
// (only files this build did not write, so a concurrent build of the same sources loses nothing).
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(serverDir, file)));
const chunksDir = path.join(serverDir, 'dist', 'chunks');
for (const name of readdirSync(chunksDir)) {
  const file = path.join(chunksDir, name);
  if (!written.has(file)) rmSync(file, { force: true });
}
console.info(`server built: ${path.join(serverDir, 'dist')}`);
