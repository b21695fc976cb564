// A lawyer signed in on two devices: a chat accepted on one opens on the other too. The other device's connection is
// reconnected by the server (Close with allowReconnect), joins the new chat's group on the way back and receives the
// client's messages live – on one SQLite process, and across two processes on PostgreSQL + Redis.
import crypto from 'node:crypto';
import type { ChatMessage } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectParticipant, startChat, type Participant } from './support/flows.js';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['one SQLite process', 'two processes on PostgreSQL + Redis'] as const)('a lawyer on two devices (%s)', (setup) => {
  let schema: TestSchema | undefined;
  let first: TestApp;
  let second: TestApp;
  const open: { hub: HubClient }[] = [];

  beforeAll(async () => {
    if (setup === 'one SQLite process') {
      first = await startTestApp();
      second = first;
      return;
    }
    schema = await createTestSchema();
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `rc-second-device-${crypto.randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    };
    first = await startTestApp({ env });
    second = await startTestApp({ env, lawyersFrom: first.lawyers });
  }, 60_000);

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    if (second !== first) await second?.stop();
    await first?.stop();
    await schema?.drop();
  });

  /** The same lawyer signed in on a device of its own (its own session), connected to `app`'s hub. */
  async function device(app: TestApp, reconnect = false): Promise<{ http: CookieClient; hub: HubClient }> {
    const lawyer = first.lawyers[0];
    if (!lawyer) throw new Error('no lawyer');
    const http = new CookieClient();
    const login = await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password });
    expect(login.status).toBe(200);
    const side = { http, hub: await connectHub(app.chatUrl, http, { role: 'lawyer', reconnect }) };
    open.push(side);
    return side;
  }

  it('should open a chat accepted on one device on the other one too, with the client’s messages live, and leave the accepting device connected', async () => {
    const laptop = await device(first);
    const officePc = await device(second, true);
    let laptopClosed = false;
    laptop.hub.connection.onclose(() => (laptopClosed = true));
    let officeReconnected = false;
    officePc.hub.connection.onreconnected(() => (officeReconnected = true));
    const participant: Participant = await connectParticipant(first);
    open.push(participant);
    const ids = await startChat(participant);

    await laptop.hub.connection.invoke('AcceptChat', ids.ChatId);
    await waitUntil(() => (officeReconnected ? true : undefined), 'the office PC reconnected');
    // Back, it lists the chat and hears the client.
    const chats = await officePc.http.get<{ ChatId: string }[]>(`${second.chatUrl}/api/lawyer/chats`);
    expect(chats.body.map((c) => c.ChatId)).toContain(ids.ChatId);
    await participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag, es geht um meine Kündigung.', 'second-device-1');
    const heard = (side: { hub: HubClient }) => side.hub.messages.filter((m: ChatMessage) => m.Message === 'Guten Tag, es geht um meine Kündigung.');
    await waitUntil(() => (heard(officePc).length === 1 ? true : undefined), 'the message on the office PC');
    await waitUntil(() => (heard(laptop).length === 1 ? true : undefined), 'the message on the laptop');
    // The accepting device was left alone: the same connection, answered on it.
    expect(laptopClosed).toBe(false);
    expect(laptop.hub.connection.state).toBe('Connected');
    await laptop.hub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag, ich sehe mir das an.', 'second-device-2');
  }, 30_000);
});
