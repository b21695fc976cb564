// Numbers a lawyer calls back – a callback request and the number after the chat – are read with the numbering plan's
// types: premium-rate, shared-cost and the global networks without a country are refused with a German reason (found
// from outside: '0900 1234567' was taken, a way to make the firm's phones pay).
import { describe, expect, it } from 'vitest';
import { callbackPhoneNumber, normalizePhoneNumber } from '../src/platform/phone.js';
import { connectParticipant, startChat, useAppWithLawyer } from './support/flows.js';

const NOT_CALLABLE = {
  Error: 'BadRequest',
  Message: 'Bitte geben Sie eine Festnetz- oder Mobilfunknummer an; Sonderrufnummern (z. B. 0900) können wir nicht zurückrufen.',
};
const INVALID = { Error: 'BadRequest', Message: 'Bitte geben Sie eine gültige Telefonnummer ein.' };

describe('callbackPhoneNumber', () => {
  it.each([
    '0900 1234567',
    '+49 900 1234567',
    '0180 5 123456',
    '0137 1234567',
    '+1 900 555 1234',
    '+44 871 1234567',
    '+33 8 99 12 34 56',
    '+882 16 1234 5678',
    '+881 6 12345678',
    '+870 773 111111',
  ])('should refuse %j as not callable', (input) => {
    expect(callbackPhoneNumber(input)).toEqual({ ok: false, reason: 'notCallable' });
  });

  it.each(['+1 900 000 0000', '+882 1234 5678', '+49 32 12345678'])('should refuse %j, which the plan does not know, as invalid', (input) => {
    expect(callbackPhoneNumber(input)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['030 1234567', '+49301234567'],
    ['0151 23456789', '+4915123456789'],
    ['+43 664 1234567', '+436641234567'],
    ['+1 212 555 1234', '+12125551234'],
    ['0800 1234567', '+498001234567'],
  ])('should take %j as %s', (input, e164) => {
    expect(callbackPhoneNumber(input)).toEqual({ ok: true, e164 });
    expect(normalizePhoneNumber(input)).toBe(e164);
  });
});

describe('premium-rate numbers over HTTP', () => {
  const setup = useAppWithLawyer();

  it('should refuse them for a callback request and keep the chat waiting', async () => {
    const participant = await connectParticipant(setup.app);
    try {
      const ids = await startChat(participant);
      for (const [phone, refusal] of [
        ['0900 1234567', NOT_CALLABLE],
        ['+1 900 000 0000', INVALID],
        ['+882 1234 5678', INVALID],
        ['+882 16 1234 5678', NOT_CALLABLE],
      ] as const) {
        const res = await participant.http.post(`${setup.app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
          Phone: phone,
          Availability: '24.11.2099, 08:00–12:00 Uhr',
        });
        expect([phone, res.status, res.body]).toEqual([phone, 400, refusal]);
      }
      const chat = await setup.app.ctx.db.selectFrom('chats').select('state').where('id', '=', ids.ChatId).executeTakeFirstOrThrow();
      expect(chat.state).toBe('waiting');
      expect(await setup.app.ctx.db.selectFrom('callbacks').select('id').where('chat_id', '=', ids.ChatId).execute()).toEqual([]);
    } finally {
      await participant.hub.stop();
    }
  });

  it('should refuse them as the number after the chat, with a case and by link parameter', async () => {
    const participant = await connectParticipant(setup.app);
    try {
      const ids = await startChat(participant);
      await setup.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
      await setup.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, true);
      for (const url of [`${setup.app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, `${setup.app.webUrl}/api/chat/secondLevel/param/kampagne-1`]) {
        const res = await participant.http.post(url, { Value: '0900 1234567' });
        expect([res.status, res.body]).toEqual([400, NOT_CALLABLE]);
      }
      expect((await participant.http.post(`${setup.app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0151 23456789' })).status).toBe(204);
    } finally {
      await participant.hub.stop();
    }
  });
});
