// How long the bot "types" before each message.

/** Default typing time before a bot message. */
export const BOT_DELAY_DEFAULT_MS = 750;
/** E-mail request and confirmation: the participant reads the address back. */
export const BOT_DELAY_EMAIL_MS = 1000;
/** Retyping request after a rejected e-mail address. */
export const BOT_DELAY_EMAIL_RETYPE_MS = 2000;
