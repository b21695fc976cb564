// Text no store keeps as it was sent, in a parsed JSON value. U+0000: PostgreSQL's text cannot hold it. A lone UTF-16
// surrogate (`"\ud800"`, found from outside 2026-12-05): UTF-8 cannot encode it, so the database kept three U+FFFD
// in its place – the sender's echo and the live message showed one text, the reload and the PDF another, three times
// as long as the length checked. Neither has a use in any field; the hub's invocation parser and the platform's JSON
// body parser (platform/http/body.ts) refuse both before any query, with one walk.

/** What a parsed value holds that cannot be stored as sent, or null. */
export type UnstorableText = 'nul' | 'loneSurrogate';

/**
 * Whether JSON text may hold unstorable text once parsed: only its escapes can (a raw U+0000 is invalid JSON, and
 * strictly decoded UTF-8 holds no surrogates), so the walk is skipped for nearly every request and hub call.
 */
export const mayHoldUnstorableText = (json: string): boolean => /\\u(?:0000|[dD][89a-fA-F])/.test(json);

function unstorableIn(text: string): UnstorableText | null {
  if (text.includes('\u0000')) return 'nul';
  return text.isWellFormed() ? null : 'loneSurrogate';
}

/** The first unstorable text in a string or key of a parsed JSON value; iterative, so no nesting depth overflows the stack. */
export function unstorableTextIn(root: unknown): UnstorableText | null {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      const found = unstorableIn(value);
      if (found !== null) return found;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const found = unstorableIn(key);
        if (found !== null) return found;
        pending.push(inner);
      }
    }
  }
  return null;
}
