// Build step: the code the lazily loaded pages share, in three chunks instead of about twenty small ones.
// Rolldown's automatic splitting makes one chunk per set of importing entries, so the chat's chunks (container,
// ChatScreenHost, chatControllerBinding) and the other lazy pages shared their core, adapters and io-ts code in many
// chunks of 0.1–4 kB; each costs its gzip framing, its import/export lines and a place in every preload list, and
// compresses alone. Grouped by what the code is (2026-12-05: 200.2 → 198.4 kB gzip until the chat is usable).
// Only modules that two or more entries share are grouped; a page's own modules stay in its chunk. The start chunks'
// modules must stay out of every group: the start would load the whole group then (sharedChunksStayLazy fails the build).
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Modules the start chunks (start.ts, renderApp.tsx and their imports) use from the grouped folders. */
const START_MODULES = /[\\/]packages[\\/](core[\\/]src[\\/]chat[\\/](botTranscriptStore|chatStorageKeys)\.ts$|adapters[\\/]src[\\/]browser[\\/])/;

const lazyOnly =
  (pattern: RegExp) =>
  (id: string): boolean =>
    pattern.test(id) && !START_MODULES.test(id);

/**
 * For `build.rolldownOptions.output.codeSplitting.groups`. `includeDependenciesRecursively: false`: a grouped module's
 * imports that the start chunks load (React, rxjs' core) stay there instead of being pulled into the group.
 */
export const sharedChunkGroups: Rolldown.CodeSplittingGroup[] = [
  {
    // The chat's rules (validation, upload and callback rules, error keys, Berlin time) and the chat screen's helpers
    // that the case file, the protocol and the dialogs use too.
    name: 'chat-rules',
    test: lazyOnly(
      /[\\/]packages[\\/](core[\\/]src[\\/](validation|chat|time|casefile)[\\/]|web[\\/]src[\\/]chat[\\/](screen[\\/](dialogFocus|saveBlob|useObservableState|germanDates)|pages[\\/]base64)\.ts$)/,
    ),
    priority: 2,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
  {
    // The API: wire formats and their io-ts codecs, fetch calls, results; the container needs it on every page.
    name: 'api',
    test: lazyOnly(/[\\/]packages[\\/](core|adapters)[\\/]src[\\/]|[\\/]node_modules[\\/](io-ts|fp-ts)[\\/]/),
    priority: 1,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
  {
    // The UI components and the hook with which a lazy page adds its texts: every lazy page uses them.
    name: 'ui',
    test: lazyOnly(/[\\/]packages[\\/]web[\\/]src[\\/](ui[\\/]|i18n[\\/]useTexts\.ts$)/),
    priority: 1,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
];

/** The parts of an output chunk the check reads. */
export interface GroupedChunk {
  readonly type: 'chunk';
  readonly name: string;
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
}

/** The groups' chunks that the entry or the start chunks (`critical`, sources relative to `root`) import statically. */
export function groupsInStart(root: string, chunks: readonly GroupedChunk[], critical: readonly string[], groups: readonly string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const starts = new Set(critical.map((module) => path.resolve(root, module)));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry || (chunk.facadeModuleId !== null && starts.has(chunk.facadeModuleId))) visit(chunk.fileName);
  return chunks.filter((chunk) => seen.has(chunk.fileName) && groups.includes(chunk.name)).map((chunk) => chunk.fileName);
}

/** Vite plugin: fails the build when a group's chunk became part of the start (a start module matched a group). */
export function sharedChunksStayLazy(options: { readonly root: string; readonly critical: readonly string[] }): Plugin {
  return {
    name: 'rechtschat-shared-chunks-stay-lazy',
    apply: 'build',
    generateBundle(_outputOptions, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & GroupedChunk => item.type === 'chunk');
      const names = sharedChunkGroups.map((group) => group.name).filter((name): name is string => typeof name === 'string');
      const inStart = groupsInStart(options.root, chunks, options.critical, names);
      if (inStart.length > 0) {
        this.error(
          `sharedChunks.ts: ${inStart.join(', ')} would load with the start chunks; a module the start uses matched a group (add it to START_MODULES).`,
        );
      }
    },
  };
}
