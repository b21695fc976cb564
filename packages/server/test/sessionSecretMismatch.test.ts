// A restore started with another SESSION_SECRET: the stored second factors no longer open, and lawyers only hear that
// password or code are wrong. The server says so once at start (found by an outside operator tester).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { beginTotpEnrolment } from '../src/features/lawyer/lawyerTotp.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { OTHER_SESSION_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const SECRET = TEST_SESSION_SECRET;

async function startLogged(dataDir: string, sessionSecret: string, lawyersFrom: TestApp['lawyers']): Promise<{ log: () => string; stop: () => Promise<void> }> {
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const app = await startTestApp({ dataDir, lawyersFrom, logger: pino({ level: 'info' }, sink), env: { SESSION_SECRET: sessionSecret } });
  return { log: () => log, stop: () => app.stop() };
}

describe('SESSION_SECRET against the stored data', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-secret-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should say at start that the secret does not match once a second factor was stored with another one, and nothing with the right one', async () => {
    const first = await startTestApp({ dataDir, env: { SESSION_SECRET: SECRET } });
    const lawyer = first.lawyers[0]!;
    await beginTotpEnrolment({ db: first.ctx.db, clock: first.ctx.clock, sessionSecret: SECRET }, lawyer.id, lawyer.email);
    await first.ctx.db.updateTable('lawyer_totp').set({ confirmed_at: new Date().toISOString() }).where('lawyer_id', '=', lawyer.id).execute();
    await first.stop();

    const restoredWithAnother = await startLogged(dataDir, OTHER_SESSION_SECRET, first.lawyers);
    await restoredWithAnother.stop();
    const mismatch = restoredWithAnother
      .log()
      .split('\n')
      .filter((line) => line.includes('config.session_secret_mismatch'));
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]).toContain('SESSION_SECRET passt nicht zu den gespeicherten Daten');
    expect(mismatch[0]).not.toContain(OTHER_SESSION_SECRET);

    const restoredRight = await startLogged(dataDir, SECRET, first.lawyers);
    await restoredRight.stop();
    expect(restoredRight.log()).not.toContain('config.session_secret_mismatch');
  });
});
