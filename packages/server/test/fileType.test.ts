import { describe, expect, it } from 'vitest';
import { detectFileType, sanitizeFileName } from '../src/platform/files/fileType.js';
import { HTML_AS_PDF, PDF_MINI, PNG_1x1, SVG_WITH_SCRIPT } from './helpers/samples.js';

describe('detectFileType', () => {
  it.each([
    [PDF_MINI, 'application/pdf'],
    [PNG_1x1, 'image/png'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image/jpeg'],
    [Buffer.from('GIF89a....'), 'image/gif'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    [Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('word/document.xml')]), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('notes.txt')]), 'application/zip'],
  ])('should recognise %#', (bytes, mime) => {
    expect(detectFileType(bytes)?.mime).toBe(mime);
  });

  it.each([[HTML_AS_PDF], [SVG_WITH_SCRIPT], [Buffer.from('MZ executable')], [Buffer.alloc(0)]])('should refuse content without an allowed signature %#', (bytes) => {
    expect(detectFileType(bytes)).toBeNull();
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd.pdf'],
    ['a\r\nb.pdf', 'ab.pdf'],
    ['\u202Efdp.exe', 'fdp.pdf'],
    ['...', 'datei.pdf'],
    ['"quote".pdf', '_quote_.pdf'],
    ['angebot.html', 'angebot.pdf'],
    ['rechnung.pdf.exe', 'rechnung.pdf'],
    ['Scan.PDF', 'Scan.PDF'],
    ['.htaccess', 'htaccess.pdf'],
    ['bericht', 'bericht.pdf'],
  ])('should turn %j into %j', (input, output) => {
    expect(sanitizeFileName(input, 'pdf')).toBe(output);
  });

  it('should cut very long names and keep the extension', () => {
    expect(sanitizeFileName('x'.repeat(300), 'pdf')).toHaveLength(120);
    expect(sanitizeFileName(`${'x'.repeat(300)}.exe`, 'pdf')).toMatch(/^x{116}\.pdf$/);
  });

  it('should keep another spelling of the detected type and otherwise use the detected extension', () => {
    expect(sanitizeFileName('foto.jpeg', 'jpg')).toBe('foto.jpeg');
    expect(sanitizeFileName('foto.png', 'jpg')).toBe('foto.jpg');
    expect(sanitizeFileName('bild.heif', 'heic')).toBe('bild.heif');
  });
});
