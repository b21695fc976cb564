// `GET api/chat/session` stored a new one-time chat ticket on every call (found in review, 2026-12-06): a ticket lives
// 60 s, but its row stayed until the hourly retention sweep, so a script repeating the GET with one web session – 600
// times a minute per address under the global limit – grew `login_tickets` by tens of thousands of rows an hour. Now a
// browser holds at most MAX_LIVE_TICKETS_PER_BROWSER unredeemed tickets: issuing one drops its used and expired ones and
// the oldest beyond the bound, in one transaction with the person's row held (platform/sessions.ts › issueTicket).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIVE_TICKETS_PER_BROWSER } from '../src/platform/sessions.js';
import { loginParticipant, uniqueInsuranceNumber } from './support/flows.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('chat tickets of one browser on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    // TRUST_PROXY: each redemption from its own address, so api/login's 30 a minute per address do not count here.
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback', ...(schema ? { DATABASE_URL: schema.url } : {}) } });
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  const ticketOf = async (person: CookieClient): Promise<string> => {
    const response = await person.raw(`${app.webUrl}/api/chat/session`);
    expect(response.status).toBe(200);
    return response.text();
  };
  let address = 0;
  const redeem = async (ticket: string): Promise<number> => {
    address += 1;
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${address % 250}` };
    return (await new CookieClient().raw(`${app.chatUrl}/api/login`, { method: 'POST', headers, body: JSON.stringify({ Value: ticket }) })).status;
  };
  const storedTicketsOf = async (person: CookieClient): Promise<number> => {
    const who = (await person.get<{ Id: string }>(`${app.webUrl}/api/authentication/whoami`)).body;
    const rows = await app.ctx.db.selectFrom('login_tickets').select('ticket_hash').where('participant_id', '=', who.Id).execute();
    return rows.length;
  };

  it('should keep only the newest tickets of a browser that asks again and again, and let those in', async () => {
    const person = await loginParticipant(app);
    const tickets: string[] = [];
    for (let i = 0; i < 20; i += 1) tickets.push(await ticketOf(person));

    expect(await storedTicketsOf(person)).toBe(MAX_LIVE_TICKETS_PER_BROWSER);
    // The newest always counts; of the others, those kept are the newest by issue time (to the millisecond).
    expect(await redeem(tickets[tickets.length - 1] ?? '')).toBe(204);
    expect(await redeem(tickets[0] ?? '')).toBe(401);
    const others = await Promise.all(tickets.slice(1, -1).map(redeem));
    expect(others.filter((status) => status === 204)).toHaveLength(MAX_LIVE_TICKETS_PER_BROWSER - 1);
    // Redeemed tickets are gone with the next one asked for.
    await ticketOf(person);
    expect(await storedTicketsOf(person)).toBe(1);
  });

  it('should stay within the bound for calls at the same moment, and leave another browser of the person its ticket', async () => {
    const insuranceNumber = uniqueInsuranceNumber();
    const [laptop, phone] = [await loginParticipant(app, insuranceNumber), await loginParticipant(app, insuranceNumber)];
    const onThePhone = await ticketOf(phone);

    const parallel = await Promise.all(Array.from({ length: 40 }, () => ticketOf(laptop)));

    expect(new Set(parallel).size).toBe(40);
    expect(await storedTicketsOf(laptop)).toBe(MAX_LIVE_TICKETS_PER_BROWSER + 1);
    expect(await redeem(onThePhone)).toBe(204);
    const redeemed = (await Promise.all(parallel.map(redeem))).filter((status) => status === 204);
    expect(redeemed).toHaveLength(MAX_LIVE_TICKETS_PER_BROWSER);
  });
});
