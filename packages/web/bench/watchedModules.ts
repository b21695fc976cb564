// Modules that must stay out of the first load of /chat/new (STACK/DESIGN performance rules):
// where did they land in the build?

export interface WatchedModule {
  readonly label: string;
  readonly pattern: RegExp;
}

export const WATCHED_MODULES: readonly WatchedModule[] = [
  { label: 'libphonenumber-js metadata', pattern: /node_modules\/libphonenumber-js\/(?:[^/]+\/)*metadata\.[a-z.]*json/ },
  { label: 'Sentry Replay', pattern: /node_modules\/(?:@sentry\/replay|@sentry-internal\/replay)\// },
  { label: 'Fallakte (packages/web/src/casefile)', pattern: /packages\/web\/src\/casefile\// },
];

/** The modules of one built chunk (repo-relative source paths from its source map). */
export interface ChunkModules {
  readonly file: string;
  readonly modules: readonly string[];
}

export interface WatchedLocation {
  readonly label: string;
  /** Chunks holding at least one matching module, with the matches. */
  readonly chunks: readonly { readonly file: string; readonly initial: boolean; readonly modules: readonly string[] }[];
  /** Not in the build at all, or only in lazy chunks. */
  readonly keptOutOfInitial: boolean;
}

export function locateWatched(watched: readonly WatchedModule[], chunks: readonly ChunkModules[], initialFiles: ReadonlySet<string>): WatchedLocation[] {
  return watched.map(({ label, pattern }) => {
    const hits = chunks
      .map((chunk) => ({ file: chunk.file, initial: initialFiles.has(chunk.file), modules: chunk.modules.filter((module) => pattern.test(module)) }))
      .filter((hit) => hit.modules.length > 0);
    return { label, chunks: hits, keptOutOfInitial: hits.every((hit) => !hit.initial) };
  });
}
