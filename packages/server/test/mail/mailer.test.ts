import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/platform/mail/index.js';
import { renderUsageConfirmationPdf } from '../../src/platform/pdf/index.js';
import { startSmtpSink } from './smtpSink.js';

/** Minimal RFC 822 / MIME reader for the assertions: top-level headers and the parts of a multipart body. */
function parseEml(raw: string): { headers: Map<string, string>; parts: Array<{ headers: Map<string, string>; body: string }> } {
  const readHeaders = (block: string) => {
    const headers = new Map<string, string>();
    for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
    }
    return headers;
  };
  const split = raw.indexOf('\r\n\r\n');
  const headers = readHeaders(raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const body = raw.slice(split + 4);
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const p = part.replace(/^\r\n/, '');
          const s = p.indexOf('\r\n\r\n');
          return { headers: readHeaders(p.slice(0, s)), body: p.slice(s + 4).trim() };
        })
    : [];
  return { headers, parts };
}

describe('createMailer without SMTP', () => {
  let outboxDir: string;
  beforeEach(async () => {
    outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterEach(async () => {
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('should write an .eml with text and PDF attachment into the outbox', async () => {
    const pdf = await renderUsageConfirmationPdf({ caseId: 'c1', date: new Date('2026-01-05T10:00:00Z'), fieldOfLaw: 'Mietrecht', lawyerName: 'RA Test' });
    const mailer = createMailer({ outboxDir, from: 'Kanzlei Muster <chat@kanzlei-muster.example>', now: () => new Date('2026-01-05T10:00:00Z') });
    const delivery = await mailer.send({
      to: 'kunde@example.org',
      subject: 'Ihr Chatprotokoll',
      text: 'Guten Tag, anbei Ihr Protokoll.',
      attachments: [{ filename: 'Chatprotokoll.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    // Only written to the folder, not sent: the account-link dialogs tell the administrator so.
    expect(delivery).toBe('outbox');

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^2026-01-05T10-00-00-000Z-[0-9a-f]+\.eml$/);
    const eml = parseEml(await readFile(path.join(outboxDir, files[0] as string), 'utf8'));
    expect(eml.headers.get('to')).toBe('kunde@example.org');
    expect(eml.headers.get('from')).toBe('Kanzlei Muster <chat@kanzlei-muster.example>');
    expect(eml.headers.get('subject')).toBe('Ihr Chatprotokoll');
    const attachment = eml.parts.find((p) => p.headers.get('content-type')?.startsWith('application/pdf'));
    expect(attachment?.headers.get('content-disposition')).toContain('Chatprotokoll.pdf');
    expect(Buffer.from(attachment?.body ?? '', 'base64').equals(Buffer.from(pdf))).toBe(true);
    expect(eml.parts.some((p) => p.body.includes('anbei Ihr Protokoll'))).toBe(true);
  });

  it('should not let line breaks in the subject create extra headers', async () => {
    const mailer = createMailer({ outboxDir, from: 'chat@kanzlei-muster.example' });
    await mailer.send({ to: 'a@example.org', subject: 'Hallo\r\nBcc: opfer@example.org', text: 'x' });
    const [file] = await readdir(outboxDir);
    const eml = parseEml(await readFile(path.join(outboxDir, file as string), 'utf8'));
    expect(eml.headers.has('bcc')).toBe(false);
    expect(eml.headers.get('subject')).toBe('Hallo Bcc: opfer@example.org');
  });
});

describe('createMailer with SMTP_URL', () => {
  it('should deliver through the SMTP server and write nothing to the outbox', async () => {
    const sink = await startSmtpSink();
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, outboxDir, from: 'Kanzlei <kanzlei@example.org>' });
      const delivery = await mailer.send({
        to: 'mandant@example.org',
        subject: 'Neue Nachricht',
        text: 'Grüße aus der Fallakte',
        attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' }],
      });
      expect(delivery).toBe('sent');
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]).toMatchObject({ from: 'kanzlei@example.org', to: ['mandant@example.org'] });
      const eml = parseEml(sink.mails[0]?.data ?? '');
      expect(eml.headers.get('subject')).toBe('Neue Nachricht');
      expect(eml.parts.find((p) => p.headers.get('content-type')?.startsWith('application/pdf'))?.body).toBe(Buffer.from('%PDF-1.7').toString('base64'));
      expect(await readdir(outboxDir)).toEqual([]);
    } finally {
      await sink.close();
      await rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('should reject when the SMTP server is unreachable', async () => {
    const sink = await startSmtpSink();
    await sink.close();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}?connectionTimeout=2000`, outboxDir: tmpdir(), from: 'chat@kanzlei-muster.example' });
    await expect(mailer.send({ to: 'a@example.org', subject: 's', text: 't' })).rejects.toThrow();
  });
});
