// Every i18n key the bot can display, so the web app can prove each one has a German text.
import type { BotScript } from './botStep.js';
import { BotAnswerKeys } from './botAnswerKeys.js';
import { OFFBOARDING_SCRIPT } from './offboardingScript.js';
import { ONBOARDING_SCRIPT } from './onboardingScript.js';

/** Message keys (and their second-level alternates) of a script, in table order. */
export function scriptMessageKeys(script: BotScript): readonly string[] {
  return script.flatMap((step) => (step.SecondLevelKey === undefined ? [step.MessageKey] : [step.MessageKey, step.SecondLevelKey]));
}

/** Bot messages outside the script tables (BotRunner.announce). */
export const BotNoticeKeys = {
  /** The thanks once a rating was saved (there used to be none). */
  RatingThanks: 'Bot.Offboarding.RatingThanks',
  /** The callback number was given in another tab of the same chat: this tab says which, instead of asking again. */
  PhoneGivenElsewhere: 'Bot.Offboarding.PhoneGivenElsewhere',
} as const;

/** All bot message and answer keys, without duplicates. */
export const BOT_MESSAGE_KEYS: readonly string[] = [
  ...new Set([
    ...scriptMessageKeys(ONBOARDING_SCRIPT),
    ...scriptMessageKeys(OFFBOARDING_SCRIPT),
    ...Object.values(BotAnswerKeys),
    ...Object.values(BotNoticeKeys),
  ]),
];
