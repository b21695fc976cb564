// jsdom lays nothing out, so the rules the case file's narrow layouts depend on are pinned on the stylesheets
// (the browser journey casefile-shell.spec.ts measures them).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const casefileCss = readFileSync(new URL('./casefile.css', import.meta.url), 'utf8');
const uiCss = readFileSync(new URL('../ui/ui.css', import.meta.url), 'utf8');

/** The declarations of the first rule whose selector line is exactly `selector`. */
function rule(css: string, selector: string): string {
  const start = css.indexOf(`\n${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
}

describe('case-file stylesheets', () => {
  it('should wrap a long file name inside an alert instead of widening the phone page', () => {
    expect(rule(uiCss, '.ui-alert__message')).toMatch(/min-width: 0;[\s\S]*overflow-wrap: anywhere;/);
    expect(rule(casefileCss, '.casefile-upload-note')).toContain('overflow-wrap: anywhere;');
  });

  it('should scroll the header away with the page on a low screen (sideways, keyboard open) instead of keeping it on top', () => {
    expect(rule(casefileCss, '.casefile-header')).toContain('position: sticky;');
    const low = casefileCss.indexOf('@media (max-height: 480px) {');
    expect(low).toBeGreaterThanOrEqual(0);
    const block = casefileCss.slice(low, casefileCss.indexOf('\n}\n', low));
    expect(block).toMatch(/\.casefile-header \{\s*position: static;\s*\}/);
    expect(block).toMatch(/html:has\(\.casefile-header\) \{\s*scroll-padding-top: 8px;\s*\}/);
  });

  it('should keep the page where it is when an answer adds fields below it (no scroll anchor inside a form)', () => {
    expect(rule(casefileCss, '.casefile-main form')).toContain('overflow-anchor: none;');
  });

  it('should not wrap the case reference in the Vollmacht text', () => {
    expect(rule(casefileCss, '.casefile-reference')).toContain('white-space: nowrap;');
  });

  it('should choose the two-column description list by the content width, not the window (the side menu takes 280 px)', () => {
    expect(rule(casefileCss, '.casefile-content')).toContain('container: casefile-content / inline-size;');
    const twoColumns = casefileCss.indexOf('grid-template-columns: 220px 1fr;');
    const opening = casefileCss.lastIndexOf('@', twoColumns);
    expect(casefileCss.slice(opening, twoColumns)).toMatch(/^@container casefile-content \(min-width: 560px\) \{\s*\.casefile-dl \{\s*$/);
  });
});
