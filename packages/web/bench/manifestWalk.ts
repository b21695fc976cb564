// Pure walks over Vite's build manifest (dist/.vite/manifest.json): which chunks the browser
// must load before the first render (entry + static imports) and which arrive lazily.

/** One manifest record as Vite writes it; only the fields the bundle report reads. */
export interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The initial set: what the browser loads (and Vite modulepreloads) before the app can render. */
export interface InitialSet {
  /** Manifest keys, entry first, then static imports in depth-first order. */
  readonly keys: readonly string[];
  readonly jsFiles: readonly string[];
  readonly cssFiles: readonly string[];
}

function chunkAt(manifest: Manifest, key: string, referrer: string | null): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(referrer === null ? `Manifest hat keinen Eintrag "${key}".` : `Manifest-Eintrag "${referrer}" importiert unbekannten Eintrag "${key}".`);
  return chunk;
}

/** The manifest key of the HTML entry (Vite keys it by its source, e.g. "index.html"). */
export function findEntryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  const html = entries.find(([key]) => key.endsWith('.html')) ?? entries[0];
  if (!html) throw new Error('Manifest enthält keinen Einstiegspunkt (isEntry).');
  return html[0];
}

/**
 * `root` and everything it reaches through static `imports`, each key once, root first.
 * Dynamic imports are not followed; import cycles (lazy chunks importing the entry back) are fine.
 */
export function staticClosure(manifest: Manifest, root: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (key: string, referrer: string | null): void => {
    if (seen.has(key)) return;
    seen.add(key);
    order.push(key);
    for (const next of chunkAt(manifest, key, referrer).imports ?? []) visit(next, key);
  };
  visit(root, null);
  return order;
}

/** What the page loads at once: the entry and `startKeys` (chunks the entry starts right away), with their static imports. */
export function initialSet(manifest: Manifest, entryKey: string, startKeys: readonly string[] = []): InitialSet {
  const keys = staticClosureOfAll(manifest, [entryKey, ...startKeys]);
  const chunks = keys.map((key) => chunkAt(manifest, key, null));
  return {
    keys,
    jsFiles: chunks.map((chunk) => chunk.file),
    cssFiles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

/**
 * For every chunk outside the initial set: the dynamic entries (by source path) whose loading
 * pulls it in. Tells which route or feature pays for a lazy chunk.
 */
export function lazyLoaders(manifest: Manifest, initialKeys: readonly string[]): Map<string, string[]> {
  const initial = new Set(initialKeys);
  const loaders = new Map<string, string[]>();
  const dynamicEntries = Object.entries(manifest).filter(([key, chunk]) => chunk.isDynamicEntry === true && !initial.has(key));
  for (const [entryKey, entry] of dynamicEntries) {
    for (const key of staticClosure(manifest, entryKey)) {
      if (initial.has(key)) continue;
      loaders.set(key, [...(loaders.get(key) ?? []), entry.src ?? entryKey]);
    }
  }
  return loaders;
}

/** Union of the static closures of several roots, first-seen order; for "entry + these lazy routes". */
export function staticClosureOfAll(manifest: Manifest, roots: readonly string[]): string[] {
  return [...new Set(roots.flatMap((root) => staticClosure(manifest, root)))];
}

/** Manifest key of the chunk built from `src` (a source path as Vite records it), if any. */
export function keyOfSource(manifest: Manifest, src: string): string | undefined {
  return Object.entries(manifest).find(([, chunk]) => chunk.src === src)?.[0];
}
