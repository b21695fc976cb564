// chat/rueckruf, the callback's confirmation page. The chat opens it with the details in the history entry's state,
// never in the address: a phone number there would stay in the browser's history and in every log the address
// reaches (the spec's base64 segment hides nothing). A link that does carry them still works (CallbackConfirmationPage).

export const CALLBACK_CONFIRMATION_PATH = '/chat/rueckruf';

export interface CallbackDetails {
  readonly phone: string;
  readonly availability: string;
}

/** The history state the confirmation page reads its details from. */
export function callbackConfirmationState(details: CallbackDetails): { readonly callback: CallbackDetails } {
  return { callback: { phone: details.phone, availability: details.availability } };
}

/** The details in a history entry's state, if it holds them as strings. */
export function callbackDetailsOf(state: unknown): Partial<CallbackDetails> {
  const callback = (state as { callback?: unknown } | null)?.callback;
  if (typeof callback !== 'object' || callback === null) return {};
  const { phone, availability } = callback as Record<string, unknown>;
  return { ...(typeof phone === 'string' ? { phone } : {}), ...(typeof availability === 'string' ? { availability } : {}) };
}
