import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../../src/features/casefile/service.js';
import { pdfText } from '../pdf/pdfText.js';
import { phoneJpeg } from '../support/jpegFactory.js';
import { DOC_MINI, PDF_MINI, PNG_1x1, XLSX_MINI } from '../support/samples.js';
import { browserAnswers, signatureDataUrl, startHarness, type Harness } from './harness.js';

const upload = (name: string, bytes: Buffer, type = 'application/octet-stream') => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
};

describe('case-file content endpoints', () => {
  let h: Harness;
  let file: CreatedCaseFile;
  let cookie: string;
  const url = (suffix: string) => `/api/case-file/${file.token}/${suffix}`;

  beforeAll(async () => {
    h = await startHarness({ maxUploadBytes: 64 * 1024 });
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
  });

  it('should return lawyer, case details and person', async () => {
    expect(await (await h.call('GET', url('lawyer'), { cookie })).json()).toEqual({
      Name: 'Dr. Anna Schäfer',
      Gender: 'female',
      ImageUrl: '/images/lawyer.png',
      Email: 'schaefer@kanzlei.example',
      Phone: '+49 30 1234567',
    });
    expect(await (await h.call('GET', url('case'), { cookie })).json()).toMatchObject({
      Title: 'Kündigung des Arbeitsvertrags',
      Description: 'Kündigung zum Monatsende erhalten.',
      Opponent: null,
      Status: 'Offen',
    });
    expect(await (await h.call('GET', url('person'), { cookie })).json()).toEqual({
      FirstName: 'Erika',
      LastName: 'Muster',
      Email: 'erika@example.org',
      Phone: '+49 151 ••• 45••••',
      Street: null,
      PostalCode: null,
      City: null,
    });
  });

  it('should update the address, record it in the history and reject an invalid e-mail', async () => {
    h.setNow(new Date(h.now().getTime() + 1000));
    const res = await h.call('PUT', url('person'), { cookie, json: { Street: 'Hauptstr. 1', PostalCode: '10115', City: 'Berlin' } });
    expect(await res.json()).toMatchObject({ Street: 'Hauptstr. 1', PostalCode: '10115', City: 'Berlin', Email: 'erika@example.org' });
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string }>;
    expect(history[0]?.Kind).toBe('PersonUpdated');
    const bad = await h.call('PUT', url('person'), { cookie, json: { Email: 'kein-at-zeichen' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ Error: 'InvalidInput' });
  });

  it('should accept a PDF upload, list it and serve it as an inert attachment', async () => {
    const bytes = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF');
    const res = await h.call('POST', url('documents'), { cookie, body: upload('../../Mietvertrag 2026.pdf', bytes) });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { Id: string; FileName: string; ContentType: string; Size: number; UploadedBy: string };
    expect(doc).toMatchObject({ FileName: 'Mietvertrag 2026.pdf', ContentType: 'application/pdf', Size: bytes.length, UploadedBy: 'client' });
    const list = (await (await h.call('GET', url('documents'), { cookie })).json()) as Array<{ Id: string }>;
    expect(list.map((d) => d.Id)).toEqual([doc.Id]);
    const download = await h.call('GET', url(`documents/${doc.Id}`), { cookie });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // An ASCII name needs no `filename*` (RFC 6266; the `content-disposition` package leaves it out).
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Mietvertrag 2026.pdf"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    const stored = await readdir(path.join(h.t.dir, 'casefiles', file.caseId));
    expect(stored).toEqual([doc.Id]);
  });

  it('should reject an upload above the size limit with 413', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100 * 1024, 0x20)]);
    const res = await h.call('POST', url('documents'), { cookie, body: upload('gross.pdf', big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ Error: 'FileTooLarge' });
    expect(await (await h.call('GET', url('documents'), { cookie })).json()).toEqual([]);
  });

  /** Stored documents: rows and files on disk (none of either after a refusal). */
  const storedDocuments = async () => ({
    rows: await h.t.db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', file.caseId).execute(),
    files: await readdir(path.join(h.t.dir, 'casefiles', file.caseId)).catch(() => []),
  });

  it.each([
    ['SVG with script', 'bild.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG without an extension', 'bild', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an executable named .exe', 'setup.exe', Buffer.from('4d5a90000300000004000000ffff0000', 'hex')],
  ])('should reject %s with 415 naming the allowed types, and store nothing', async (_name, fileName, bytes) => {
    const res = await h.call('POST', url('documents'), { cookie, body: upload(fileName, bytes, 'application/pdf') });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      Error: 'UnsupportedFileType',
      Message: 'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF, Bilder (PNG, JPEG, GIF, WebP, HEIC), Office-Dokumente und ZIP-Archive.',
    });
    expect(await storedDocuments()).toEqual({ rows: [], files: [] });
  });

  it.each([
    ['HTML renamed to .pdf', 'rechnung.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a text file named .PDF', 'Bescheid.PDF', Buffer.from('Nur Text, kein PDF.')],
    ['an executable named .docx', 'vertrag.docx', Buffer.from('4d5a90000300000004000000ffff0000', 'hex')],
  ])('should reject %s with 415 saying its content does not fit its ending, and store nothing', async (_name, fileName, bytes) => {
    const res = await h.call('POST', url('documents'), { cookie, body: upload(fileName, bytes, 'application/pdf') });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      Error: 'ContentMismatch',
      Message:
        'Der Inhalt dieser Datei passt nicht zu ihrer Endung – sie ist vermutlich beschädigt oder umbenannt. Bitte speichern Sie sie neu und laden Sie sie erneut hoch.',
    });
    expect(await storedDocuments()).toEqual({ rows: [], files: [] });
  });

  it.each([
    { name: 'screenshot.jpg', content: PNG_1x1, expected: 'screenshot.png', type: 'image/png' },
    { name: 'foto', content: phoneJpeg(), expected: 'foto.jpg', type: 'image/jpeg' },
    { name: 'scan.pdf.exe', content: PDF_MINI, expected: 'scan.pdf', type: 'application/pdf' },
    { name: 'Bescheid.JPEG', content: phoneJpeg(), expected: 'Bescheid.JPEG', type: 'image/jpeg' },
    // The form sends the quotes as %22, as every browser does; the list showed 'Bescheid %22Mai%22.pdf'.
    { name: 'Bescheid "Mai".pdf', content: PDF_MINI, expected: 'Bescheid _Mai_.pdf', type: 'application/pdf' },
    // What the chat takes, the case file takes: an Excel list and a Word 97 file (outside tester).
    { name: 'Kosten.xlsx', content: XLSX_MINI, expected: 'Kosten.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    { name: 'Vertrag.doc', content: DOC_MINI, expected: 'Vertrag.doc', type: 'application/msword' },
  ])('should accept $name by its content and store it as $expected, like the chat', async ({ name, content, expected, type }) => {
    const res = await h.call('POST', url('documents'), { cookie, body: upload(name, content) });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { Id: string; FileName: string; ContentType: string };
    expect(doc).toMatchObject({ FileName: expected, ContentType: type });
    const list = (await (await h.call('GET', url('documents'), { cookie })).json()) as Array<{ FileName: string }>;
    expect(list.map((d) => d.FileName)).toEqual([expected]);
    const download = await h.call('GET', url(`documents/${doc.Id}`), { cookie });
    expect(download.headers.get('content-type')).toBe(type);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${expected}"`);
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string; Text: string }>;
    expect(history.find((e) => e.Kind === 'DocumentUploaded')?.Text).toBe(expected);
  });

  it('should refuse an empty file with 400 "Die Datei ist leer." and store nothing', async () => {
    const res = await h.call('POST', url('documents'), { cookie, body: upload('leer.pdf', Buffer.alloc(0), 'application/pdf') });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Error: 'EmptyFile', Message: 'Die Datei ist leer.' });
    expect(await storedDocuments()).toEqual({ rows: [], files: [] });
  });

  it('should refuse two files in one upload with 400 and store neither', async () => {
    const form = upload('erste.pdf', Buffer.from('%PDF-1.7\n%%EOF'), 'application/pdf');
    form.append('file', new Blob([Buffer.from('%PDF-1.7\n%%EOF')], { type: 'application/pdf' }), 'zweite.pdf');
    const res = await h.call('POST', url('documents'), { cookie, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Error: 'TooManyFiles', Message: 'Bitte laden Sie jeweils nur eine Datei hoch.' });
    expect(await storedDocuments()).toEqual({ rows: [], files: [] });
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string }>;
    expect(history.map((e) => e.Kind)).not.toContain('DocumentUploaded');
  });

  it('should still take one file sent together with a plain form field', async () => {
    const form = upload('brief.pdf', Buffer.from('%PDF-1.7\n%%EOF'), 'application/pdf');
    form.append('note', 'kein Dateifeld');
    const res = await h.call('POST', url('documents'), { cookie, body: form });
    expect(res.status).toBe(201);
    expect((await storedDocuments()).rows).toHaveLength(1);
  });

  it('should answer a broken multipart body with a 4xx JSON error', async () => {
    const res = await h.call('POST', url('documents'), {
      cookie,
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toHaveProperty('Error');
  });

  it('should answer an oversized JSON body with 413', async () => {
    const res = await h.call('POST', url('contact'), { cookie, json: { Subject: 'x', Message: 'y'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ Error: 'PayloadTooLarge' });
  });

  it('should reject an upload that is not multipart', async () => {
    const res = await h.call('POST', url('documents'), { cookie, json: { File: 'x' } });
    expect(res.status).toBe(415);
  });

  it('should store a contact message, mail it to the lawyer and add a history entry', async () => {
    const res = await h.call('POST', url('contact'), { cookie, json: { Subject: 'Rückfrage\r\nBcc: x@evil.example', Message: 'Wann ist der Termin?' } });
    expect(res.status).toBe(204);
    const [mail] = await readdir(h.outboxDir).then((files) => Promise.all(files.map((f) => readFile(path.join(h.outboxDir, f), 'utf8'))));
    expect(mail).toContain('To: schaefer@kanzlei.example');
    expect(mail).toContain('Wann ist der Termin?');
    expect(mail).not.toMatch(/^Bcc:/im);
    const row = await h.t.db.selectFrom('case_file_contacts').selectAll().where('case_file_id', '=', file.caseId).executeTakeFirstOrThrow();
    expect(row.mailed).toBe(1);
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string; Text: string }>;
    expect(history.find((e) => e.Kind === 'ContactMessage')?.Text).toBe('Rückfrage Bcc: x@evil.example\n\nWann ist der Termin?');
  });

  it('should keep questionnaire answers and mark them submitted', async () => {
    expect(await (await h.call('GET', url('questionnaire'), { cookie })).json()).toEqual({ Submitted: false, Answers: {} });
    const res = await h.call('POST', url('questionnaire'), { cookie, json: { Answers: browserAnswers } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Submitted: true, Answers: browserAnswers });
    expect(await (await h.call('GET', url('questionnaire'), { cookie })).json()).toEqual({ Submitted: true, Answers: browserAnswers });
    const bad = await h.call('POST', url('questionnaire'), { cookie, json: { Answers: { a: { nested: true } } } });
    expect(bad.status).toBe(400);
  });

  it('should refuse a contact message over 5000 characters naming the field, and store and mail nothing', async () => {
    const mails = async () => (await readdir(h.outboxDir).catch(() => [])).length;
    const mailsBefore = await mails();
    const res = await h.call('POST', url('contact'), { cookie, json: { Subject: 'Frage', Message: 'x'.repeat(5001) } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      Error: 'InvalidInput',
      Message: 'Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben. Die Nachricht darf höchstens 5000 Zeichen lang sein.',
    });
    const blank = await h.call('POST', url('contact'), { cookie, json: { Subject: ' ', Message: ' ' } });
    expect(((await blank.json()) as { Message: string }).Message).toBe(
      'Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben. Bitte geben Sie einen Betreff ein. Bitte schreiben Sie eine Nachricht.',
    );
    expect(await h.t.db.selectFrom('case_file_contacts').selectAll().where('case_file_id', '=', file.caseId).execute()).toEqual([]);
    expect(await mails()).toBe(mailsBefore);
  });

  it('should take a message of exactly 5000 characters and store it trimmed', async () => {
    const message = 'x'.repeat(5000);
    expect((await h.call('POST', url('contact'), { cookie, json: { Subject: 'Frage', Message: `  ${message}\n` } })).status).toBe(204);
    const row = await h.t.db.selectFrom('case_file_contacts').selectAll().where('case_file_id', '=', file.caseId).executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
  });

  it('should serve the Vollmacht as PDF and file the signed copy with a history entry', async () => {
    const unsignedAgain = async () => (await h.call('GET', url('power-of-attorney'), { cookie })).arrayBuffer();
    const unsigned = await h.call('GET', url('power-of-attorney'), { cookie });
    expect(unsigned.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(await unsigned.arrayBuffer()))).toContain('Hiermit wird Rechtsanwältin Dr. Anna Schäfer');

    h.setNow(new Date(h.now().getTime() + 60_000));
    const res = await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage: signatureDataUrl, Place: 'Köln' } });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { Id: string; ContentType: string; UploadedBy: string };
    expect(doc).toMatchObject({ ContentType: 'application/pdf', UploadedBy: 'system' });
    const signed = new Uint8Array(await (await h.call('GET', url(`documents/${doc.Id}`), { cookie })).arrayBuffer());
    expect(await pdfText(signed)).toContain(`Köln, ${h.now().toISOString().slice(8, 10)}.06.2026`);
    // The hint how signing works belongs to the copy to read, not to the signed one.
    expect(await pdfText(new Uint8Array(await unsignedAgain()))).toContain('Hinweis: Die Unterschrift wird in der digitalen Fallakte gezeichnet.');
    expect(await pdfText(signed)).not.toContain('Hinweis');
    expect(await pdfText(signed)).not.toContain('beim Unterschreiben eingetragen');
    expect((await PDFDocument.load(signed)).getKeywords()).toContain('signiert');
    const history = (await (await h.call('GET', url('history'), { cookie })).json()) as Array<{ Kind: string; Created: string }>;
    expect(history[0]).toMatchObject({ Kind: 'PowerOfAttorneySigned', Created: h.now().toISOString() });
    const again = await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage: signatureDataUrl, Place: 'Köln' } });
    expect(again.status).toBe(409);
  });

  it('should reject a signature that is not a PNG data URL', async () => {
    for (const SignatureImage of ['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/png;base64,R0lGODlh', 'https://example.org/sig.png']) {
      const res = await h.call('POST', url('power-of-attorney'), { cookie, json: { SignatureImage, Place: 'Köln' } });
      expect(res.status).toBe(400);
    }
    const docs = await h.t.db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', file.caseId).execute();
    expect(docs).toEqual([]);
  });

  it('should answer unknown paths below the prefix with a JSON 404', async () => {
    const res = await h.call('GET', '/api/case-file/x/y/z', { cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ Error: 'NotFound' });
  });
});
