// Offboarding after the chat: second-level phone, PDF protocol e-mail, closing words, rating.
import type { BotScript, BotStep } from './botStep.js';
import { BOT_DELAY_DEFAULT_MS as D, BOT_DELAY_EMAIL_MS as E, BOT_DELAY_EMAIL_RETYPE_MS as R } from './botDelays.js';

// The protocol line first: it says where the protocol goes when the address is known already (else it is passed over).
const toEmail = { ToStep: 'EMailSending' } as const;
const toEnd = { ToStep: 'End1' } as const;
const backToRetype = { Jump: -2 } as const;
const lawyer = { lawyer: 'LawyerName' } as const;

// Fields shared by XConfirm and XConfirmAgain; only the second confirmation adds OnNo (back to retyping).
const confirmPhone = {
  ResponseType: 'YesOrNoPhone',
  Delay: D,
  PropertyName: 'VerifiedPhone',
  Confirms: 'PhoneNumber',
  Params: { value: 'PhoneNumber' },
  OnYes: { ToStep: 'PhoneSaved' },
  Effect: 'saveSecondLevelPhone',
} as const satisfies Partial<BotStep>;

const confirmEmail = {
  ResponseType: 'YesOrNoEmail',
  Delay: E,
  PropertyName: 'VerifiedEmail',
  Confirms: 'EMailAddress',
  Params: { value: 'EMailAddress' },
  OnYes: { ToStep: 'EMailSaved' },
  Effect: 'sendProtocol',
} as const satisfies Partial<BotStep>;

/**
 * The offboarding script. SecondLevelKey texts replace MessageKey when the lawyer closed the
 * chat with ClosedAndRequestPhoneNumber. It ends after Rating (or when the case was rated).
 */
export const OFFBOARDING_SCRIPT: BotScript = [
  // `lawyer` (LawyerName from the case status): the texts name the lawyer when known (the web's `named` variants).
  { Key: 'WelcomeBack', MessageKey: 'Bot.Offboarding.WelcomeBack', ResponseType: 'AskForNextMessage', Delay: D, Params: lawyer },
  {
    Key: 'WelcomeBack1',
    MessageKey: 'Bot.Offboarding.WelcomeBack1',
    SecondLevelKey: 'Bot.Offboarding.WelcomeBack1.PhoneRequested',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: lawyer,
  },
  // The general callback offer would only repeat WelcomeBack1's "möchte … telefonisch besprechen" when the lawyer asked for the phone.
  {
    Key: 'WelcomeBack2',
    MessageKey: 'Bot.Offboarding.WelcomeBack2',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    SkipWhen: ['secondLevelDisabled', 'phoneRequested'],
  },
  { Key: 'WelcomeBack3', MessageKey: 'Bot.Offboarding.WelcomeBack3', ResponseType: 'AskForNextMessage', Delay: D, SkipWhen: 'secondLevelDisabled' },
  {
    Key: 'PhoneRequest',
    MessageKey: 'Bot.Offboarding.PhoneRequest',
    SecondLevelKey: 'Bot.Offboarding.PhoneRequest.PhoneRequested',
    ResponseType: 'PhoneNumber',
    Delay: D,
    PropertyName: 'PhoneNumber',
    Skippable: true,
    OnSkip: toEmail,
  },
  { Key: 'PhoneConfirm', MessageKey: 'Bot.Offboarding.PhoneConfirm', ...confirmPhone },
  {
    Key: 'PhoneRetype',
    MessageKey: 'Bot.Offboarding.PhoneRetype',
    ResponseType: 'PhoneNumber',
    Delay: D,
    PropertyName: 'PhoneNumber',
    Skippable: true,
    OnSkip: toEmail,
  },
  { Key: 'PhoneConfirmAgain', MessageKey: 'Bot.Offboarding.PhoneConfirmAgain', ...confirmPhone, OnNo: backToRetype },
  {
    Key: 'PhoneSaved',
    MessageKey: 'Bot.Offboarding.PhoneSaved',
    SecondLevelKey: 'Bot.Offboarding.PhoneSaved.PhoneRequested',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: lawyer,
  },
  // The onboarding address was confirmed: the protocol goes there after the consultation (the server mails it), say so –
  // or, when the address never passed the double opt-in, that its confirmation mail went there first.
  {
    Key: 'EMailSending',
    MessageKey: 'Bot.Offboarding.EMailSending',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: { value: 'ProtocolEmail' },
    SkipWhen: ['noProtocolEmail', 'protocolEmailAwaitsConfirmation'],
  },
  {
    Key: 'EMailSendingAfterConfirmation',
    MessageKey: 'Bot.Offboarding.EMailSendingAfterConfirmation',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: { value: 'ProtocolEmail' },
    SkipWhen: ['noProtocolEmail', 'protocolEmailConfirmed'],
  },
  {
    Key: 'EMailRequest',
    MessageKey: 'Bot.Offboarding.EMailRequest',
    ResponseType: 'EMail',
    Delay: E,
    PropertyName: 'EMailAddress',
    Skippable: true,
    SkipWhen: 'emailKnown',
    OnSkip: toEnd,
  },
  { Key: 'EMailConfirm', MessageKey: 'Bot.Offboarding.EMailConfirm', ...confirmEmail },
  {
    Key: 'EMailRetype',
    MessageKey: 'Bot.Offboarding.EMailRetype',
    ResponseType: 'EMail',
    Delay: R,
    PropertyName: 'EMailAddress',
    Skippable: true,
    OnSkip: toEnd,
  },
  { Key: 'EMailConfirmAgain', MessageKey: 'Bot.Offboarding.EMailConfirmAgain', ...confirmEmail, OnNo: backToRetype },
  // The reply waits for the server's answer (the bot "types" meanwhile) and tells the truth: the protocol is on its way,
  // or a confirmation mail went to the address first (double opt-in). A failed request shows its error, no reply.
  {
    Key: 'EMailSaved',
    MessageKey: 'Bot.Offboarding.EMailSaved',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: { value: 'EMailAddress' },
    WaitFor: 'ProtocolMail',
    SkipWhen: 'protocolNotSent',
  },
  {
    Key: 'EMailConfirmationSent',
    MessageKey: 'Bot.Offboarding.EMailConfirmationSent',
    ResponseType: 'AskForNextMessage',
    Delay: D,
    Params: { value: 'EMailAddress' },
    SkipWhen: 'protocolNotPending',
  },
  { Key: 'End1', MessageKey: 'Bot.Offboarding.End1', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'End2', MessageKey: 'Bot.Offboarding.End2', ResponseType: 'AskForNextMessage', Delay: D },
  { Key: 'End3', MessageKey: 'Bot.Offboarding.End3', ResponseType: 'AskForNextMessage', Delay: D },
  {
    Key: 'Rating',
    MessageKey: 'Bot.Offboarding.Rating',
    ResponseType: 'Rating',
    Delay: D,
    PropertyName: 'Rating',
    Skippable: true,
    SkipWhen: 'alreadyRated',
    Effect: 'saveRating',
  },
];
