// Onboarding before the chat: problem description, optional verified e-mail, field of law, hand-over.
import type { BotScript, BotStep } from './botStep.js';
import { BOT_DELAY_DEFAULT_MS as D, BOT_DELAY_EMAIL_MS as E, BOT_DELAY_EMAIL_RETYPE_MS as R } from './botDelays.js';

/** Fields shared by EMailConfirm and EMailConfirmAgain; only the second adds OnNo (back to retyping). */
const confirmEmail = {
  ResponseType: 'YesOrNo',
  Delay: E,
  PropertyName: 'VerifiedEmail',
  Confirms: 'EMailAddress',
  Params: { value: 'EMailAddress' },
  OnYes: { ToStep: 'ChatConsultation' },
} as const satisfies Partial<BotStep>;

/** The onboarding script; it ends with Forward (Done), after which the chat state becomes 1. */
export const ONBOARDING_SCRIPT: BotScript = [
  { Key: 'Welcome', MessageKey: 'Bot.Welcome', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'HelpInfo', MessageKey: 'Bot.HelpInfo', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'ProblemQuestion', MessageKey: 'Bot.ProblemQuestion', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'ProblemNotice', MessageKey: 'Bot.ProblemNotice', ResponseType: 'Text', Delay: D, PropertyName: 'Description', Effect: 'classify' },
  { Key: 'ThankYou', MessageKey: 'Bot.ThankYou', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'EMailRequest', MessageKey: 'Bot.EMailRequest', ResponseType: 'EMail', Delay: E, PropertyName: 'EMailAddress', Skippable: true, OnSkip: { Jump: 3 } },
  { Key: 'EMailConfirm', MessageKey: 'Bot.EMailConfirm', ...confirmEmail },
  { Key: 'EMailRetype', MessageKey: 'Bot.EMailRetype', ResponseType: 'EMail', Delay: R, PropertyName: 'EMailAddress', Skippable: true, OnSkip: { Jump: 1 } },
  { Key: 'EMailConfirmAgain', MessageKey: 'Bot.EMailConfirmAgain', ...confirmEmail, OnNo: { Jump: -2 } },
  {
    Key: 'ChatConsultation',
    MessageKey: 'Bot.ChatConsultation',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: { fieldOfLaw: 'FieldOfLawLongName' },
    WaitFor: 'FieldOfLawLongName',
  },
  { Key: 'StayInChat1', MessageKey: 'Bot.StayInChat1', ResponseType: 'AskForNextMessage', Delay: D, Highlighted: true },
  { Key: 'StayInChat2', MessageKey: 'Bot.StayInChat2', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'Forward', MessageKey: 'Bot.Forward', ResponseType: 'Done', Delay: D, Effect: 'startChat' },
];
