// Storage keys the web app's start code needs without the chat's rules (it forgets a person's chat data on sign-in and
// logout): a module of constants only, so the start chunk takes nothing else (web/sharedChunks.ts START_MODULES).

/** The participant's sent messages not yet acknowledged, per case (pendingMessages.ts). */
export const PENDING_MESSAGES_KEY = 'rechtschat.chat.pending';
