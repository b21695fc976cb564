import { describe, expect, it } from 'vitest';
import { advance } from './engine.js';
import { INITIAL_BOT_STATE } from './engine.types.js';
import { ONBOARDING_SCRIPT } from './onboardingScript.js';
import { BotDriver, DESCRIPTION, NO, SKIP, YES, text } from './botDriver.testkit.js';

const EMAIL = 'erika@beispiel.de';

/** A driver waiting at the first e-mail request. */
function atEmailRequest(autoClassify = true): BotDriver {
  const driver = autoClassify ? new BotDriver(ONBOARDING_SCRIPT) : new BotDriver(ONBOARDING_SCRIPT, null, null);
  driver.start();
  driver.send(text(DESCRIPTION));
  return driver;
}

describe('onboarding engine', () => {
  it('should start by typing the Welcome message with the default delay', () => {
    expect(advance(ONBOARDING_SCRIPT, INITIAL_BOT_STATE, { kind: 'start' }, null)).toEqual([
      { stepIndex: 0, status: 'typing', collected: {} },
      [{ type: 'showBotMessage', stepKey: 'Welcome', key: 'Bot.Welcome', delay: 750, highlighted: false, params: {} }],
    ]);
  });

  it('should walk Welcome, HelpInfo and ProblemQuestion on its own and ask for text at ProblemNotice', () => {
    const driver = new BotDriver(ONBOARDING_SCRIPT);
    driver.start();
    expect(driver.shownKeys).toEqual(['Bot.Welcome', 'Bot.HelpInfo', 'Bot.ProblemQuestion', 'Bot.ProblemNotice']);
    expect(driver.stepKey).toBe('ProblemNotice');
    expect(driver.state.status).toBe('awaiting');
    expect(driver.log.at(-1)).toEqual({ type: 'askResponse', responseType: 'Text', skippable: false });
  });

  it('should store the problem as Description, ask for classification and thank the participant', () => {
    const driver = new BotDriver(ONBOARDING_SCRIPT, null, null);
    driver.start();
    const [state, effects] = advance(ONBOARDING_SCRIPT, driver.state, text(`  ${DESCRIPTION} `), null);
    expect(state).toEqual({ stepIndex: 4, status: 'typing', collected: { Description: DESCRIPTION } });
    expect(effects).toEqual([
      { type: 'showParticipantAnswer', text: DESCRIPTION, isI18nKey: false, params: {} },
      { type: 'storeProperty', name: 'Description', value: DESCRIPTION },
      { type: 'classify', text: DESCRIPTION },
      { type: 'showBotMessage', stepKey: 'ThankYou', key: 'Bot.ThankYou', delay: 750, highlighted: false, params: {} },
    ]);
  });

  it('should keep the state and report Chat.MinLength for a description shorter than 15 characters', () => {
    const driver = new BotDriver(ONBOARDING_SCRIPT);
    driver.start();
    const before = driver.state;
    expect(advance(ONBOARDING_SCRIPT, before, text('Kündigung'), null)).toEqual([before, [{ type: 'showValidationError', key: 'Chat.MinLength' }]]);
  });

  it('should jump +3 from the e-mail request to ChatConsultation when the e-mail is skipped', () => {
    const driver = atEmailRequest();
    expect(driver.stepKey).toBe('EMailRequest');
    const shownAfterSkip = driver.send(SKIP).flatMap((e) => (e.type === 'showBotMessage' ? [e.stepKey] : []));
    expect(shownAfterSkip).toEqual(['ChatConsultation', 'StayInChat1', 'StayInChat2', 'Forward']);
    expect(driver.state.collected['EMailAddress']).toBeNull();
  });

  it('should jump +1 from the retyping step to ChatConsultation when the e-mail is skipped there', () => {
    const driver = atEmailRequest(false);
    driver.sendAll([text(EMAIL), NO]);
    expect(driver.stepKey).toBe('EMailRetype');
    driver.send(SKIP);
    expect(driver.stepKey).toBe('ChatConsultation');
    expect(driver.shownKeys).not.toContain('Bot.EMailConfirmAgain');
  });

  it('should ask to retype after "no" and loop back two steps to retyping after a second "no"', () => {
    const driver = atEmailRequest();
    driver.sendAll([text(EMAIL), NO]);
    expect(driver.stepKey).toBe('EMailRetype');
    driver.send(text('erika.m@beispiel.de'));
    expect(driver.stepKey).toBe('EMailConfirmAgain');
    driver.send(NO);
    expect(driver.stepKey).toBe('EMailRetype');
    expect(driver.state.collected['VerifiedEmail']).toBe(false);
  });

  it('should jump to ChatConsultation on a positive confirmation and store VerifiedEmail', () => {
    const driver = atEmailRequest(false);
    driver.send(text(EMAIL));
    expect(driver.log.filter((e) => e.type === 'showBotMessage').at(-1)).toMatchObject({ key: 'Bot.EMailConfirm', delay: 1000, params: { value: EMAIL } });
    driver.send(YES);
    expect(driver.stepKey).toBe('ChatConsultation');
    expect(driver.state.collected).toMatchObject({ EMailAddress: EMAIL, VerifiedEmail: true });
  });

  it('should show an umlaut domain as written and hand the deliverable xn-- form to the start request', () => {
    const driver = atEmailRequest();
    driver.send(text(' juergen@Müller.de '));
    expect(driver.log.filter((e) => e.type === 'showParticipantAnswer').at(-1)).toMatchObject({ text: 'juergen@müller.de', isI18nKey: false });
    expect(driver.log.filter((e) => e.type === 'showBotMessage').at(-1)).toMatchObject({ key: 'Bot.EMailConfirm', params: { value: 'juergen@müller.de' } });
    driver.send(YES);
    expect(driver.log.find((e) => e.type === 'startChat')).toMatchObject({ request: { EMailAddress: 'juergen@xn--mller-kva.de', VerifiedEmail: true } });
  });

  it('should show the long field-of-law name in ChatConsultation', () => {
    const driver = atEmailRequest();
    driver.send(SKIP);
    const consultation = driver.log.find((e) => e.type === 'showBotMessage' && e.stepKey === 'ChatConsultation');
    expect(consultation).toEqual({
      type: 'showBotMessage',
      stepKey: 'ChatConsultation',
      key: 'Bot.ChatConsultation',
      delay: 750,
      highlighted: false,
      params: { fieldOfLaw: 'Arbeitsrecht' },
    });
  });

  it('should wait at ChatConsultation until the classification arrives', () => {
    const driver = atEmailRequest(false);
    driver.send(SKIP);
    expect(driver.state).toMatchObject({ status: 'waitingForData', stepIndex: 9 });
    const effects = driver.send({ kind: 'classified', fieldOfLaw: 2, fieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges' });
    expect(effects[0]).toEqual({ type: 'storeProperty', name: 'FieldOfLaw', value: 2 });
    expect(driver.shownKeys).toContain('Bot.ChatConsultation');
  });

  it('should highlight StayInChat1 and only StayInChat1', () => {
    const driver = atEmailRequest();
    driver.send(SKIP);
    const highlighted = driver.log.flatMap((e) => (e.type === 'showBotMessage' && e.highlighted ? [e.stepKey] : []));
    expect(highlighted).toEqual(['StayInChat1']);
  });

  it('should end at Forward with Done and hand over to the live chat (startChat, then done)', () => {
    const driver = atEmailRequest();
    driver.sendAll([text(EMAIL), YES]);
    expect(driver.stepKey).toBe('Forward');
    expect(driver.state.status).toBe('finished');
    expect(driver.log.slice(-3)).toEqual([
      { type: 'askResponse', responseType: 'Done', skippable: false },
      {
        type: 'startChat',
        request: { Description: DESCRIPTION, EMailAddress: EMAIL, VerifiedEmail: true, FieldOfLaw: 7, FieldOfLawLongName: 'Arbeitsrecht' },
      },
      { type: 'done' },
    ]);
  });

  it('should use 750 ms by default, 1000 ms for e-mail request and confirmations and 2000 ms for retyping', () => {
    const driver = atEmailRequest();
    driver.sendAll([text(EMAIL), NO, text(EMAIL), YES]);
    const delays = Object.fromEntries(driver.log.flatMap((e) => (e.type === 'showBotMessage' ? [[e.stepKey, e.delay]] : [])));
    expect(delays).toEqual({
      Welcome: 750,
      HelpInfo: 750,
      ProblemQuestion: 750,
      ProblemNotice: 750,
      ThankYou: 750,
      EMailRequest: 1000,
      EMailConfirm: 1000,
      EMailRetype: 2000,
      EMailConfirmAgain: 1000,
      ChatConsultation: 750,
      StayInChat1: 750,
      StayInChat2: 750,
      Forward: 750,
    });
  });

  it('should reject an invalid e-mail with Chat.EnterValidEmail and stay at the request', () => {
    const driver = atEmailRequest();
    expect(driver.send(text('erika@'))).toEqual([{ type: 'showValidationError', key: 'Chat.EnterValidEmail' }]);
    expect(driver.stepKey).toBe('EMailRequest');
  });

  it('should ignore inputs that do not fit: answers while typing, yes/no at a text step, skip at an unskippable step, a second start', () => {
    const driver = new BotDriver(ONBOARDING_SCRIPT);
    const [typing] = advance(ONBOARDING_SCRIPT, INITIAL_BOT_STATE, { kind: 'start' }, null);
    expect(advance(ONBOARDING_SCRIPT, typing, text(DESCRIPTION), null)).toEqual([typing, []]);
    expect(advance(ONBOARDING_SCRIPT, typing, { kind: 'start' }, null)).toEqual([typing, []]);
    driver.start();
    for (const input of [YES, NO, SKIP, { kind: 'rating', stars: 5 } as const, { kind: 'botMessageShown' } as const]) {
      expect(advance(ONBOARDING_SCRIPT, driver.state, input, null)).toEqual([driver.state, []]);
    }
  });

  it('should ignore every answer once finished', () => {
    const driver = atEmailRequest();
    driver.send(SKIP);
    const finished = driver.state;
    expect(finished.status).toBe('finished');
    expect(advance(ONBOARDING_SCRIPT, finished, text(DESCRIPTION), null)).toEqual([finished, []]);
  });

  it('regression: a classification arriving after ChatConsultation was shown does not change the field of law', () => {
    // Found by engine.model.test: the chat must start with the field the participant was shown.
    const driver = atEmailRequest(false);
    driver.send({ kind: 'classified', fieldOfLaw: 7, fieldOfLawLongName: 'Arbeitsrecht' });
    expect(driver.send({ kind: 'classified', fieldOfLaw: 2, fieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges' })).toEqual([]);
    driver.send(SKIP);
    expect(driver.log.find((e) => e.type === 'startChat')).toMatchObject({ request: { FieldOfLaw: 7, FieldOfLawLongName: 'Arbeitsrecht' } });
  });
});
