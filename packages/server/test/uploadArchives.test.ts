// H2 over real HTTP: ZIP uploads and the Office files built on ZIP are inspected before they are stored – in the chat
// (both sides) and in the case file. A refused archive leaves neither bytes nor a row nor a chat message behind.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ChatFileInfo } from '@rechtschat/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../src/features/casefile/service.js';
import { startHarness, type Harness } from './casefile/harness.js';
import { useAcceptedChat, type Participant } from './support/flows.js';
import { DOCX_MINI, ZIP_MINI } from './support/samples.js';
import { strToU8 } from 'fflate';
import { docxWith, zipBomb, zipWith, zipWithLyingSize, zipWithName, zipWithSymlink } from './support/zipFactory.js';

const archiveRefused = {
  Error: 'ArchiveRefused',
  Message:
    'Das Archiv kann nicht angenommen werden: Es enthält zu viele oder zu große Dateien oder unzulässige Einträge. Bitte senden Sie die Dateien einzeln.',
};

const refusedArchives: ReadonlyArray<[string, () => Buffer, string]> = [
  ['a zip bomb (4 MiB of zeros)', zipBomb, 'Unterlagen.zip'],
  ['a symlink entry to /etc/passwd', zipWithSymlink, 'Unterlagen.zip'],
  ["an entry named '../../evil.sh'", () => zipWithName('../../evil.sh'), 'Unterlagen.zip'],
  ['a bomb inside a DOCX', () => docxWith({ 'word/nullen.bin': new Uint8Array(4 * 1024 * 1024) }), 'Brief.docx'],
];

const form = (content: Buffer, name: string) => {
  const body = new FormData();
  body.append('file', new Blob([content], { type: 'application/octet-stream' }), name);
  return body;
};

describe('archives in chat uploads', () => {
  const running = useAcceptedChat();

  const upload = (who: Participant, content: Buffer, name: string) =>
    who.http.raw(`${running.app.chatUrl}/api/chat/file/${running.ids.ChatId}`, { method: 'POST', body: form(content, name) });
  const storedFiles = async () => (await readdir(path.join(running.app.dataDir, 'uploads')).catch(() => [])).length;

  it.each(refusedArchives)('should refuse %s with 422 ArchiveRefused and store nothing', async (_label, archive, name) => {
    const before = await storedFiles();
    for (const who of [running.participant, running.lawyer]) {
      const response = await upload(who, archive(), name);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual(archiveRefused);
    }
    expect(await storedFiles()).toBe(before);
  });

  it.each([
    ['a bomb whose headers understate its size', zipWithLyingSize(), 'klein.zip'],
    ['a bare 8-byte ZIP header named .docx', Buffer.from('504b030414000000', 'hex'), 'a.docx'],
  ])('should refuse %s as a broken file with 400 and store nothing', async (_label, content, name) => {
    const before = await storedFiles();
    const response = await upload(running.participant, content, name);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      Error: 'BadRequest',
      Message: 'Die Datei ist beschädigt und kann nicht gespeichert werden. Bitte laden Sie sie erneut hoch.',
    });
    expect(await storedFiles()).toBe(before);
  });

  it('should still store a plain ZIP and a DOCX', async () => {
    const zip = await upload(
      running.participant,
      zipWith({ 'Unterlagen/Mietvertrag.txt': strToU8('Sehr geehrte Damen und Herren, '.repeat(200)) }),
      'Unterlagen.zip',
    );
    expect(zip.status).toBe(200);
    expect((await zip.json()) as ChatFileInfo).toMatchObject({ ContentType: 'application/zip', FileName: 'Unterlagen.zip' });
    const docx = await upload(running.lawyer, DOCX_MINI, 'Musterschreiben.docx');
    expect(docx.status).toBe(200);
    expect((await docx.json()) as ChatFileInfo).toMatchObject({ FileName: 'Musterschreiben.docx' });
    expect((await upload(running.participant, ZIP_MINI, 'notizen.zip')).status).toBe(200);
  });

  it('should name ZIP among the allowed types when it refuses a type', async () => {
    const response = await upload(running.participant, Buffer.from('<html></html>'), 'seite.html');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      Error: 'UnsupportedMediaType',
      Message: 'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Bilder (PNG, JPEG, GIF, WebP, HEIC), Office-Dokumente und ZIP-Archive.',
    });
  });
});

describe('archives in case-file uploads', () => {
  let h: Harness;
  let file: CreatedCaseFile;
  let cookie: string;

  const upload = (content: Buffer, name: string) => h.call('POST', `/api/case-file/${file.token}/documents`, { cookie, body: form(content, name) });
  const storedRows = async () => h.t.db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', file.caseId).execute();

  beforeAll(async () => {
    h = await startHarness({ maxUploadBytes: 64 * 1024 });
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
  });

  it.each([
    ['a zip bomb', () => docxWith({ 'word/nullen.bin': new Uint8Array(4 * 1024 * 1024) })],
    ['a symlink', () => docxWith({ 'word/passwd': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 * 0x10000 }] })],
    ["an entry named '../../evil.sh'", () => docxWith({ '../../evil.sh': strToU8('#!/bin/sh') })],
  ])('should refuse a DOCX holding %s with 422 ArchiveRefused and store nothing', async (_label, docx) => {
    const response = await upload(docx(), 'Brief.docx');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(archiveRefused);
    expect(await storedRows()).toEqual([]);
  });

  it('should refuse a DOCX whose headers lie about its size as broken, and still store a good DOCX', async () => {
    const lying = Buffer.from(DOCX_MINI);
    // The stored [Content_Types].xml entry claims one byte more than it holds.
    lying.writeUInt32LE(lying.readUInt32LE(lying.readUInt32LE(lying.length - 22 + 16) + 24) + 1, lying.readUInt32LE(lying.length - 22 + 16) + 24);
    const broken = await upload(lying, 'Brief.docx');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ Error: 'InvalidUpload' });
    expect(await storedRows()).toEqual([]);
    expect((await upload(DOCX_MINI, 'Brief.docx')).status).toBe(201);
  });
});
