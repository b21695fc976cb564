// Minimal real files for upload tests.
import { crc32 } from 'node:zlib';
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const PDF_MINI = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const HTML_AS_PDF = Buffer.from('<html><script>alert(1)</script></html>');
export const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A ZIP archive with stored (uncompressed) entries, enough for content detection. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal Office Open XML package whose main part has the given content type. */
function officeOf(folder: string, mainType: string): Buffer {
  const types = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="${mainType}"/></Types>`;
  return zipOf({ '[Content_Types].xml': types, [`${folder}/main.xml`]: '<x/>' });
}

export const DOCX_MINI = officeOf('word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml');
export const XLSX_MINI = officeOf('xl', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml');
export const PPTX_MINI = officeOf('ppt', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml');
export const ZIP_MINI = zipOf({ 'notes.txt': 'Notizen' });
/** A Java archive: a ZIP, but executable – a polyglot no upload accepts. */
export const JAR_MINI = zipOf({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'Main.class': '\xca\xfe\xba\xbe' });
/** Word 97–2003: an OLE compound file header. */
export const DOC_MINI = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
export const HEIC_MINI = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(16)]);
export const JPEG_MINI = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
export const GIF_MINI = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
export const WEBP_MINI = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);
/** A Windows executable (`MZ` header). */
export const EXE_MINI = Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(60)]);
