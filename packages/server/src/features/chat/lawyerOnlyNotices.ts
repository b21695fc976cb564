// Notices written for the lawyer alone (systemNotices.ts): stored in the transcript like every notice – the console,
// its reload and a data-request archive show them – but the client's chat, its reload and the client's protocol PDF
// leave them out. Today only the client's own sign-out, which the client needs no line about.

import { serverClientId } from './clientIds.js';

/** Client id prefix of the sign-out notices (each one its own), in the server's namespace (clientIds.ts). */
export const PARTICIPANT_LOGGED_OUT_ID = serverClientId('participant-logged-out:');

/** The prefix the sign-out notices had before the server's ids had their own namespace; still stored in older chats. */
const LEGACY_PARTICIPANT_LOGGED_OUT_ID = 'participant-logged-out-';

/** Told by the client id, not the text, so notices stored in earlier words are left out too. */
export const forLawyerOnly = (row: { readonly author_kind: string; readonly client_id: string | null }): boolean =>
  row.author_kind === 'system' &&
  row.client_id !== null &&
  (row.client_id.startsWith(PARTICIPANT_LOGGED_OUT_ID) || row.client_id.startsWith(LEGACY_PARTICIPANT_LOGGED_OUT_ID));
