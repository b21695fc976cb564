import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteFilesWrittenBefore, writtenAt } from '../src/platform/files/datedFiles.js';
import { tempDir } from './support/testApp.js';

describe('files dated by their name', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should read the write time from the stamp the outbox and the envelope store put first', () => {
    expect(writtenAt('2026-11-23T10-00-00-123Z-a1b2c3.eml')).toBe(Date.parse('2026-11-23T10:00:00.123Z'));
    expect(writtenAt('2026-13-45T10-00-00-123Z-x.eml')).toBeNull();
    expect(writtenAt('notiz.eml')).toBeNull();
  });

  it('should delete only matching files written before the cutoff and fall back to the mtime without a stamp', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const write = (name: string) => fs.writeFileSync(path.join(dir, name), 'x');
    write('2026-01-01T00-00-00-000Z-old.eml');
    write('2026-03-01T00-00-00-000Z-new.eml');
    write('2026-01-01T00-00-00-000Z-other.txt');
    write('ohne-datum.eml');
    fs.utimesSync(path.join(dir, 'ohne-datum.eml'), new Date('2025-01-01T00:00:00Z'), new Date('2025-01-01T00:00:00Z'));
    expect(await deleteFilesWrittenBefore(dir, '.eml', Date.parse('2026-02-01T00:00:00Z'))).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(['2026-01-01T00-00-00-000Z-other.txt', '2026-03-01T00-00-00-000Z-new.eml']);
  });

  it('should treat a missing folder as empty', async () => {
    const dir = tempDir();
    dirs.push(dir);
    expect(await deleteFilesWrittenBefore(path.join(dir, 'fehlt'), '.eml', Date.now())).toBe(0);
  });
});
