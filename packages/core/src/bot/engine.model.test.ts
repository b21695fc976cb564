// Model-based tests (STYLE rule 17b): random answer walks against a deliberately simpler model
// that only knows "the last accepted answer of each kind wins" and nothing about jumps.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CaseStatus, ResponseType } from '../wire/chat.js';
import type { BotScript } from './botStep.js';
import type { BotInput } from './engine.types.js';
import { OFFBOARDING_SCRIPT } from './offboardingScript.js';
import { ONBOARDING_SCRIPT } from './onboardingScript.js';
import { BotDriver, caseStatus } from './botDriver.testkit.js';

interface Model {
  description?: string;
  email?: string | null;
  verifiedEmail?: boolean;
  phone?: string | null;
  verifiedPhone?: boolean;
  fieldOfLaw?: [number, string];
  rating?: number | null;
  savedPhones: string[];
  protocols: string[];
}

const VALID_TEXTS = ['Mein Arbeitgeber zahlt seit zwei Monaten keinen Lohn.', '  Nachbar baut ohne Genehmigung einen Zaun.  '];
const INVALID_TEXTS = ['Hilfe', '   ', 'x'.repeat(751)];
const VALID_EMAILS = ['erika@beispiel.de', ' max.mustermann+chat@mail.beispiel.de '];
const INVALID_EMAILS = ['erika@', 'max@localhost', 'keine mail'];
const VALID_PHONES: Record<string, string> = { '030 12345678': '030 12345678', '0151 23456789': '0151 23456789', '+43 1 5124567': '+43 1 5124567' };
const INVALID_PHONES = ['12', 'ruf mich an', '030'];

const isYesNo = (prompt: ResponseType | null): boolean => prompt === 'YesOrNo' || prompt === 'YesOrNoPhone' || prompt === 'YesOrNoEmail';

/** What the simple model expects from an input at a prompt: accepted, a validation error, or ignored. */
function expectation(prompt: ResponseType | null, skippable: boolean, input: BotInput): 'accepted' | 'invalid' | 'ignored' {
  if (input.kind === 'skip') return skippable ? 'accepted' : 'ignored';
  if (input.kind === 'text') {
    const length = input.value.trim().length;
    const valid = prompt === 'Text' ? length >= 15 && length <= 750 : prompt === 'EMail' ? VALID_EMAILS.includes(input.value) : input.value in VALID_PHONES;
    return prompt === 'Text' || prompt === 'EMail' || prompt === 'PhoneNumber' ? (valid ? 'accepted' : 'invalid') : 'ignored';
  }
  if (input.kind === 'yes' || input.kind === 'no') return isYesNo(prompt) ? 'accepted' : 'ignored';
  if (input.kind === 'rating') return prompt !== 'Rating' ? 'ignored' : input.stars >= 1 && input.stars <= 5 ? 'accepted' : 'invalid';
  return 'ignored';
}

function updateModel(m: Model, prompt: ResponseType | null, input: BotInput): void {
  if (input.kind === 'text' && prompt === 'Text') m.description = input.value.trim();
  if (input.kind === 'text' && prompt === 'EMail') m.email = input.value.trim();
  if (input.kind === 'text' && prompt === 'PhoneNumber') m.phone = VALID_PHONES[input.value] ?? null;
  if (input.kind === 'skip' && prompt === 'EMail') m.email = null;
  if (input.kind === 'skip' && prompt === 'PhoneNumber') m.phone = null;
  if (input.kind === 'skip' && prompt === 'Rating') m.rating = null;
  if (input.kind === 'rating') m.rating = input.stars;
  const yes = input.kind === 'yes';
  if (prompt === 'YesOrNo' || prompt === 'YesOrNoEmail') m.verifiedEmail = yes;
  if (prompt === 'YesOrNoPhone') m.verifiedPhone = yes;
  if (yes && prompt === 'YesOrNoPhone') m.savedPhones.push(m.phone ?? '');
  if (yes && prompt === 'YesOrNoEmail') m.protocols.push(m.email ?? '');
}

class AnswerCommand implements fc.Command<Model, BotDriver> {
  constructor(readonly input: BotInput) {}
  check = (): boolean => true;
  run(m: Model, r: BotDriver): void {
    const awaiting = r.state.status === 'awaiting';
    const prompt = awaiting ? r.prompt : null;
    const skippable = awaiting && r.script[r.state.stepIndex]?.Skippable === true;
    const firstClassification = this.input.kind === 'classified' && m.fieldOfLaw === undefined && r.state.status !== 'finished';
    const expected = this.input.kind === 'classified' ? (firstClassification ? 'classified' : 'ignored') : expectation(prompt, skippable, this.input);
    const effects = r.send(this.input);
    if (expected === 'accepted') expect(effects[0]?.type).toBe('showParticipantAnswer');
    if (expected === 'invalid') expect(effects).toEqual([expect.objectContaining({ type: 'showValidationError' })]);
    if (expected === 'ignored') expect(effects).toEqual([]);
    if (expected === 'accepted') updateModel(m, prompt, this.input);
    if (this.input.kind === 'classified' && firstClassification) m.fieldOfLaw = [this.input.fieldOfLaw, this.input.fieldOfLawLongName];
    const c = r.state.collected;
    expect([c['Description'], c['EMailAddress'], c['VerifiedEmail'], c['PhoneNumber'], c['VerifiedPhone']]).toEqual([
      m.description,
      m.email,
      m.verifiedEmail,
      m.phone,
      m.verifiedPhone,
    ]);
  }
  toString = (): string => JSON.stringify(this.input);
}

