// `npm run bench:web`: gzipped size of what the browser loads for /chat/new (entry chunk, the start
// chunk it imports at once, and their static imports from Vite's build manifest), of the whole build
// and of the CSS; the biggest lazy chunks; and where the modules that must stay lazy landed. Prints a report and updates docs/performance-web-bundle.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  consoleReport,
  docsSection,
  INITIAL_BUDGET_KB,
  initialJsGzip,
  kb,
  mergeDocsSection,
  withinBudget,
  type BundleFigures,
  type GroupSize,
  type LazyChunk,
  type SizedFile,
} from './bundleReport.js';
import { findEntryKey, initialSet, keyOfSource, lazyLoaders, staticClosureOfAll, type Manifest } from './manifestWalk.js';
import { moduleGroup } from './moduleGroups.js';
import { attributeBytes } from './sourceMapAttribution.js';
import { locateWatched, WATCHED_MODULES, type ChunkModules } from './watchedModules.js';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const distDir = path.join(webRoot, 'dist');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
const docsFile = path.join(repoRoot, 'docs', 'performance-web-bundle.md');
const TOP_GROUPS = 15;
const TOP_LAZY = 8;
const TOP_CHAT_GROUPS = 25;
/** Contents smaller than this (gzip estimate) are noise in the lazy-chunk list. */
const MIN_LISTED_BYTES = 100;
const UNMAPPED = '(bundler glue, not mapped)';
/**
 * Dynamic entries loaded before the chat is usable (sources as in the manifest): the container (start.ts
 * imports it at once), the public settings and what ChatEntryPage prefetches while the session calls run.
 * The client app has no MUI theme chunk any more (plain CSS and src/ui since 2026-11-24).
 */
/** What the build lists for the server: `critical` are the start chunks the tiny entry preloads and imports at once. */
const routePreloadsFile = path.join(distDir, '.vite', 'route-preloads.json');
const CHAT_SCREEN_ENTRIES = ['src/app/container.ts', 'src/app/startup.ts', 'src/chat/pages/ChatScreenHost.tsx', 'src/app/chatControllerBinding.ts'];

interface SourceMap {
  readonly sources: readonly string[];
  readonly sourceRoot?: string;
  readonly mappings: string;
}

interface MeasuredChunk extends SizedFile {
  /** Repo-relative module path → raw bytes in this chunk; empty without a source map. */
  readonly modules: ReadonlyMap<string, number>;
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)).replaceAll(path.sep, '/'));
}

function moduleBytes(file: string, code: string): Map<string, number> {
  const mapFile = path.join(distDir, `${file}.map`);
  const modules = new Map<string, number>();
  if (!fs.existsSync(mapFile)) {
    // Without the map the module tables and the "must stay lazy" check cannot see into this chunk.
    console.warn(`WARNUNG: keine Source Map für ${file}; Modulzuordnung unvollständig (build.sourcemap in vite.config.ts).`);
    return modules;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMap;
  const attribution = attributeBytes(code, map.mappings, map.sources.length);
  const mapDir = path.dirname(mapFile);
  map.sources.forEach((source, index) => {
    const repoPath = path.relative(repoRoot, path.resolve(mapDir, map.sourceRoot ?? '', source)).replaceAll(path.sep, '/');
    modules.set(repoPath, (modules.get(repoPath) ?? 0) + (attribution.bySource[index] ?? 0));
  });
  modules.set(UNMAPPED, attribution.unmapped);
  return modules;
}

function measure(file: string): MeasuredChunk {
  const content = fs.readFileSync(path.join(distDir, file));
  const gzip = gzipSync(content, { level: 9 }).length;
  const modules = file.endsWith('.js') ? moduleBytes(file, content.toString('utf8')) : new Map<string, number>();
  return { file, raw: content.length, gzip, modules };
}

/** Module bytes of several chunks summed per group; each chunk's gzip size shared out by raw share. */
function groupSizes(chunks: readonly MeasuredChunk[]): GroupSize[] {
  const groups = new Map<string, { raw: number; gzipEstimate: number }>();
  for (const chunk of chunks) {
    for (const [module, raw] of chunk.modules) {
      if (raw === 0) continue;
      const group = module === UNMAPPED ? UNMAPPED : moduleGroup(module);
      const current = groups.get(group) ?? { raw: 0, gzipEstimate: 0 };
      groups.set(group, { raw: current.raw + raw, gzipEstimate: current.gzipEstimate + (raw * chunk.gzip) / chunk.raw });
    }
  }
  return [...groups].map(([group, size]) => ({ group, ...size })).sort((a, b) => b.raw - a.raw);
}

function bySize<T extends SizedFile>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => b.gzip - a.gzip);
}

