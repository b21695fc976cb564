// Link tokens live in URLs; this helper removes them before a URL reaches any log (SECURITY A9, J2).

const patterns: ReadonlyArray<[RegExp, string]> = [
  [/(\/api\/case-file\/)(?!login\b|logout\b|authenticated\b)[^/?#]+/g, '$1[token]'],
  [/(\/digitale-fallakte\/)(?!nutzungsbedingungen\b|datenschutz\b|fall-abgeschlossen\b)[^/?#]+/g, '$1[token]'],
  [/([?&]token=)[^&#]*/g, '$1[token]'],
];

/** Replaces case-file link tokens in a URL or path by `[token]`; use it in the request-log serializer. */
export function redactCaseFileTokens(url: string): string {
  return patterns.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), url);
}
