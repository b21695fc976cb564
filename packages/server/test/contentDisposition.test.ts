// Every download names its file through platform/files/download.ts (the `content-disposition` package).
import { describe, expect, it } from 'vitest';
import contentDisposition from 'content-disposition';
import { dispositionHeader } from '../src/platform/files/download.js';

describe('dispositionHeader', () => {
  it('should send a plain ASCII name as it is', () => {
    expect(dispositionHeader('Mietvertrag 2026.pdf')).toBe('attachment; filename="Mietvertrag 2026.pdf"');
  });

  it('should give umlauts an ASCII fallback and the exact UTF-8 name', () => {
    expect(dispositionHeader('Kündigung Müller.pdf')).toBe(`attachment; filename="K_ndigung M_ller.pdf"; filename*=UTF-8''K%C3%BCndigung%20M%C3%BCller.pdf`);
  });

  it.each(['Brief "final".pdf', 'böse\r\nSet-Cookie: x=1.pdf', 'Bericht\u202Efdp.exe'])('should keep %j on one header line and readable back', (name) => {
    const header = dispositionHeader(name);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(contentDisposition.parse(header).parameters['filename']).toBe(name);
  });

  it('should mark server-made PDFs inline when asked', () => {
    expect(dispositionHeader('Vollmacht-2026-001.pdf', 'inline')).toBe('inline; filename="Vollmacht-2026-001.pdf"');
  });
});
