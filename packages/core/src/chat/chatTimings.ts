// Every chat timer in one place; docs/core.md ("Timers") lists the same table.

/** Callback offer appears after this long waiting for a lawyer. */
export const CALLBACK_OFFER_AFTER_MS = 59_000;
/** The lawyer typing indicator stays this long after each IsTyping notification. */
export const LAWYER_TYPING_VISIBLE_MS = 2_500;
/** At most one outgoing typing notification per this window. */
export const TYPING_NOTIFICATION_WINDOW_MS = 2_000;
/** Ping with the current route. */
export const PING_INTERVAL_MS = 10_000;
/** Silence after a lawyer message before the inactivity dialog opens. */
export const INACTIVITY_AFTER_MS = 180_000;
/** First dialog stage, counted down in seconds. */
export const INACTIVITY_STAGE1_S = 60;
/** Second dialog stage, then CloseChatByTimeout. */
export const INACTIVITY_STAGE2_S = 30;
/** Title alternates at this rhythm until the window gets focus. */
export const TITLE_TOGGLE_MS = 2_000;
/** The file-forwarding question answers itself with "yes" after this long. */
export const FILE_FORWARDING_AUTO_YES_MS = 30_000;
/** Classification falls back to field of law 2 after this long. */
export const CLASSIFY_TIMEOUT_MS = 10_000;
