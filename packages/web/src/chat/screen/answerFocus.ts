// Where the keyboard focus goes when the bot's next answer form appears. It goes into the new form only while the focus
// is "free": nowhere in particular (the page, <main>), or still in the answer region, where the person just answered.
// A person who moved on – to the footer's „Impressum“, a skip link, the header – keeps their place: the field that
// appeared seconds later took the focus from there (accessibility tester, 2026-12-05; WCAG 2.4.3, 3.2.1).

/** The region of the current step's answer (ChatScreen's `#chat-input`). */
export const CHAT_INPUT_ID = 'chat-input';
/** The callback form, which „Zur Eingabe springen“ leads into while it replaces the answer bar. */
export const CALLBACK_FORM_ID = 'chat-callback-form';

export function focusIsFree(): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || active.tagName === 'MAIN') return true;
  return document.getElementById(CHAT_INPUT_ID)?.contains(active) ?? false;
}
