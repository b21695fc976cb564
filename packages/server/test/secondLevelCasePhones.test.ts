// The number a client leaves after a consultation (`POST api/chat/secondLevel/{caseId}`) stored a new row on every call,
// so the same number given twice for one case stood there twice. Now a case holds each number once (unique index of
// migration 0046): the repeat is still answered 204 – the number is stored, and the chat must not tell the client it
// was not – and the case's open callback entry stays one. A second, different number is kept beside the first, and the
// same number under another case is that case's own.
import type { CallbackEntry, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('numbers left after a consultation on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  const hubs: Participant[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    // TRUST_PROXY: each call comes from another address, so the per-address limit of 10 a minute plays no part.
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback', ...(schema ? { DATABASE_URL: schema.url } : {}) } });
  });

  afterAll(async () => {
    await Promise.all(hubs.map((person) => person.hub.stop()));
    await app?.stop();
    await schema?.drop();
  });

  let address = 0;
  /** A consultation a lawyer accepted and ended asking for a number. */
  const endedConsultation = async () => {
    const { lawyer, participant, ids } = await acceptedChat(app);
    hubs.push(lawyer, participant);
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, true);
    const give = async (phone: string) => {
      address += 1;
      const response = await participant.http.raw(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${address % 250}` },
        body: JSON.stringify({ Value: phone }),
      });
      return response.status;
    };
    return { lawyer, participant, ids, give };
  };
  const numbersOf = async (ids: StartJoinResult) =>
    (await app.ctx.db.selectFrom('second_level_phones').select('phone').where('case_id', '=', ids.CaseId).orderBy('created_at').execute()).map(
      (row) => row.phone,
    );

  it('should store a number given twice for one consultation once, answer both 204 and keep one open callback entry', async () => {
    const { lawyer, ids, give } = await endedConsultation();
    // The second in the other spelling: both are +491701234567 (platform/phone.ts).
    expect([await give('0170 1234567'), await give('+49 170 1234567')]).toEqual([204, 204]);

    expect(await numbersOf(ids)).toEqual(['+491701234567']);
    const entries = (await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.filter((entry) => entry.CaseId === ids.CaseId);
    expect(entries).toEqual([expect.objectContaining({ Phone: '+491701234567', DoneAt: null })]);
  });

  it('should keep a different second number beside the first, and the same number under another consultation as its own', async () => {
    const first = await endedConsultation();
    const second = await endedConsultation();
    expect(await first.give('030 1234567')).toBe(204);
    expect(await first.give('0171 7654321')).toBe(204);
    expect(await first.give('030 1234567')).toBe(204);
    expect(await second.give('030 1234567')).toBe(204);

    expect(await numbersOf(first.ids)).toEqual(['+49301234567', '+491717654321']);
    expect(await numbersOf(second.ids)).toEqual(['+49301234567']);
  });

  it('should answer two calls with the same number at the same moment both with 204 and store it once', async () => {
    const { ids, give } = await endedConsultation();
    expect(await Promise.all([give('0151 23456789'), give('0151 23456789'), give('0151 23456789')])).toEqual([204, 204, 204]);
    expect(await numbersOf(ids)).toEqual(['+4915123456789']);
  });
});
