// i18n keys of the validation rules and their server-side errors. The web app translates them; VALIDATION_MESSAGE_KEYS lets it
// check that every key has a German text.

/** Every i18n key a validator in core can return, by rule. */
export const ValidationKeys = {
  ChatEmpty: 'Chat.Empty',
  ChatMinLength: 'Chat.MinLength',
  ChatMaxLength: 'Chat.MaxLength',
  EnterValidEmail: 'Chat.EnterValidEmail',
  EnterValidPhoneNumber: 'Chat.EnterValidPhoneNumber',
  PhoneRequired: 'Chat.PhoneRequired',
  CallbackDateRequired: 'Chat.CallbackDateRequired',
  CallbackDateInPast: 'Chat.CallbackDateInPast',
  CallbackSlotRequired: 'Chat.CallbackSlotRequired',
  /** Today's chosen time window has already ended (Berlin time); a window that runs now is fine. */
  CallbackSlotPassed: 'Chat.CallbackSlotPassed',
  PinHint: 'Error.PinHint',
  Privacy: 'Error.Privacy',
  TermsOfService: 'Error.TermsOfService',
  RatingRequired: 'Chat.RatingRequired',
} as const;

export type ValidationKey = (typeof ValidationKeys)[keyof typeof ValidationKeys];

/** Shown when the server rejects a callback request (not a client-side rule). */
export const CALLBACK_FAILED_KEY = 'Chat.CallbackFailed';

/** Shown under the PIN after the server rejected a login. */
export const NOT_AUTHENTICATED_KEY = 'Error.NotAuthenticated';

/** All keys above, for translation completeness checks. */
export const VALIDATION_MESSAGE_KEYS: readonly string[] = [...Object.values(ValidationKeys), CALLBACK_FAILED_KEY, NOT_AUTHENTICATED_KEY];
