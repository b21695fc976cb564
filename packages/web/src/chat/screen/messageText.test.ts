import { describe, expect, it } from 'vitest';
import { BOT_MESSAGE_KEYS, isKnownBotText, type DisplayMessage } from '@rechtschat/core';
import { addTexts, createI18n } from '../../i18n/i18n.js';
import { botDe } from '../../i18n/de-DE/bot.js';
import { messageText } from './messageText.js';

const i18n = createI18n();
addTexts(i18n, 'bot', botDe);

const botMessage = (text: string, params: Record<string, string>): DisplayMessage => ({
  id: 'offboarding-1',
  kind: 'bot',
  text,
  isI18nKey: true,
  params,
  created: '2026-11-28T10:00:00.000Z',
  highlighted: false,
  pending: false,
});

describe('messageText', () => {
  it('should name the lawyer once known and fall back to the neutral wording otherwise', () => {
    const t = i18n.t.bind(i18n);
    expect(messageText(botMessage('Bot.Offboarding.WelcomeBack', { lawyer: 'Anna Berger' }), t)).toBe(
      'Die Beratung mit Anna Berger ist beendet. Vielen Dank für Ihr Vertrauen.',
    );
    expect(messageText(botMessage('Bot.Offboarding.WelcomeBack', { lawyer: '' }), t)).toBe('Die Beratung ist beendet. Vielen Dank für Ihr Vertrauen.');
    expect(messageText(botMessage('Bot.Offboarding.PhoneSaved.PhoneRequested', { lawyer: 'Anna Berger' }), t)).toBe(
      'Vielen Dank. Anna Berger meldet sich telefonisch bei Ihnen.',
    );
  });

  it('should say where the protocol goes and show a name with markup as plain text for React to escape', () => {
    const t = i18n.t.bind(i18n);
    expect(messageText(botMessage('Bot.Offboarding.EMailSending', { value: 'erika@beispiel.de' }), t)).toBe(
      'Das Protokoll dieser Beratung senden wir Ihnen als PDF an erika@beispiel.de.',
    );
    expect(messageText(botMessage('Bot.Offboarding.WelcomeBack', { lawyer: '<b>A & B</b>' }), t)).toContain('<b>A & B</b>');
  });

  it('should tell the truth after a protocol request: a confirmation mail first for an address never confirmed, the protocol only once confirmed', () => {
    const t = i18n.t.bind(i18n);
    expect(messageText(botMessage('Bot.Offboarding.EMailConfirmationSent', { value: 'erika@beispiel.de' }), t)).toBe(
      'Vielen Dank. Wir haben Ihnen an erika@beispiel.de eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll.',
    );
    expect(messageText(botMessage('Bot.Offboarding.EMailSendingAfterConfirmation', { value: 'erika@beispiel.de' }), t)).toBe(
      'Wir haben Ihnen an erika@beispiel.de eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll dieser Beratung als PDF.',
    );
    expect(messageText(botMessage('Bot.Offboarding.EMailSaved', { value: 'erika@beispiel.de' }), t)).toBe(
      'Vielen Dank. Das Protokoll wird an erika@beispiel.de gesendet.',
    );
  });

  it('should write every bot message as a text the server keeps as the assistant’s (else it would be stored as the client’s own)', () => {
    const t = i18n.t.bind(i18n);
    const filled = { value: 'anna.muster@example.de', fieldOfLaw: 'Arbeitsrecht', stars: '4', comment: 'Sehr hilfreich', count: '3' };
    for (const key of BOT_MESSAGE_KEYS) {
      for (const lawyer of ['Dr. Anna Berger', '']) {
        const text = messageText(botMessage(key, { ...filled, lawyer }), t);
        expect(isKnownBotText(text, botDe), `${key}: ${text}`).toBe(true);
      }
    }
  });
});
