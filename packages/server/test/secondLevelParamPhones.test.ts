// The offboarding's number under a link parameter (`POST api/chat/secondLevel/param/{param}`, no case) stored a new
// row on every call (found from outside, 2026-12-06): one person could fill the table, held back only by the 10 calls
// a minute per address. Now a person holds one number per parameter – the latest replaces the earlier – and numbers
// under at most MAX_SECOND_LEVEL_PARAMS parameters; a further parameter is refused with 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SECOND_LEVEL_PARAMS } from '../src/features/chat/feedback.js';
import { loginParticipant } from './support/flows.js';
import type { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('numbers left under a link parameter on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let address = 0;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    // TRUST_PROXY: each call comes from another address, so the per-address limit is not what holds the person back.
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback', ...(schema ? { DATABASE_URL: schema.url } : {}) } });
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  const leave = async (person: CookieClient, param: string, phone: string) => {
    address += 1;
    const response = await person.raw(`${app.webUrl}/api/chat/secondLevel/param/${param}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${address % 250}` },
      body: JSON.stringify({ Value: phone }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  const numbersOf = async (person: CookieClient) => {
    const who = (await person.get<{ Id: string }>(`${app.webUrl}/api/authentication/whoami`)).body;
    const rows = await app.ctx.db
      .selectFrom('second_level_phones')
      .select(['param', 'phone'])
      .where('participant_id', '=', who.Id)
      .where('case_id', 'is', null)
      .orderBy('param')
      .execute();
    // Stored as the international number (platform/phone.ts).
    return rows.map((row) => [row.param, row.phone]);
  };

  it('should keep only the latest number a person left under the same parameter', async () => {
    const person = await loginParticipant(app);
    for (const phone of ['0171 1111111', '0171 2222222', '0171 3333333']) expect((await leave(person, 'kampagne7', phone)).status).toBe(204);
    expect((await leave(person, 'kampagne8', '0171 4444444')).status).toBe(204);

    expect(await numbersOf(person)).toEqual([
      ['kampagne7', '+491713333333'],
      ['kampagne8', '+491714444444'],
    ]);
  });

  it('should refuse a further parameter once a person left numbers under the most, and still take a new number under a known one', async () => {
    const person = await loginParticipant(app);
    for (let i = 0; i < MAX_SECOND_LEVEL_PARAMS; i += 1) expect((await leave(person, `link-${i}`, '0171 1234567')).status).toBe(204);

    const refused = await leave(person, 'link-noch-einer', '0171 1234567');
    expect(refused).toEqual({
      status: 409,
      body: {
        Error: 'SecondLevelParamsExceeded',
        Message: `Sie haben bereits unter ${MAX_SECOND_LEVEL_PARAMS} verschiedenen Links eine Telefonnummer hinterlassen. Weitere Nummern können Sie nur unter diesen Links ändern.`,
      },
    });
    expect((await leave(person, 'link-3', '0171 7654321')).status).toBe(204);

    const numbers = await numbersOf(person);
    expect(numbers).toHaveLength(MAX_SECOND_LEVEL_PARAMS);
    expect(numbers).toContainEqual(['link-3', '+491717654321']);
    expect(numbers.map(([param]) => param)).not.toContain('link-noch-einer');
    // Another person is not held back by the first one's parameters.
    expect((await leave(await loginParticipant(app), 'link-noch-einer', '0171 1234567')).status).toBe(204);
  });

  // Counted and written in one transaction that holds the person's row: at the same moment, calls under new parameters
  // all counted the same few and all inserted (PostgreSQL: 20 parallel calls stored up to 20), and calls under the same
  // new parameter each found nothing to replace (a second row under one parameter). Found in review, 2026-12-06.
  it('should hold the limit and one number per parameter for calls at the same moment', async () => {
    const person = await loginParticipant(app);
    const calls = 2 * MAX_SECOND_LEVEL_PARAMS;
    const answers = await Promise.all(Array.from({ length: calls }, (_, i) => leave(person, `parallel-${i}`, '0171 1234567')));

    expect(answers.filter((a) => a.status === 204)).toHaveLength(MAX_SECOND_LEVEL_PARAMS);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(calls - MAX_SECOND_LEVEL_PARAMS);
    expect(await numbersOf(person)).toHaveLength(MAX_SECOND_LEVEL_PARAMS);

    const other = await loginParticipant(app);
    const same = await Promise.all(
      ['0171 1111111', '0171 2222222', '0171 3333333', '0171 4444444', '0171 5555555'].map((phone) => leave(other, 'gleich', phone)),
    );
    expect(same.map((a) => a.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await numbersOf(other)).toHaveLength(1);
  });
});
