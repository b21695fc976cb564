// System notices that belong in the transcript: stored like chat messages (so a reload, the
// lawyer's view and the PDF protocol show them) and distributed to both sides – except the one written for the
// lawyer alone (the client's sign-out), which the client's screens and protocol leave out (lawyerOnlyNotices.ts).
// Their client ids are the server's own (`system:…`, clientIds.ts), which no client's message can take first.
import { MessageType } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { newId, newSecret } from '../../platform/ids.js';
import { distributeMessage, distributeToLawyer } from './broadcast.js';
import { findNewestMessageText, findRunningChatsOfParticipant } from './chatQueries.js';
import { PARTICIPANT_LOGGED_OUT_ID } from './lawyerOnlyNotices.js';
import { serverClientId } from './clientIds.js';

/**
 * Stores a system notice (an information message) once per `clientId` in the chat; answers the stored row and whether
 * this call stored it, so the caller distributes it only then – after whatever must reach the clients first.
 */
export function storeSystemNotice(ctx: AppContext, caseId: string, chatId: string, clientId: string, text: string) {
  return ctx.messages.append({ caseId, chatId, clientId, type: MessageType.Information, text, author: { kind: 'system', id: null, name: null } });
}

/**
 * "Rechtsanwältin X hat den Chat betreten." once per chat: the fixed client id makes a repeated
 * AcceptChat (a retry after a lost answer) store and show it only once.
 */
export async function announceLawyerJoined(ctx: AppContext, caseId: string, chatId: string, lawyerName: string): Promise<void> {
  const [row, created] = await ctx.messages.append({
    caseId,
    chatId,
    clientId: serverClientId('lawyer-joined'),
    type: MessageType.Information,
    text: `${lawyerName} ist dem Chat beigetreten.`,
    author: { kind: 'system', id: null, name: null },
  });
  if (created) await distributeMessage(ctx, row);
}

/**
 * Why the chat ended when the participant stopped answering (CloseChatByTimeout): said to the
 * participant, who may come back to the screen much later, and kept in the transcript for a reload,
 * the lawyer's view and the PDF protocol.
 */
export const CLOSED_BY_TIMEOUT_TEXT =
  'Der Chat wurde automatisch beendet, weil längere Zeit keine Antwort kam. Der bisherige Verlauf bleibt hier erhalten. ' +
  'Haben Sie noch Fragen, können Sie während der Servicezeiten über Ihren Zugangslink einen neuen Chat beginnen.';

/** Stores the reason of a timeout closure as an information message, once per chat, and shows it on both sides. */
export async function announceClosedByTimeout(ctx: AppContext, caseId: string, chatId: string): Promise<void> {
  const [row, created] = await ctx.messages.append({
    caseId,
    chatId,
    clientId: serverClientId('closed-by-timeout'),
    type: MessageType.Information,
    text: CLOSED_BY_TIMEOUT_TEXT,
    author: { kind: 'system', id: null, name: null },
  });
  if (created) await distributeMessage(ctx, row);
}

/** Read by the lawyer only (console, its transcript, a data-request archive): the client knows they signed out. */
export const PARTICIPANT_LOGGED_OUT_TEXT =
  'Die ratsuchende Person hat sich abgemeldet. Sie kann den Chat über ihren persönlichen Zugangslink fortsetzen; kommt sie nicht zurück, wird der Chat automatisch beendet.';

/**
 * The participant signed out while a chat waits for or talks to a lawyer: the lawyer learns it in the transcript
 * (instead of writing on to nobody) and can end the chat; if the lawyer's last message stays unanswered, the server's lifecycle
 * (lifecycle/rules.ts) ends it by timeout once the client has no connection left.
 */
export async function announceParticipantLoggedOut(ctx: AppContext, participantId: string): Promise<void> {
  for (const chat of await findRunningChatsOfParticipant(ctx.db, participantId)) {
    // Signing in and out again and again adds nothing while the notice is still the newest line.
    if ((await findNewestMessageText(ctx.db, chat.case_id)) === PARTICIPANT_LOGGED_OUT_TEXT) continue;
    const [row] = await ctx.messages.append({
      caseId: chat.case_id,
      chatId: chat.id,
      // Each sign-out after something else was said is its own notice.
      clientId: `${PARTICIPANT_LOGGED_OUT_ID}${newId()}`,
      type: MessageType.Information,
      text: PARTICIPANT_LOGGED_OUT_TEXT,
      author: { kind: 'system', id: null, name: null },
    });
    // The client's other tabs and devices still in the chat do not get it either.
    await distributeToLawyer(ctx, row);
  }
}