const answerInputs: fc.Arbitrary<BotInput>[] = [
  fc
    .constantFrom(...VALID_TEXTS, ...INVALID_TEXTS, ...VALID_EMAILS, ...INVALID_EMAILS, ...Object.keys(VALID_PHONES), ...INVALID_PHONES)
    .map((value) => ({ kind: 'text', value })),
  fc.constantFrom<BotInput>({ kind: 'skip' }, { kind: 'yes' }, { kind: 'no' }),
  fc.record({ kind: fc.constant('rating' as const), stars: fc.integer({ min: 0, max: 6 }) }),
];
const classifyInput: fc.Arbitrary<BotInput> = fc
  .constantFrom<[number, string]>([7, 'Arbeitsrecht'], [2, 'Allgemeines Zivilrecht/Sonstiges'])
  .map(([fieldOfLaw, fieldOfLawLongName]) => ({ kind: 'classified', fieldOfLaw, fieldOfLawLongName }));
const commands = (withClassify: boolean) =>
  fc.commands(
    [...answerInputs, ...(withClassify ? [classifyInput] : [])].map((arb) => arb.map((input) => new AnswerCommand(input))),
    { maxCommands: 60 },
  );

/** Answers that always make progress: the walk must end within one pass over the script. */
function finishingInput(r: BotDriver): BotInput {
  if (r.state.status === 'waitingForData') return { kind: 'classified', fieldOfLaw: 2, fieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges' };
  const prompt = r.prompt;
  if (prompt === 'Text') return { kind: 'text', value: VALID_TEXTS[0] ?? '' };
  if (prompt === 'Rating') return { kind: 'rating', stars: 5 };
  return isYesNo(prompt) ? { kind: 'yes' } : { kind: 'skip' };
}

function finish(m: Model, r: BotDriver, script: BotScript): number {
  let steps = 0;
  while (r.state.status !== 'finished' && steps <= script.length) {
    new AnswerCommand(finishingInput(r)).run(m, r);
    steps += 1;
  }
  return steps;
}

describe('bot engine model', () => {
  it('should end every onboarding walk at Forward with exactly the confirmed fields in startChat', () => {
    fc.assert(
      fc.property(commands(true), (cmds) => {
        const model: Model = { savedPhones: [], protocols: [] };
        const driver = new BotDriver(ONBOARDING_SCRIPT, null, null);
        driver.start();
        fc.modelRun(() => ({ model, real: driver }), cmds);
        expect(finish(model, driver, ONBOARDING_SCRIPT)).toBeLessThanOrEqual(ONBOARDING_SCRIPT.length);
        expect(driver.stepKey).toBe('Forward');
        const starts = driver.log.filter((e) => e.type === 'startChat');
        const email = model.email ?? null;
        expect(starts).toEqual([
          {
            type: 'startChat',
            request: {
              Description: model.description,
              EMailAddress: email,
              VerifiedEmail: email !== null && model.verifiedEmail === true,
              FieldOfLaw: model.fieldOfLaw?.[0],
              FieldOfLawLongName: model.fieldOfLaw?.[1],
            },
          },
        ]);
        // A verified address is always the one the participant confirmed last.
        if (starts[0]?.type === 'startChat' && starts[0].request.VerifiedEmail) expect(model.verifiedEmail).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('should end every offboarding walk after Rating, having saved exactly the confirmed phone numbers and e-mails', () => {
    const statuses = fc.record({
      ParticipantEnteredEmail: fc.boolean(),
      RequestPhoneNumber: fc.boolean(),
      SecondLevelEnabled: fc.boolean(),
      CaseRating: fc.constantFrom(null, 4),
    });
    fc.assert(
      fc.property(statuses, commands(false), (overrides, cmds) => {
        const status: CaseStatus = caseStatus(overrides);
        const model: Model = { savedPhones: [], protocols: [] };
        const driver = new BotDriver(OFFBOARDING_SCRIPT, status, null);
        driver.start();
        fc.modelRun(() => ({ model, real: driver }), cmds);
        expect(finish(model, driver, OFFBOARDING_SCRIPT)).toBeLessThanOrEqual(OFFBOARDING_SCRIPT.length);
        expect(driver.state).toMatchObject({ status: 'finished', stepIndex: OFFBOARDING_SCRIPT.length });
        expect(driver.log.flatMap((e) => (e.type === 'saveSecondLevelPhone' ? [e.phone] : []))).toEqual(model.savedPhones);
        expect(driver.log.flatMap((e) => (e.type === 'sendProtocol' ? [e.email] : []))).toEqual(model.protocols);
        expect(model.protocols.length === 0 || !status.ParticipantEnteredEmail).toBe(true);
        const ratings = driver.log.flatMap((e) => (e.type === 'saveRating' ? [e.stars] : []));
        expect(ratings).toEqual(status.CaseRating === null && typeof model.rating === 'number' ? [model.rating] : []);
        expect(driver.log.filter((e) => e.type === 'done')).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});
