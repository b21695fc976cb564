import { describe, expect, it } from 'vitest';
import { advance } from './engine.js';
import { OFFBOARDING_SCRIPT } from './offboardingScript.js';
import { BotDriver, NO, SKIP, YES, caseStatus, text } from './botDriver.testkit.js';
import type { CaseStatus } from '../wire/chat.js';
import type { ProtocolMailAnswer } from './engine.types.js';

const PHONE = '030 12345678';
const PHONE_INTERNATIONAL = '030 12345678';
const EMAIL = 'erika@beispiel.de';

function started(status: CaseStatus, protocolAnswer: ProtocolMailAnswer | null = 'sent'): BotDriver {
  const driver = new BotDriver(OFFBOARDING_SCRIPT, status, null, protocolAnswer);
  driver.start();
  return driver;
}

const shownSteps = (driver: BotDriver): string[] => driver.log.flatMap((e) => (e.type === 'showBotMessage' ? [e.stepKey] : []));

describe('offboarding engine', () => {
  it('should show WelcomeBack2 and WelcomeBack3 when the second level is enabled', () => {
    const driver = started(caseStatus({ SecondLevelEnabled: true }));
    expect(shownSteps(driver)).toEqual(['WelcomeBack', 'WelcomeBack1', 'WelcomeBack2', 'WelcomeBack3', 'PhoneRequest']);
  });

  it('should leave out WelcomeBack2 and WelcomeBack3 without the second level', () => {
    const driver = started(caseStatus({ SecondLevelEnabled: false }));
    expect(shownSteps(driver)).toEqual(['WelcomeBack', 'WelcomeBack1', 'PhoneRequest']);
    expect(driver.log.at(-1)).toEqual({ type: 'askResponse', responseType: 'PhoneNumber', skippable: true });
  });

  it('should go from a skipped phone to the e-mail request', () => {
    const driver = started(caseStatus());
    driver.send(SKIP);
    expect(driver.stepKey).toBe('EMailRequest');
    expect(driver.state.collected['PhoneNumber']).toBeNull();
  });

  it('should go from a skipped phone to End1 when the participant already entered an e-mail', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true }));
    driver.send(SKIP);
    expect(shownSteps(driver).slice(-4)).toEqual(['End1', 'End2', 'End3', 'Rating']);
    expect(shownSteps(driver)).not.toContain('EMailRequest');
  });

  it('should skip the e-mail step after a saved phone when the participant already entered an e-mail', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true }));
    driver.sendAll([text(PHONE), YES]);
    expect(shownSteps(driver).slice(-5)).toEqual(['PhoneSaved', 'End1', 'End2', 'End3', 'Rating']);
  });

  it('should say where the protocol goes when the onboarding address was confirmed, after a skipped or a saved phone', () => {
    const status = caseStatus({ ParticipantEnteredEmail: true, ProtocolEmail: EMAIL });
    const skipped = started(status);
    skipped.send(SKIP);
    expect(shownSteps(skipped).slice(-5)).toEqual(['EMailSending', 'End1', 'End2', 'End3', 'Rating']);
    const sending = skipped.log.find((e) => e.type === 'showBotMessage' && e.stepKey === 'EMailSending');
    expect(sending).toMatchObject({ key: 'Bot.Offboarding.EMailSending', params: { value: EMAIL } });
    const saved = started(status);
    saved.sendAll([text(PHONE), YES]);
    expect(shownSteps(saved).slice(-6)).toEqual(['PhoneSaved', 'EMailSending', 'End1', 'End2', 'End3', 'Rating']);
  });

  it('should say that a confirmation mail went to the onboarding address first while it waits for its link', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true, ProtocolEmail: EMAIL, ProtocolConfirmationPending: true }));
    driver.send(SKIP);
    expect(shownSteps(driver).slice(-5)).toEqual(['EMailSendingAfterConfirmation', 'End1', 'End2', 'End3', 'Rating']);
    expect(driver.log.find((e) => e.type === 'showBotMessage' && e.stepKey === 'EMailSendingAfterConfirmation')).toMatchObject({
      key: 'Bot.Offboarding.EMailSendingAfterConfirmation',
      params: { value: EMAIL },
    });
    expect(shownSteps(driver)).not.toContain('EMailSending');
  });

  it('should pass over the protocol line when no confirmed address is known, and name the lawyer once known', () => {
    const anonymous = started(caseStatus({ ParticipantEnteredEmail: false }));
    anonymous.send(SKIP);
    expect(shownSteps(anonymous)).not.toContain('EMailSending');
    expect(shownSteps(anonymous)).not.toContain('EMailSendingAfterConfirmation');
    const welcome = (driver: BotDriver) => driver.log.find((e) => e.type === 'showBotMessage' && e.stepKey === 'WelcomeBack');
    expect(welcome(anonymous)).toMatchObject({ params: { lawyer: '' } });
    expect(welcome(started(caseStatus({ LawyerName: 'Anna Berger' })))).toMatchObject({ params: { lawyer: 'Anna Berger' } });
  });

  it('should go from a skipped e-mail to End1, also from the retyping step', () => {
    const first = started(caseStatus());
    first.sendAll([SKIP, SKIP]);
    expect(shownSteps(first).slice(-5)).toEqual(['EMailRequest', 'End1', 'End2', 'End3', 'Rating']);
    const retyping = started(caseStatus());
    retyping.sendAll([SKIP, text(EMAIL), NO]);
    expect(retyping.stepKey).toBe('EMailRetype');
    retyping.send(SKIP);
    expect(retyping.stepKey).toBe('Rating');
    expect(shownSteps(retyping)).not.toContain('EMailConfirmAgain');
    expect(retyping.log.some((e) => e.type === 'sendProtocol')).toBe(false);
  });

  it('should use the alternate texts when the lawyer requested the phone number', () => {
    const driver = started(caseStatus({ RequestPhoneNumber: true, SecondLevelEnabled: false }));
    driver.sendAll([text(PHONE), YES]);
    expect(driver.shownKeys.slice(0, 5)).toEqual([
      'Bot.Offboarding.WelcomeBack',
      'Bot.Offboarding.WelcomeBack1.PhoneRequested',
      'Bot.Offboarding.PhoneRequest.PhoneRequested',
      'Bot.Offboarding.PhoneConfirm',
      'Bot.Offboarding.PhoneSaved.PhoneRequested',
    ]);
  });

  it('should leave out the general callback offer WelcomeBack2 when the lawyer requested the phone number', () => {
    const driver = started(caseStatus({ RequestPhoneNumber: true, SecondLevelEnabled: true }));
    expect(driver.shownKeys).toEqual([
      'Bot.Offboarding.WelcomeBack',
      'Bot.Offboarding.WelcomeBack1.PhoneRequested',
      'Bot.Offboarding.WelcomeBack3',
      'Bot.Offboarding.PhoneRequest.PhoneRequested',
    ]);
  });

  it('should use the regular texts when no phone number was requested', () => {
    const driver = started(caseStatus({ SecondLevelEnabled: false }));
    expect(driver.shownKeys).toEqual(['Bot.Offboarding.WelcomeBack', 'Bot.Offboarding.WelcomeBack1', 'Bot.Offboarding.PhoneRequest']);
  });

  it('should save the phone and jump ahead to the saved-phone reply on a positive confirmation', () => {
    const driver = started(caseStatus());
    driver.send(text(PHONE));
    expect(driver.log.filter((e) => e.type === 'showBotMessage').at(-1)).toMatchObject({ stepKey: 'PhoneConfirm', params: { value: PHONE_INTERNATIONAL } });
    const effects = driver.send(YES);
    expect(effects.filter((e) => e.type === 'saveSecondLevelPhone' || e.type === 'storeProperty')).toEqual([
      { type: 'storeProperty', name: 'VerifiedPhone', value: true },
      { type: 'saveSecondLevelPhone', phone: PHONE_INTERNATIONAL },
    ]);
    expect(shownSteps(driver).slice(-2)).toEqual(['PhoneSaved', 'EMailRequest']);
    expect(shownSteps(driver)).not.toContain('PhoneRetype');
  });

  // The same chat in two tabs: the number given in one must not be asked for (and overwritten) in the other.
  it('should stop asking for the phone once another tab saved it, store it as confirmed and go on without saving it again', () => {
    for (const before of [[], [text('0170 1111111')]]) {
      const driver = started(caseStatus());
      driver.sendAll(before);
      const effects = driver.send({ kind: 'phoneGivenElsewhere', phone: PHONE });
      expect(effects.filter((e) => e.type === 'storeProperty')).toEqual([
        { type: 'storeProperty', name: 'PhoneNumber', value: PHONE },
        { type: 'storeProperty', name: 'VerifiedPhone', value: true },
      ]);
      expect(effects.some((e) => e.type === 'saveSecondLevelPhone' || e.type === 'showParticipantAnswer')).toBe(false);
      expect(shownSteps(driver).slice(-2)).toEqual(['PhoneSaved', 'EMailRequest']);
      expect(driver.log.filter((e) => e.type === 'saveSecondLevelPhone')).toEqual([]);
    }
  });

  it('should ignore a phone given in another tab once this tab is past the phone question', () => {
    const driver = started(caseStatus());
    driver.sendAll([SKIP]);
    const before = shownSteps(driver);
    expect(driver.send({ kind: 'phoneGivenElsewhere', phone: PHONE })).toEqual([]);
    expect(shownSteps(driver)).toEqual(before);
  });

  it('should send the protocol and jump ahead to the saved-e-mail reply on a positive confirmation', () => {
    const driver = started(caseStatus());
    driver.sendAll([SKIP, text(EMAIL)]);
    const effects = driver.send(YES);
    expect(effects.find((e) => e.type === 'sendProtocol')).toEqual({ type: 'sendProtocol', email: EMAIL });
    expect(shownSteps(driver).slice(-5)).toEqual(['EMailSaved', 'End1', 'End2', 'End3', 'Rating']);
  });

  it('should wait with the reply for the server’s answer and then say what really happened', () => {
    const waiting = started(caseStatus(), null);
    waiting.sendAll([SKIP, text(EMAIL), YES]);
    expect(waiting.state).toMatchObject({ status: 'waitingForData' });
    expect(waiting.stepKey).toBe('EMailSaved');
    expect(shownSteps(waiting).at(-1)).toBe('EMailConfirm');
    // The participant cannot answer meanwhile; only the protocol's answer moves it on.
    expect(waiting.send(YES)).toEqual([]);
    expect(waiting.stepKey).toBe('EMailSaved');
    const answered = waiting.send({ kind: 'protocolRequested', outcome: 'confirmationPending' });
    expect(answered[0]).toEqual({ type: 'storeProperty', name: 'ProtocolMail', value: 'confirmationPending' });
    expect(shownSteps(waiting).slice(-5)).toEqual(['EMailConfirmationSent', 'End1', 'End2', 'End3', 'Rating']);
    expect(waiting.log.find((e) => e.type === 'showBotMessage' && e.stepKey === 'EMailConfirmationSent')).toMatchObject({
      key: 'Bot.Offboarding.EMailConfirmationSent',
      params: { value: EMAIL },
    });
    // A late second answer changes nothing.
    expect(waiting.send({ kind: 'protocolRequested', outcome: 'sent' })).toEqual([]);
  });

  it('should say nothing about the protocol when the request failed (its error is shown) and go on to the closing words', () => {
    const failed = started(caseStatus(), 'failed');
    failed.sendAll([SKIP, text(EMAIL), YES]);
    expect(shownSteps(failed).slice(-5)).toEqual(['EMailConfirm', 'End1', 'End2', 'End3', 'Rating']);
  });

  it('should ignore an answer to a protocol request nobody made', () => {
    const driver = started(caseStatus());
    expect(driver.send({ kind: 'protocolRequested', outcome: 'sent' })).toEqual([]);
    expect(driver.state.collected['ProtocolMail']).toBeUndefined();
  });

  it('should confirm an umlaut domain as written and send the protocol to its xn-- form', () => {
    const driver = started(caseStatus());
    driver.sendAll([SKIP, text('juergen@müller.de')]);
    expect(driver.log.filter((e) => e.type === 'showParticipantAnswer').at(-1)).toMatchObject({ text: 'juergen@müller.de' });
    expect(driver.log.filter((e) => e.type === 'showBotMessage').at(-1)).toMatchObject({ stepKey: 'EMailConfirm', params: { value: 'juergen@müller.de' } });
    const effects = driver.send(YES);
    expect(effects.find((e) => e.type === 'sendProtocol')).toEqual({ type: 'sendProtocol', email: 'juergen@xn--mller-kva.de' });
    expect(driver.log.filter((e) => e.type === 'showBotMessage').at(-5)).toMatchObject({ stepKey: 'EMailSaved', params: { value: 'juergen@müller.de' } });
  });

  it('should loop back to retyping after a second "no" for phone and e-mail', () => {
    const driver = started(caseStatus());
    driver.sendAll([text(PHONE), NO, text('0151 23456789'), NO]);
    expect(driver.stepKey).toBe('PhoneRetype');
    driver.sendAll([text('0151 23456789'), YES]);
    expect(driver.log.filter((e) => e.type === 'saveSecondLevelPhone')).toEqual([{ type: 'saveSecondLevelPhone', phone: '0151 23456789' }]);
    driver.sendAll([text(EMAIL), NO, text('erika.m@beispiel.de'), NO]);
    expect(driver.stepKey).toBe('EMailRetype');
  });

  it('should reject an invalid phone number with Chat.EnterValidPhoneNumber', () => {
    const driver = started(caseStatus());
    expect(driver.send(text('12'))).toEqual([{ type: 'showValidationError', key: 'Chat.EnterValidPhoneNumber' }]);
    expect(driver.stepKey).toBe('PhoneRequest');
  });

  it('should leave a phone answer unanswered while there is no numbering plan (the caller holds it)', () => {
    const driver = started(caseStatus());
    expect(advance(OFFBOARDING_SCRIPT, driver.state, text('030 12345678'), driver.status, null)).toEqual([driver.state, []]);
  });

  it('should save the rating with its comment and finish', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true }));
    driver.send(SKIP);
    expect(driver.prompt).toBe('Rating');
    const [state, effects] = advance(OFFBOARDING_SCRIPT, driver.state, { kind: 'rating', stars: 4, comment: ' Sehr hilfreich ' }, driver.status);
    expect(state.status).toBe('finished');
    expect(effects).toEqual([
      // The comment is shown back with the stars.
      { type: 'showParticipantAnswer', text: 'Bot.Answer.RatingWithComment', isI18nKey: true, params: { stars: '4', comment: 'Sehr hilfreich' } },
      { type: 'storeProperty', name: 'Rating', value: 4 },
      { type: 'saveRating', stars: 4, comment: 'Sehr hilfreich' },
      { type: 'done' },
    ]);
  });

  it('should reject stars outside 1–5 and over-long comments', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true }));
    driver.send(SKIP);
    expect(driver.send({ kind: 'rating', stars: 0 })).toEqual([{ type: 'showValidationError', key: 'Chat.RatingRequired' }]);
    expect(driver.send({ kind: 'rating', stars: 2.5 })).toEqual([{ type: 'showValidationError', key: 'Chat.RatingRequired' }]);
    expect(driver.send({ kind: 'rating', stars: 5, comment: 'x'.repeat(751) })).toEqual([{ type: 'showValidationError', key: 'Chat.MaxLength' }]);
    expect(driver.send({ kind: 'rating', stars: 5 }).find((e) => e.type === 'saveRating')).toEqual({ type: 'saveRating', stars: 5, comment: null });
  });

  it('should finish without asking for a rating when the case was already rated', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true, CaseRating: 5 }));
    driver.send(SKIP);
    expect(shownSteps(driver).at(-1)).toBe('End3');
    expect(driver.state.status).toBe('finished');
    expect(driver.log.at(-1)).toEqual({ type: 'done' });
  });

  it('should finish without saving when the rating is skipped', () => {
    const driver = started(caseStatus({ ParticipantEnteredEmail: true }));
    driver.sendAll([SKIP, SKIP]);
    expect(driver.state.status).toBe('finished');
    expect(driver.log.some((e) => e.type === 'saveRating')).toBe(false);
  });

  it('should use 1000 ms for e-mail request and confirmations, 2000 ms for retyping and 750 ms elsewhere', () => {
    const driver = started(caseStatus());
    driver.sendAll([text(PHONE), NO, text(PHONE), YES, text(EMAIL), NO, text(EMAIL), YES]);
    const delays = Object.fromEntries(driver.log.flatMap((e) => (e.type === 'showBotMessage' ? [[e.stepKey, e.delay]] : [])));
    expect(delays).toMatchObject({
      WelcomeBack: 750,
      PhoneRequest: 750,
      PhoneRetype: 750,
      EMailRequest: 1000,
      EMailConfirm: 1000,
      EMailRetype: 2000,
      EMailConfirmAgain: 1000,
      End1: 750,
      Rating: 750,
    });
  });

  it('should treat a missing case status as second level disabled and nothing known', () => {
    const driver = new BotDriver(OFFBOARDING_SCRIPT, null);
    driver.start();
    driver.send(SKIP);
    expect(shownSteps(driver)).toEqual(['WelcomeBack', 'WelcomeBack1', 'PhoneRequest', 'EMailRequest']);
  });
});
