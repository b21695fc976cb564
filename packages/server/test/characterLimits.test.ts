// The 750-character limits count characters as people do – code points, an emoji once – over the real hub and HTTP:
// a chat message of 750 emoji (1500 UTF-16 units) is sent by the client and by the lawyer, 751 are refused in German;
// a Textbaustein's text of 750 emoji is saved, 751 are refused (400, naming the field), and so is a title of 81 emoji.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextTemplate } from '@rechtschat/core';
import { useAcceptedChat } from './support/flows.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const emoji = (count: number) => '😀'.repeat(count);

describe('chat message limit in characters', () => {
  const running = useAcceptedChat();

  it('should accept a message of 750 emoji from the client and from the lawyer', async () => {
    const { ChatId } = running.ids;
    const fromClient = await running.participant.hub.connection.invoke<{ Message: string }>('SendMessage', ChatId, emoji(750), 'emoji-client-0750');
    expect(fromClient.Message).toBe(emoji(750));
    const fromLawyer = await running.lawyer.hub.connection.invoke<{ Message: string }>('SendMessage', ChatId, emoji(750), 'emoji-lawyer-0750');
    expect(fromLawyer.Message).toBe(emoji(750));
  });

  it('should refuse a message of 751 emoji in German and keep the connection', async () => {
    const { ChatId } = running.ids;
    for (const person of [running.participant, running.lawyer]) {
      await expect(person.hub.connection.invoke('SendMessage', ChatId, emoji(751), 'emoji-too-long-751')).rejects.toThrow(
        'Eine Nachricht darf höchstens 750 Zeichen lang sein.',
      );
      await expect(person.hub.connection.invoke('SendMessage', ChatId, `${emoji(749)}ab`, 'emoji-too-long-751b')).rejects.toThrow(/750 Zeichen/);
    }
    const still = await running.participant.hub.connection.invoke<{ Message: string }>('SendMessage', ChatId, 'Noch verbunden', 'emoji-still-00001');
    expect(still.Message).toBe('Noch verbunden');
  });
});

describe('Textbaustein limits in characters', () => {
  let app: TestApp;
  const anna = new CookieClient();
  const own = () => `${app.chatUrl}/api/lawyer/text-templates`;

  beforeAll(async () => {
    app = await startTestApp();
    const lawyer = app.lawyers[0]!;
    expect((await anna.post(`${app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password })).status).toBe(200);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should save a text of 750 emoji and a title of 80', async () => {
    const saved = await anna.post<TextTemplate>(own(), { Title: '👍'.repeat(80), Text: emoji(750) });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ Title: '👍'.repeat(80), Text: emoji(750) });
  });

  it('should refuse a text of 751 emoji and a title of 81, naming the field', async () => {
    const text = await anna.post(own(), { Title: 'Lang', Text: emoji(751) });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({
      Error: 'BadRequest',
      Message: 'Der Text darf höchstens 750 Zeichen lang sein, so lang wie eine Chat-Nachricht.',
      Field: 'Text',
    });
    const title = await anna.post(own(), { Title: '👍'.repeat(81), Text: 'Guten Tag' });
    expect(title.status).toBe(400);
    expect(title.body).toMatchObject({ Error: 'BadRequest', Field: 'Title' });
  });
});
