// U+0000 in a parsed JSON value. PostgreSQL's text cannot hold it, so the hub's invocation parser and the platform's
// JSON body parser (platform/http/body.ts) both refuse it before any query; one walk serves both.

/** Whether a parsed JSON value holds U+0000 in a string or a key; iterative, so no nesting depth can overflow the stack. */
export function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
