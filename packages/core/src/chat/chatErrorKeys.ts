// i18n keys of errors the chat controller shows (the product's error catalogue plus our own).
export const ChatErrorKeys = {
  CallbackFailed: 'Chat.CallbackFailed',
  StartFailed: 'Chat.StartFailed',
  /** StartChat refused: the person began more consultations within the last hour than the server allows. */
  StartLimited: 'Chat.StartLimited',
  LoadFailed: 'Chat.LoadFailed',
  UploadFailed: 'Chat.UploadFailed',
  ProtocolFailed: 'Chat.ProtocolFailed',
  SecondLevelPhoneFailed: 'Chat.SecondLevelPhoneFailed',
  RatingFailed: 'Chat.RatingFailed',
  RevokeFileForwardingFailed: 'Chat.RevokeFileForwardingFailed',
  /** The numbering plan could not be loaded, so a phone number could not be checked (try again). */
  PhoneCheckFailed: 'Chat.PhoneCheckFailed',
  /** The input does not fit what the chat currently expects (e.g. text while the bot types). */
  NotExpected: 'Chat.NotExpected',
} as const;

/** Texts of the callback time slots; Availability is "24.11.2026, 08:00–12:00 Uhr". */
export const CALLBACK_SLOT_TEXT = { Availability1: '08:00–12:00 Uhr', Availability2: '12:00–18:00 Uhr' } as const;
