// Callback numbers left without a consultation (the offboarding's number of a chat link with `?secondLevel=…`) belong
// to no case, so the chat cases' ten years never reached them: they stayed for good. The retention job now deletes
// them 90 days after they were left (retentionPolicy.ts caseLessPhoneMs); a number with a case still goes with its case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/features/retention/retention.js';
import { loginParticipant } from './support/flows.js';
import type { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const DAY_MS = 24 * 3_600_000;

describe.each(['sqlite', 'postgres'] as const)('callback numbers without a consultation on %s', (engine) => {
  const left = new Date('2026-03-02T10:00:00.000Z');
  let now = left;
  const clock = { now: () => now };
  let schema: TestSchema | undefined;
  let app: TestApp;
  let person: CookieClient;
  const purgeAt = (ms: number) => {
    now = new Date(left.getTime() + ms);
    return purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
  };
  const caseLessNumbers = async () =>
    (await app.ctx.db.selectFrom('second_level_phones').select('phone').where('case_id', 'is', null).execute()).map((r) => r.phone);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    person = await loginParticipant(app);
    expect((await person.post(`${app.webUrl}/api/chat/secondLevel/param/kampagne7`, { Value: '0171 7654321' })).status).toBe(204);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should keep a number left without a consultation for 90 days', async () => {
    const result = await purgeAt(90 * DAY_MS - 1);
    expect(result.caseLessPhones).toBe(0);
    expect(await caseLessNumbers()).toEqual(['+491717654321']);
  });

  it('should delete it 90 days after it was left, and count it', async () => {
    const result = await purgeAt(90 * DAY_MS);
    expect(result.caseLessPhones).toBe(1);
    expect(await caseLessNumbers()).toEqual([]);
  });
});
