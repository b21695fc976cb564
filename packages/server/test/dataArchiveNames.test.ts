// The names of files inside the data-request archive (GDPR Art. 15): one safe path segment each, and a long one
// keeps its extension so it still opens (found from outside: 'xxx…' cut at the limit without its '.pdf').
import { describe, expect, it } from 'vitest';
import { zipSegment } from '../src/features/dataRequests/dataArchive.js';

describe('zipSegment', () => {
  it('should shorten a long base name and keep the extension', () => {
    const name = zipSegment(`AbCdEfGhIjKlMnOpQrStUv-${'x'.repeat(116)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name).toMatch(/^AbCdEfGhIjKlMnOpQrStUv-x+\.pdf$/);
  });

  it('should keep a name within the limit as it is, and cut by characters, never inside an emoji', () => {
    expect(zipSegment('id-Kündigung.pdf')).toBe('id-Kündigung.pdf');
    const name = zipSegment(`${'😀'.repeat(130)}.docx`);
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('😀.docx')).toBe(true);
  });

  it('should cut a long name without an extension at the limit', () => {
    expect(zipSegment('y'.repeat(200))).toBe('y'.repeat(120));
  });

  it('should allow no folders, control characters or leading dots', () => {
    expect(zipSegment('../../a\u0000b/c.pdf')).toBe('__.._a_b_c.pdf');
  });
});
