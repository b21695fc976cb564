// A "… gesendet" page may only confirm what this tab really sent: the sending screen navigates there with this
// history state, which a reload keeps. Opened otherwise (bookmark, address-bar suggestion, shared link) the page
// would tell the client that the Vollmacht or the questionnaire reached the firm although nothing was sent.
const SENT_STATE = { CaseFileSent: true } as const;

/** Navigation options of the sending screen after the server confirmed. */
export const afterSending = { replace: true, state: SENT_STATE } as const;

export function cameFromSending(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { CaseFileSent?: unknown }).CaseFileSent === true;
}
