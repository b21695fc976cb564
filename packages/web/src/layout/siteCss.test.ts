// jsdom applies no stylesheet, so the page-frame rules behaviour depends on are pinned on global.css itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../global.css', import.meta.url), 'utf8');

describe('global.css', () => {
  it('should hide the header’s "Abmelden" while the page says nobody is signed in (Back after the logout)', () => {
    // The selector is matched against the rendered chat page in pages.test.tsx.
    const start = css.indexOf('\n.site:has(.signed-out) .site-toolbar > button {');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(css.slice(start, css.indexOf('}', start))).toContain('display: none;');
  });

  it('should keep a heading’s short compound („E-Mail“) from breaking at its hyphen', () => {
    // PageHeading.tsx wraps „E-Mail“ in this span; ProtocolConfirmationPage.test.tsx checks the span.
    const start = css.indexOf('\n.page-heading__keep {');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(css.slice(start, css.indexOf('}', start))).toContain('white-space: nowrap;');
  });
});
