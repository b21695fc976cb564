import { describe, expect, it } from 'vitest';
import { detectFileType, fileKinds, type FileKindName } from '../src/platform/files/fileType.js';
import { sanitizeFileName } from '../src/platform/files/fileNames.js';
import { chatUploadKinds } from '../src/features/chat/files.js';
import { caseFileDocumentKinds } from '../src/features/casefile/documentTypes.js';
import {
  DOC_MINI,
  DOCX_MINI,
  EXE_MINI,
  GIF_MINI,
  HEIC_MINI,
  HTML_AS_PDF,
  JAR_MINI,
  JPEG_MINI,
  PDF_MINI,
  PNG_1x1,
  PPTX_MINI,
  SVG_WITH_SCRIPT,
  WEBP_MINI,
  XLSX_MINI,
  ZIP_MINI,
} from './support/samples.js';

const everyKind = Object.keys(fileKinds) as FileKindName[];
const extensionsOf = (kind: FileKindName) => fileKinds[kind].extensions;

describe('detectFileType', () => {
  it.each([
    [PDF_MINI, 'application/pdf'],
    [PNG_1x1, 'image/png'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image/jpeg'],
    [Buffer.from('GIF89a....'), 'image/gif'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    [DOCX_MINI, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('notes.txt')]), 'application/zip'],
  ])('should recognise %#', async (bytes, mime) => {
    expect((await detectFileType(bytes, everyKind))?.mime).toBe(mime);
  });

  it.each([[HTML_AS_PDF], [SVG_WITH_SCRIPT], [Buffer.from('MZ executable')], [Buffer.alloc(0)]])(
    'should refuse content without an allowed signature %#',
    async (bytes) => {
      expect(await detectFileType(bytes, everyKind)).toBeUndefined();
    },
  );

  it.each([
    ['pdf', PDF_MINI],
    ['png', PNG_1x1],
    ['jpeg', JPEG_MINI],
    ['gif', GIF_MINI],
    ['webp', WEBP_MINI],
    ['heic', HEIC_MINI],
    ['docx', DOCX_MINI],
    ['xlsx', XLSX_MINI],
    ['pptx', PPTX_MINI],
    ['zip', ZIP_MINI],
    ['doc', DOC_MINI],
  ] as const)('should accept every chat upload kind by its content: %s', async (kind, bytes) => {
    expect(chatUploadKinds).toContain(kind);
    expect(await detectFileType(bytes, chatUploadKinds)).toBe(fileKinds[kind]);
  });

  it.each([
    ['pdf', PDF_MINI],
    ['png', PNG_1x1],
    ['jpeg', JPEG_MINI],
    ['gif', GIF_MINI],
    ['webp', WEBP_MINI],
    ['heic', HEIC_MINI],
    ['docx', DOCX_MINI],
  ] as const)('should accept every case-file document kind by its content: %s', async (kind, bytes) => {
    expect(await detectFileType(bytes, caseFileDocumentKinds)).toBe(fileKinds[kind]);
  });

  it.each([
    ['xlsx', XLSX_MINI],
    ['zip', ZIP_MINI],
    ['doc', DOC_MINI],
  ] as const)('should take a %s as case-file document as the chat does', async (kind, bytes) => {
    expect(await detectFileType(bytes, caseFileDocumentKinds)).toBe(fileKinds[kind]);
  });

  it('should refuse an executable whatever it is called, and only allow what the list names', async () => {
    expect(await detectFileType(EXE_MINI, everyKind)).toBeUndefined();
    expect(await detectFileType(PDF_MINI, ['png'])).toBeUndefined();
  });

  it('should refuse a Java archive, a ZIP that runs, although plain ZIPs are allowed', async () => {
    expect(await detectFileType(JAR_MINI, chatUploadKinds)).toBeUndefined();
  });
});

describe('sanitizeFileName', () => {
  const asPdf = { extensions: extensionsOf('pdf'), emptyStem: 'datei' };
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
    // A browser's multipart escapes of `"`, CR and LF are undone first; other `%` stay the name's own.
    ['Bescheid %22Mai%22.pdf', 'Bescheid _Mai_.pdf'],
    ['a%0D%0Ab.pdf', 'ab.pdf'],
    ['Rabatt 100%.pdf', 'Rabatt 100%.pdf'],
    ['Rabatt 50%25.pdf', 'Rabatt 50%25.pdf'],
  ])('should turn %j into %j', (input, output) => {
    expect(sanitizeFileName(input, asPdf)).toBe(output);
  });

  it('should cut very long names and keep the extension', () => {
    expect(sanitizeFileName('x'.repeat(300), asPdf)).toHaveLength(120);
    expect(sanitizeFileName(`${'x'.repeat(300)}.exe`, asPdf)).toMatch(/^x{116}\.pdf$/);
  });

  it('should keep another spelling of the detected type and otherwise use the detected extension', () => {
    expect(sanitizeFileName('foto.jpeg', { extensions: extensionsOf('jpeg'), emptyStem: 'datei' })).toBe('foto.jpeg');
    expect(sanitizeFileName('foto.png', { extensions: extensionsOf('jpeg'), emptyStem: 'datei' })).toBe('foto.jpg');
    expect(sanitizeFileName('bild.heif', { extensions: extensionsOf('heic'), emptyStem: 'datei' })).toBe('bild.heif');
  });
});
