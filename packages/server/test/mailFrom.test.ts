// Every mail of the running server is sent as MAIL_FROM: the app's mailer is built from the configuration, with no
// sender of its own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './support/testApp.js';

async function sentFrom(env: Record<string, string>): Promise<string | undefined> {
  const app = await startTestApp({ env });
  try {
    await app.ctx.mailer.send({ to: 'mandantin@example.org', subject: 'Ihr Chatprotokoll', text: 'Guten Tag' });
    const outbox = path.join(app.dataDir, 'outbox');
    const [file] = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    const eml = fs.readFileSync(path.join(outbox, file ?? ''), 'utf8');
    return /^From: (.*)$/m.exec(eml)?.[1]?.trim();
  } finally {
    await app.stop();
  }
}

describe('MAIL_FROM', () => {
  it("should be the sender of the server's mails", async () => {
    expect(await sentFrom({ MAIL_FROM: 'Kanzlei Muster <chat@kanzlei-muster.example>' })).toBe('Kanzlei Muster <chat@kanzlei-muster.example>');
  });

  it('should fall back to the development placeholder when it is not set', async () => {
    expect(await sentFrom({})).toBe('Rechtschat <no-reply@rechtschat.local>');
  });
});