/**
 * Why a waiting chat left the queue (features/chat/lifecycle): the client had no connection for ten minutes before a
 * lawyer was free. Read by the client on return and kept in the transcript.
 */
export const CLOSED_ABANDONED_TEXT =
  'Der Chat wurde automatisch beendet, weil Sie die Seite längere Zeit verlassen hatten, bevor eine Anwältin oder ein Anwalt frei war. ' +
  'Haben Sie noch Fragen, können Sie während der Servicezeiten über Ihren Zugangslink einen neuen Chat beginnen.';

/** The same for a client who asked for a callback while waiting: the callback list still holds the request. */
export const CLOSED_ABANDONED_CALLBACK_TEXT =
  'Der Chat wurde automatisch beendet, weil Sie die Seite längere Zeit verlassen hatten, bevor eine Anwältin oder ein Anwalt frei war. ' +
  'Ihr Rückrufwunsch bleibt bestehen: Wir rufen Sie wie angegeben zurück.';

/** Stores the reason a waiting chat was closed as abandoned, once per chat, and shows it to the client's side. */
export async function announceAbandoned(ctx: AppContext, caseId: string, chatId: string, callbackRequested: boolean): Promise<void> {
  const [row, created] = await ctx.messages.append({
    caseId,
    chatId,
    clientId: serverClientId('closed-abandoned'),
    type: MessageType.Information,
    text: callbackRequested ? CLOSED_ABANDONED_CALLBACK_TEXT : CLOSED_ABANDONED_TEXT,
    author: { kind: 'system', id: null, name: null },
  });
  if (created) await distributeMessage(ctx, row);
}

/** Why a waiting chat ended when its client booked a callback: read by the client on return, the lawyer and the protocol. */
export const CLOSED_FOR_CALLBACK_TEXT =
  'Sie haben einen Rückruf vereinbart. Der Chat ist damit beendet, bevor eine Anwältin oder ein Anwalt frei war; wir rufen Sie wie angegeben zurück.';

/** Stores the reason once per chat and shows it on every screen of this chat. */
export async function announceClosedForCallback(ctx: AppContext, caseId: string, chatId: string): Promise<void> {
  const [row, created] = await ctx.messages.append({
    caseId,
    chatId,
    clientId: serverClientId('closed-for-callback'),
    type: MessageType.Information,
    text: CLOSED_FOR_CALLBACK_TEXT,
    author: { kind: 'system', id: null, name: null },
  });
  if (created) await distributeMessage(ctx, row);
}

/**
 * What the client of a forwarded, still waiting chat reads when an administrator deactivated the lawyer it was
 * forwarded to and the chat now waits for a colleague: in the words of the forward notice („Ihr Chat wurde an …
 * weitergeleitet.“), which otherwise still names the deactivated lawyer.
 */
function forwardHandedOverText(deactivatedName: string, colleagueName: string): string {
  return `${deactivatedName} ist nicht mehr erreichbar. Ihr Chat wurde deshalb an ${colleagueName} weitergeleitet.`;
}

/** Stores the notice in each such waiting chat and shows it on the client's open chat at once. */
export async function announceForwardHandedOver(
  ctx: AppContext,
  chats: readonly { readonly chatId: string; readonly caseId: string }[],
  deactivatedName: string,
  colleagueName: string,
): Promise<void> {
  for (const chat of chats) {
    // A fresh client id: the same chat may be handed on again later (the colleague deactivated in turn).
    const [row, created] = await storeSystemNotice(
      ctx,
      chat.caseId,
      chat.chatId,
      serverClientId(`forward-handover:${newSecret().slice(0, 12)}`),
      forwardHandedOverText(deactivatedName, colleagueName),
    );
    if (created && ctx.hub) await distributeMessage(ctx, row);
  }
}
