// The ZIP inspector every ZIP-based upload passes (H2): limits on entries, size and ratio, no symlinks, no paths out
// of the folder, no lying headers, no ZIP64 – on archives generated here.
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { defaultZipLimits, inspectZip } from '../src/platform/files/zipInspection.js';
import { DOCX_MINI, ZIP_MINI } from './support/samples.js';
import { zipBomb, zipWith, zipWithLyingSize, zipWithName, zipWithSymlink } from './support/zipFactory.js';

const manyEntries = (count: number) => zipWith(Object.fromEntries(Array.from({ length: count }, (_, i) => [`beleg-${i}.txt`, strToU8('x')])));

describe('inspectZip', () => {
  it('should accept a plain archive, a DOCX and an archive with folders and German names', async () => {
    expect(await inspectZip(ZIP_MINI)).toEqual({ ok: true });
    expect(await inspectZip(DOCX_MINI)).toEqual({ ok: true });
    const text = strToU8('Sehr geehrte Damen und Herren, '.repeat(2000));
    expect(await inspectZip(zipWith({ 'Unterlagen/Kündigung.txt': text, 'Unterlagen/Mietvertrag.txt': text, 'leer.txt': new Uint8Array(0) }))).toEqual({
      ok: true,
    });
  });

  it('should refuse a zip bomb by its compression ratio', async () => {
    expect(await inspectZip(zipBomb())).toEqual({ ok: false, problem: 'ratio' });
  });

  it('should refuse a bomb whose headers understate its size as malformed once inflating passes the stated size', async () => {
    expect(await inspectZip(zipWithLyingSize())).toEqual({ ok: false, problem: 'malformed' });
  });

  it('should refuse more entries than the limit', async () => {
    expect(await inspectZip(manyEntries(defaultZipLimits.maxEntries))).toEqual({ ok: true });
    expect(await inspectZip(manyEntries(defaultZipLimits.maxEntries + 1))).toEqual({ ok: false, problem: 'tooManyEntries' });
  });

  it('should refuse an archive that unpacks to more than the total limit', async () => {
    const zip = zipWith({ 'a.bin': new Uint8Array(600_000), 'b.bin': new Uint8Array(600_000) });
    expect(await inspectZip(zip, { ...defaultZipLimits, maxTotalUncompressed: 1_000_000 })).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('should refuse a symlink entry', async () => {
    expect(await inspectZip(zipWithSymlink())).toEqual({ ok: false, problem: 'symlink' });
  });

  it.each(['../../evil.sh', 'ordner/../../evil.sh', '..\\..\\evil.bat', '/etc/cron.d/evil', '\\Windows\\evil.bat', 'C:/evil.bat', 'a\0b.txt'])(
    'should refuse the entry name %j',
    async (name) => {
      expect(await inspectZip(zipWithName(name))).toEqual({ ok: false, problem: 'unsafePath' });
    },
  );

  it('should refuse an archive nested inside an archive when the inner one is a bomb', async () => {
    expect(await inspectZip(zipWith({ 'innen.zip': zipBomb() }))).toEqual({ ok: false, problem: 'ratio' });
    expect(await inspectZip(zipWith({ 'innen.zip': ZIP_MINI }))).toEqual({ ok: true });
  });

  it('should refuse encrypted entries, which neither this check nor the malware scan can read', async () => {
    const zip = Buffer.from(ZIP_MINI);
    zip.writeUInt16LE(1, zip.readUInt32LE(zip.length - 22 + 16) + 8);
    expect(await inspectZip(zip)).toEqual({ ok: false, problem: 'encrypted' });
  });

  it('should refuse ZIP64, which no upload of this size needs', async () => {
    const zip = Buffer.from(ZIP_MINI);
    zip.writeUInt16LE(0xffff, zip.length - 22 + 10);
    expect(await inspectZip(zip)).toEqual({ ok: false, problem: 'zip64' });
  });

  it.each([
    ['a bare local header', Buffer.from('504b030414000000', 'hex')],
    ['an archive cut off before its end record', ZIP_MINI.subarray(0, ZIP_MINI.length - 10)],
    ['an archive cut off in its data', Buffer.concat([ZIP_MINI.subarray(0, 20), ZIP_MINI.subarray(ZIP_MINI.length - 80)])],
    ['an empty buffer', Buffer.alloc(0)],
  ])('should refuse %s as malformed', async (_label, bytes) => {
    expect(await inspectZip(bytes)).toEqual({ ok: false, problem: 'malformed' });
  });
});
