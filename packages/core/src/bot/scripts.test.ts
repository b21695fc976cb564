import { describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { BotScriptCodec, BotStepCodec, type BotScript } from './botStep.js';
import { BOT_MESSAGE_KEYS, scriptMessageKeys } from './botMessageKeys.js';
import { OFFBOARDING_SCRIPT } from './offboardingScript.js';
import { ONBOARDING_SCRIPT } from './onboardingScript.js';
import { resolveTarget, stepIndexOf } from './stepNavigation.js';
import { enterStep } from './stepNavigation.js';

describe.each([
  ['onboarding', ONBOARDING_SCRIPT],
  ['offboarding', OFFBOARDING_SCRIPT],
] as const)('%s script table', (_name, script) => {
  it('should decode with BotScriptCodec', () => {
    expect(E.isRight(BotScriptCodec.decode(script))).toBe(true);
  });

  it('should have unique step keys and only targets that exist', () => {
    expect(new Set(script.map((s) => s.Key)).size).toBe(script.length);
    script.forEach((step, index) => {
      for (const target of [step.OnSkip, step.OnYes, step.OnNo]) {
        if (target === undefined) continue;
        const to = resolveTarget(script, index, target);
        expect(to).toBeGreaterThanOrEqual(0);
        expect(to).toBeLessThanOrEqual(script.length);
      }
    });
  });

  it('should only reference collected properties that some step stores', () => {
    // Besides what steps store: the classifier's field of law and what the case status tells (stepNavigation.ts fromCaseStatus).
    const stored = new Set([
      ...script.flatMap((s) => (s.PropertyName ? [s.PropertyName] : [])),
      'FieldOfLaw',
      'FieldOfLawLongName',
      'ProtocolEmail',
      'LawyerName',
    ]);
    script.forEach((step) => {
      Object.values(step.Params ?? {}).forEach((property) => expect(stored).toContain(property));
      if (step.Confirms) expect(stored).toContain(step.Confirms);
    });
  });
});

describe('BotStepCodec', () => {
  it('should reject a step with an unknown response type or malformed target', () => {
    expect(E.isLeft(BotStepCodec.decode({ Key: 'A', MessageKey: 'Bot.A', ResponseType: 'Maybe', Delay: 750 }))).toBe(true);
    expect(E.isLeft(BotStepCodec.decode({ Key: 'A', MessageKey: 'Bot.A', ResponseType: 'Text', Delay: 750, OnSkip: { Jump: '3' } }))).toBe(true);
    expect(E.isLeft(BotStepCodec.decode({ Key: 'A', MessageKey: 'Bot.A', ResponseType: 'Text', Delay: 750, SkipWhen: 'sometimes' }))).toBe(true);
    expect(E.isLeft(BotStepCodec.decode({ Key: 'A', MessageKey: 'Bot.A', ResponseType: 'Text', Delay: 750, SkipWhen: ['emailKnown', 'sometimes'] }))).toBe(
      true,
    );
    expect(
      E.isRight(BotStepCodec.decode({ Key: 'A', MessageKey: 'Bot.A', ResponseType: 'Text', Delay: 750, SkipWhen: ['emailKnown', 'phoneRequested'] })),
    ).toBe(true);
  });
});

describe('BOT_MESSAGE_KEYS', () => {
  it('should list every message and alternate key of both scripts plus the answer keys, once each', () => {
    expect(BOT_MESSAGE_KEYS).toEqual(
      expect.arrayContaining([...scriptMessageKeys(ONBOARDING_SCRIPT), ...scriptMessageKeys(OFFBOARDING_SCRIPT), 'Bot.Answer.Yes', 'Bot.Answer.Skip']),
    );
    expect(BOT_MESSAGE_KEYS).toContain('Bot.Offboarding.PhoneRequest.PhoneRequested');
    expect(new Set(BOT_MESSAGE_KEYS).size).toBe(BOT_MESSAGE_KEYS.length);
    expect(BOT_MESSAGE_KEYS.every((key) => key.startsWith('Bot.'))).toBe(true);
  });
});

describe('script table errors', () => {
  it('should throw on a target naming a step that does not exist (a bug in the table)', () => {
    expect(() => stepIndexOf(ONBOARDING_SCRIPT, 'Nowhere')).toThrow("Bot script has no step 'Nowhere'");
  });

  it('should throw when skip conditions send the engine round in a cycle', () => {
    const cyclic: BotScript = [
      { Key: 'A', MessageKey: 'Bot.A', ResponseType: 'AskForNextMessage', Delay: 750, SkipWhen: 'secondLevelDisabled', OnSkip: { ToStep: 'B' } },
      { Key: 'B', MessageKey: 'Bot.B', ResponseType: 'AskForNextMessage', Delay: 750, SkipWhen: 'secondLevelDisabled', OnSkip: { ToStep: 'A' } },
    ];
    expect(() => enterStep(cyclic, 0, {}, null)).toThrow('cycle');
  });
});
