// Issue "Hub", point 3, on the real app with its session cookies: a long-polling or SSE request on somebody else's
// hub connection is refused with 403 (another participant, a lawyer, nobody) and reaches nothing; the owner, and the
// same lawyer with a second session, are served. Both storage engines.
import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { loginParticipant } from './support/flows.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const RS = '\u001e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const ping = (id: string) => `{"type":1,"invocationId":"${id}","target":"Ping","arguments":[]}${RS}`;

describe.each(['sqlite', 'postgres'] as const)('hub connections bound to their principal on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let owner: CookieClient;
  let otherParticipant: CookieClient;
  let lawyer: CookieClient;
  let sameLawyerAgain: CookieClient;

  const signInLawyer = async () => {
    const client = new CookieClient();
    const login = await client.post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[0]?.email, Password: app.lawyers[0]?.password });
    expect(login.status).toBe(200);
    return client;
  };

  /** Everyone who must not act on the owner's connection, with the refusal they get. */
  const intruders = () =>
    [
      { who: 'another participant', send: (url: string, init: RequestInit = {}) => otherParticipant.raw(url, init), code: 'PrincipalMismatch' },
      { who: 'a lawyer', send: (url: string, init: RequestInit = {}) => lawyer.raw(url, init), code: 'PrincipalMismatch' },
      { who: 'a lawyer asking as lawyer', send: (url: string, init: RequestInit = {}) => lawyer.raw(`${url}&as=lawyer`, init), code: 'PrincipalMismatch' },
      { who: 'nobody', send: (url: string, init: RequestInit = {}) => fetch(url, init), code: 'NotAuthenticated' },
    ] as const;

  async function negotiate(client: CookieClient, query = ''): Promise<{ connectionId: string; url: string }> {
    const res = await client.raw(`${app.chatUrl}/signalr/negotiate?negotiateVersion=1${query}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const { connectionId, connectionToken } = (await res.json()) as { connectionId: string; connectionToken: string };
    return { connectionId, url: `${app.chatUrl}/signalr?id=${encodeURIComponent(connectionToken)}${query}` };
  }

  async function expectRefused(res: Response, code: string): Promise<void> {
    expect(res.status).toBe(403);
    expect(((await res.json()) as { Error: string }).Error).toBe(code);
  }

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    owner = await loginParticipant(app);
    otherParticipant = await loginParticipant(app);
    lawyer = await signInLawyer();
    sameLawyerAgain = await signInLawyer();
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse long-polling sends, polls and stops on a participant’s connection from others with 403 and deliver nothing to or from them', async () => {
    const { connectionId, url } = await negotiate(owner);
    expect((await owner.raw(url)).status).toBe(200);
    expect((await owner.raw(url, { method: 'POST', body: HANDSHAKE })).status).toBe(200);
    expect(await (await owner.raw(url)).text()).toBe(`{}${RS}`);
    await app.ctx.hub?.sendToConnection(connectionId, 'Probe', ['nur für die ratsuchende Person']);
    for (const intruder of intruders()) {
      await expectRefused(await intruder.send(url, { method: 'POST', body: ping(`x-${intruder.who}`) }), intruder.code);
      await expectRefused(await intruder.send(url), intruder.code);
      await expectRefused(await intruder.send(url, { method: 'DELETE' }), intruder.code);
    }
    expect(await (await owner.raw(url)).text()).toBe(`{"type":1,"target":"Probe","arguments":["nur für die ratsuchende Person"]}${RS}`);
    expect((await owner.raw(url, { method: 'POST', body: ping('mine') })).status).toBe(200);
    expect(await (await owner.raw(url)).text()).toBe(`{"type":3,"invocationId":"mine","result":null}${RS}`);
    expect((await owner.raw(url, { method: 'DELETE' })).status).toBe(202);
  });

  it('should refuse SSE sends on a participant’s connection from others with 403 and stream only the owner’s answers', async () => {
    const { url } = await negotiate(owner);
    const stream = await owner.raw(url, { headers: { Accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    let received = '';
    const reader = stream.body?.getReader();
    void (async () => {
      for (;;) {
        const chunk = await reader?.read().catch(() => undefined);
        if (chunk === undefined || chunk.done) return;
        received += new TextDecoder().decode(chunk.value);
      }
    })();
    for (const intruder of intruders()) await expectRefused(await intruder.send(url, { method: 'POST', body: HANDSHAKE }), intruder.code);
    expect((await owner.raw(url, { method: 'POST', body: HANDSHAKE })).status).toBe(200);
    await waitUntil(() => (received.includes(`data: {}${RS}`) ? true : undefined), 'handshake answer on the stream');
    for (const intruder of intruders()) await expectRefused(await intruder.send(url, { method: 'POST', body: ping(`x-${intruder.who}`) }), intruder.code);
    expect((await owner.raw(url, { method: 'POST', body: ping('mine') })).status).toBe(200);
    await waitUntil(() => (received.includes('"invocationId":"mine"') ? true : undefined), 'own completion on the stream');
    expect(received).not.toContain('"invocationId":"x-');
    await reader?.cancel();
  });

  it('should serve the same lawyer signed in a second time on the connection of the first session, and refuse a participant there', async () => {
    const { url } = await negotiate(lawyer, '&as=lawyer');
    expect((await lawyer.raw(url)).status).toBe(200);
    expect((await sameLawyerAgain.raw(url, { method: 'POST', body: HANDSHAKE })).status).toBe(200);
    expect(await (await sameLawyerAgain.raw(url)).text()).toBe(`{}${RS}`);
    // The console's URL asks for the lawyer cookie, which a participant lacks; without `as=` the participant is somebody else.
    await expectRefused(await owner.raw(url, { method: 'POST', body: ping('participant') }), 'NotAuthenticated');
    await expectRefused(await owner.raw(url.replace('&as=lawyer', ''), { method: 'POST', body: ping('participant') }), 'PrincipalMismatch');
    expect((await sameLawyerAgain.raw(url, { method: 'DELETE' })).status).toBe(202);
  });

  it.each([
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
    ['long polling', HttpTransportType.LongPolling],
  ])('should let the official client on %s call the hub with its own cookie, without a session read per call', async (_name, transport) => {
    const hub = await connectHub(app.chatUrl, owner, { role: 'participant', transport });
    const sessions = app.ctx.sessions;
    const resolve = sessions.resolve.bind(sessions);
    let reads = 0;
    sessions.resolve = (kind, token) => {
      reads += 1;
      return resolve(kind, token);
    };
    try {
      for (let i = 0; i < 10; i++) await expect(hub.connection.invoke('Ping')).resolves.toBeNull();
    } finally {
      sessions.resolve = resolve;
    }
    expect(reads).toBe(0);
    await hub.stop();
  });
});
