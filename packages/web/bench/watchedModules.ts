// Modules that must stay out of the first load of /chat/new (docs/performance.md):
// where did they land in the build?

export interface WatchedModule {
  readonly label: string;
  readonly pattern: RegExp;
  /** Must also stay out of everything loaded until the chat is usable, not only out of the initial set. */
  readonly outOfChatScreen?: boolean;
}

export const WATCHED_MODULES: readonly WatchedModule[] = [
  // Loaded only when a phone number is asked for (PhoneNumberPlan port, chatControllerBinding.ts).
  { label: 'libphonenumber-js metadata', pattern: /node_modules\/libphonenumber-js\/(?:[^/]+\/)*metadata\.[a-z.]*json/, outOfChatScreen: true },
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
  readonly chunks: readonly { readonly file: string; readonly initial: boolean; readonly chatScreen: boolean; readonly modules: readonly string[] }[];
  /** Not in the build at all, or only in lazy chunks. */
  readonly keptOutOfInitial: boolean;
  /** For `outOfChatScreen` modules: in none of the chunks loaded until the chat is usable (always true otherwise). */
  readonly keptOutOfChatScreen: boolean;
}

export function locateWatched(
  watched: readonly WatchedModule[],
  chunks: readonly ChunkModules[],
  initialFiles: ReadonlySet<string>,
  chatScreenFiles: ReadonlySet<string> = new Set(),
): WatchedLocation[] {
  return watched.map(({ label, pattern, outOfChatScreen }) => {
    const hits = chunks
      .map((chunk) => ({
        file: chunk.file,
        initial: initialFiles.has(chunk.file),
        chatScreen: chatScreenFiles.has(chunk.file),
        modules: chunk.modules.filter((module) => pattern.test(module)),
      }))
      .filter((hit) => hit.modules.length > 0);
    return {
      label,
      chunks: hits,
      keptOutOfInitial: hits.every((hit) => !hit.initial),
      keptOutOfChatScreen: outOfChatScreen !== true || hits.every((hit) => !hit.chatScreen),
    };
  });
}
