// Build step: shorter preload lists for the app's dynamic imports. Vite puts a list of chunks before every import()
// (`__vite__mapDeps`), which its helper preloads in parallel with the imported chunk: every chunk the target imports
// statically, transitively – including react, react-dom, i18next and the other chunks the importing chunk itself
// imports statically, which are loaded and run already when its import() runs. Those entries only cost bytes (1.3 kB
// gzip in the initial JS of /chat/new, more in the chat's chunks). This step leaves them out; a chunk the importer
// does not load itself stays in the list, so nothing is fetched later than before.
import type { Plugin } from 'vite';

/** The part of an output chunk this step reads (Rollup's and Rolldown's chunks both have it). */
interface ChunkImports {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly imports: readonly string[];
}

/** A chunk and every chunk it imports statically, transitively: all loaded once the chunk runs. */
export function loadedWith(fileName: string, imports: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of imports.get(file) ?? []) visit(imported);
  };
  visit(fileName);
  return seen;
}

/** The preload list of one import() in `hostId`, without the chunks the host has loaded already. */
export function missingDeps(deps: readonly string[], hostId: string, imports: ReadonlyMap<string, readonly string[]>): string[] {
  const loaded = loadedWith(hostId, imports);
  return deps.filter((dep) => !loaded.has(dep));
}

/**
 * The plugin records the chunks' static imports before Vite writes the preload lists (both in generateBundle; this
 * one runs first), and `resolveDependencies` (build.modulePreload) filters each list. Without the record – another
 * build path – the lists stay as Vite made them.
 */
export function preloadOnlyMissingDeps(): {
  readonly plugin: Plugin;
  readonly resolveDependencies: (fileName: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];
} {
  let imports: Map<string, readonly string[]> | null = null;
  return {
    plugin: {
      name: 'rechtschat-preload-only-missing-deps',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_outputOptions, bundle) {
          const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkImports => item.type === 'chunk');
          imports = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
        },
      },
    },
    resolveDependencies: (_fileName, deps, { hostId, hostType }) => (hostType === 'js' && imports !== null ? missingDeps(deps, hostId, imports) : deps),
  };
}
