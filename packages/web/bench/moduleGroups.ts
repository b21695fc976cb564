// Readable groups for module paths from source maps: npm packages by name, our own sources by
// workspace package and top-level folder, so a size breakdown points at something one can import lazily.

/** Normalises a repo-relative or absolute path to forward slashes. */
function slashes(path: string): string {
  return path.replaceAll('\\', '/');
}

/**
 * "node_modules/@mui/material/esm/Button/Button.js" → "@mui/material",
 * "packages/web/src/chat/pages/ChatArea.tsx" → "@rechtschat/web src/chat",
 * anything else (virtual modules, "\0vite/…") → the path as given.
 */
export function moduleGroup(path: string): string {
  const normal = slashes(path);
  // The last node_modules segment wins, so nested copies are grouped under the package itself.
  const npm = /(?:^|\/)node_modules\/(?!.*\/node_modules\/)((?:@[^/]+\/)?[^/]+)/.exec(normal);
  if (npm?.[1]) return npm[1];
  const own = /(?:^|\/)packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(normal);
  if (own?.[1]) return own[2] ? `@rechtschat/${own[1]} src/${own[2]}` : `@rechtschat/${own[1]} src`;
  return normal;
}
