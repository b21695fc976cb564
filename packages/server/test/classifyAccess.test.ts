// `POST api/chat/field-of-law/classify` ran the classifier for anyone, without a session, as often as the global limit
// of 600 requests a minute per address allowed, on bodies up to 256 KiB (found in review, 2026-12-06). The onboarding
// calls it for the signed-in person (the chat page shows only with a web session; productApi.adapter.ts sends the
// cookie, same origin). Now: a web session is required (401 otherwise), 30 calls a minute per address, and a body cap
// of 32 KiB – enough for the 5000 characters the classifier reads, even written as JSON escapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginParticipant } from './support/flows.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('the classification of the problem', () => {
  let app: TestApp;
  let person: CookieClient;
  const url = () => `${app.webUrl}/api/chat/field-of-law/classify`;
  // TRUST_PROXY: each test names its own address, so the per-address limit of one test does not meet another's calls.
  const from = (address: string, body: string, client: CookieClient = person) =>
    client.raw(url(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body });

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    person = await loginParticipant(app);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should answer only a signed-in person and refuse anyone else with 401', async () => {
    const body = JSON.stringify({ Value: 'Mein Vermieter hat mir die Wohnung gekündigt.' });
    const stranger = await from('198.51.100.1', body, new CookieClient());
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' });

    const signedIn = await from('198.51.100.1', body);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ FieldOfLaw: expect.any(Number), FieldOfLawLongName: expect.any(String) });

    // Signed out again: refused like a stranger.
    const leaving = await loginParticipant(app);
    expect((await leaving.post(`${app.webUrl}/api/authentication/logout`)).status).toBe(204);
    expect((await from('198.51.100.1', body, leaving)).status).toBe(401);
  });

  it('should take 5000 characters even as JSON escapes, and refuse a larger body with 413 before reading it', async () => {
    const escaped = `{"Value":"${'\\u00fc'.repeat(5000)}"}`;
    expect(Buffer.byteLength(escaped)).toBeGreaterThan(30_000);
    expect((await from('198.51.100.2', escaped)).status).toBe(200);
    expect((await from('198.51.100.2', JSON.stringify({ Value: 'ü'.repeat(5001) }))).status).toBe(400);

    const large = await from('198.51.100.2', JSON.stringify({ Value: 'Kündigung '.repeat(4000) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ Error: 'PayloadTooLarge', Message: 'Die Anfrage oder Datei ist zu groß.' });
  });

  it('should answer 30 calls a minute from one address and refuse the next with 429', async () => {
    const body = JSON.stringify({ Value: 'Ich habe eine Abmahnung wegen Filesharing bekommen.' });
    const answers = await Promise.all(Array.from({ length: 31 }, () => from('198.51.100.3', body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429);
    expect(await refused?.json()).toMatchObject({ Error: 'TooManyRequests' });
    // Another address is not held back.
    expect((await from('198.51.100.4', body)).status).toBe(200);
  });
});