function collectFigures(): BundleFigures {
  if (!fs.existsSync(manifestFile)) {
    throw new Error(
      `Kein Build-Manifest unter ${manifestFile}. Bitte zuerst "npm run build -w @rechtschat/web" ausführen (build.manifest: true in vite.config.ts).`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = findEntryKey(manifest);
  // The entry only waits for the first paint and then loads the app's start chunks: they count as initial.
  const { critical } = JSON.parse(fs.readFileSync(routePreloadsFile, 'utf8')) as { critical?: string[] };
  const startKeys = (critical ?? []).map((file) => {
    const key = Object.entries(manifest).find(([, chunk]) => chunk.file === file)?.[0];
    if (key === undefined) throw new Error(`${file} (route-preloads.json) fehlt im Manifest.`);
    return key;
  });
  if (startKeys.length === 0) throw new Error('route-preloads.json nennt keine Start-Chunks; die Startgröße wäre zu klein.');
  const initial = initialSet(manifest, entryKey, startKeys);
  const chatEntries = CHAT_SCREEN_ENTRIES.filter((src) => {
    if (keyOfSource(manifest, src) !== undefined) return true;
    console.warn(`WARNUNG: ${src} ist kein Eintrag im Manifest mehr; die Chat-Zeile zählt ihn nicht mit.`);
    return false;
  });
  const chatScreenKeys = staticClosureOfAll(manifest, [entryKey, ...startKeys, ...chatEntries.map((src) => keyOfSource(manifest, src) ?? src)]);
  const files = listFiles(distDir).filter((file) => file.startsWith('assets/') && (file.endsWith('.js') || file.endsWith('.css')));
  const chunks = new Map(files.map((file) => [file, measure(file)] as const));
  const chunkOf = (file: string): MeasuredChunk => {
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`Manifest nennt ${file}, die Datei fehlt in ${distDir}.`);
    return chunk;
  };
  const initialJs = initial.jsFiles.map(chunkOf);
  const initialFiles = new Set([...initial.jsFiles, ...initial.cssFiles]);
  const loaders = lazyLoaders(manifest, initial.keys);
  const loadersByFile = new Map([...loaders].map(([key, by]) => [manifest[key]?.file ?? key, by] as const));
  const lazy: LazyChunk[] = bySize([...chunks.values()].filter((c) => c.file.endsWith('.js') && !initialFiles.has(c.file)))
    .slice(0, TOP_LAZY)
    .map((c) => ({
      file: c.file,
      raw: c.raw,
      gzip: c.gzip,
      loadedBy: loadersByFile.get(c.file) ?? [],
      topGroups: groupSizes([c])
        .filter((g) => g.group !== UNMAPPED && g.gzipEstimate >= MIN_LISTED_BYTES)
        .slice(0, 3),
    }));
  const chunkModules: ChunkModules[] = [...chunks.values()].map((c) => ({ file: c.file, modules: [...c.modules.keys()] }));
  const strip = ({ file, raw, gzip }: SizedFile): SizedFile => ({ file, raw, gzip });
  return {
    initialJs: initialJs.map(strip),
    chatScreenJs: chatScreenKeys.map((key) => chunkOf(manifest[key]?.file ?? key)).map(strip),
    chatScreenEntries: chatEntries,
    allJs: bySize([...chunks.values()].filter((c) => c.file.endsWith('.js'))).map(strip),
    initialCss: initial.cssFiles.map(chunkOf).map(strip),
    allCss: bySize([...chunks.values()].filter((c) => c.file.endsWith('.css'))).map(strip),
    initialGroups: groupSizes(initialJs).slice(0, TOP_GROUPS),
    chatScreenGroups: groupSizes(chatScreenKeys.map((key) => chunkOf(manifest[key]?.file ?? key))).slice(0, TOP_CHAT_GROUPS),
    lazyChunks: lazy,
    watched: locateWatched(WATCHED_MODULES, chunkModules, initialFiles, new Set(chatScreenKeys.map((key) => manifest[key]?.file ?? key))),
  };
}

function writeDocs(figures: BundleFigures): void {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const section = docsSection(figures, { date: new Date().toISOString().slice(0, 10), cores: os.cpus().length, cpu, node: process.version });
  // Only the generated block is replaced; the file's heading and introduction stay as written.
  const existing = fs.existsSync(docsFile) ? fs.readFileSync(docsFile, 'utf8') : '# Web bundle (generated)\n';
  fs.writeFileSync(docsFile, mergeDocsSection(existing, section));
}

try {
  const figures = collectFigures();
  console.info(consoleReport(figures));
  writeDocs(figures);
  console.info(`\nErgebnisse geschrieben nach ${path.relative(repoRoot, docsFile)}`);
  const problems = [
    ...(withinBudget(figures) ? [] : [`Initiales JS für /chat/new: ${kb(initialJsGzip(figures))} kB gzip, Budget ${INITIAL_BUDGET_KB} kB.`]),
    ...figures.watched.filter((w) => !w.keptOutOfInitial).map((w) => `${w.label} liegt im initialen Set.`),
    ...figures.watched.filter((w) => w.keptOutOfInitial && !w.keptOutOfChatScreen).map((w) => `${w.label} wird geladen, bevor der Chat benutzbar ist.`),
  ];
  for (const problem of problems) console.warn(`WARNUNG: ${problem}`);
  // Reporting only by default so `npm run bench` still reaches the hub benchmark; CI can opt in to a gate.
  if (problems.length > 0 && process.env.BENCH_STRICT === '1') process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
