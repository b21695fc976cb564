// Build step: which lazily loaded chunks each route needs at once, written for the server
// as dist/.vite/route-preloads.json. The server lists them in that route's index.html (the start chunks as
// <link rel="modulepreload">, the rest for the entry to preload after the first paint), so the browser
// fetches them at once instead of one after the other (entry → container → area chunk → its imports).
// Vite itself preloads only the entry's static imports.
import path from 'node:path';
import type { Plugin } from 'vite';

/** A route prefix (as in the URL, e.g. "/chat/") and the source modules it loads lazily at start. */
export interface RouteModules {
  readonly prefix: string;
  readonly modules: readonly string[];
}

/**
 * What the server reads: asset paths (relative to dist) per route prefix; `always` for every page;
 * `critical`, also on every page, is what the tiny entry starts at once (the app's start chunk and its
 * imports): fetched with the page, at the browser's normal priority.
 */
export interface RoutePreloadFile {
  readonly critical: readonly string[];
  readonly always: readonly string[];
  readonly routes: readonly { readonly prefix: string; readonly scripts: readonly string[] }[];
}

/** The parts of an output chunk this step reads (Rollup's and Rolldown's chunks both have them). */
export interface ChunkInfo {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
  /** The modules bundled into the chunk. */
  readonly moduleIds?: readonly string[];
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A chunk whose modules are all stylesheets: Vite removes it from the output once the CSS is extracted. */
function isCssOnly(chunk: ChunkInfo): boolean {
  const modules = chunk.moduleIds ?? [];
  return modules.length > 0 && modules.every((id) => /\.css(\?|$)/.test(id));
}

function staticClosure(start: string, chunks: ReadonlyMap<string, ChunkInfo>): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}

/**
 * Resolves every route's modules to the chunk files they need beyond what the entry already loads.
 * `critical` and `always` modules are listed once and left out of what comes after them.
 */
export function resolveRoutePreloads(
  root: string,
  chunkList: readonly ChunkInfo[],
  critical: readonly string[],
  always: readonly string[],
  routes: readonly RouteModules[],
): RoutePreloadFile {
  // A chunk of CSS alone (a stylesheet several lazy pages import, e.g. pages.css) is still a JS chunk when this runs, but
  // Vite drops it from the output afterwards: listed, the browser fetched a script that is not there (404).
  const scriptChunks = chunkList.filter((chunk) => !isCssOnly(chunk));
  const chunks = new Map(scriptChunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunkList.find((chunk) => chunk.isEntry);
  const inEntry = new Set(entry ? staticClosure(entry.fileName, chunks) : []);
  const chunkOf = (module: string) => {
    const wanted = path.resolve(root, module);
    // A module that is also imported statically elsewhere lands in a shared chunk, which has no facade.
    const chunk =
      chunkList.find((candidate) => candidate.facadeModuleId === wanted) ?? chunkList.find((candidate) => candidate.moduleIds?.includes(wanted) === true);
    if (!chunk) throw new Error(`route-preloads: ${module} is in no chunk of the build (was it renamed or removed?)`);
    return chunk.fileName;
  };
  const filesFor = (modules: readonly string[], skip: ReadonlySet<string>) =>
    [...new Set(modules.flatMap((module) => staticClosure(chunkOf(module), chunks)))].filter(
      (file) => chunks.has(file) && !inEntry.has(file) && !skip.has(file),
    );
  const criticalFiles = filesFor(critical, new Set());
  const alwaysFiles = filesFor(always, new Set(criticalFiles));
  const skip = new Set([...criticalFiles, ...alwaysFiles]);
  return {
    critical: criticalFiles,
    always: alwaysFiles,
    routes: routes.map(({ prefix, modules }) => ({ prefix, scripts: filesFor(modules, skip) })),
  };
}

/** Vite plugin: writes dist/.vite/route-preloads.json next to Vite's manifest. */
export function routePreloads(options: {
  readonly root: string;
  readonly critical: readonly string[];
  readonly always: readonly string[];
  readonly routes: readonly RouteModules[];
}): Plugin {
  return {
    name: 'rechtschat-route-preloads',
    apply: 'build',
    generateBundle(_outputOptions, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkInfo => item.type === 'chunk');
      const file = resolveRoutePreloads(options.root, chunks, options.critical, options.always, options.routes);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(file, null, 2)}\n` });
    },
  };
}
