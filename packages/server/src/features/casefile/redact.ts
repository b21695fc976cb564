// Link tokens live in URLs; these paths and this helper remove them before a URL reaches any log.
import type { TokenPath } from '../../platform/logger.js';

/** Link tokens live in these URLs: platform/http/security.ts treats the prefix as a token path (CSRF, no-referrer, no-store). */
export const caseFilePrefix = '/api/case-file';

/** The case-file paths that carry the link token, for the request log (`platform/logger.ts` › `requestSerializer`). */
export const caseFileTokenPaths: readonly TokenPath[] = [
  { prefix: caseFilePrefix, literals: ['login', 'logout', 'authenticated'] },
  { prefix: '/digitale-fallakte', literals: ['nutzungsbedingungen', 'datenschutz', 'fall-abgeschlossen', 'zurueckgezogen'] },
];

const patterns: ReadonlyArray<[RegExp, string]> = [
  ...caseFileTokenPaths.map(({ prefix, literals = [] }): [RegExp, string] => [
    new RegExp(`(${prefix.replace(/[/-]/g, '\\$&')}/)(?!${literals.map((l) => `${l}\\b`).join('|')})[^/?#]+`, 'g'),
    '$1[token]',
  ]),
  [/([?&]token=)[^&#]*/g, '$1[token]'],
];

/** Replaces case-file link tokens in a URL or path by `[token]`. */
export function redactCaseFileTokens(url: string): string {
  return patterns.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), url);
}
