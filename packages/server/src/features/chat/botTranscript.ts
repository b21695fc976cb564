// The bot part of the transcript. The browser runs the bot and
// records its questions and the participant's answers; they are stored through the same
// storage call as chat messages (insertMessage: case sequence, UNIQUE(chat_id, client_id)), so
// the whole conversation has one order and a resend after a lost answer is a no-op.
// The storage of the entries is in botTranscriptQueries.ts.
import { BotProgress, decodeJson, isKnownBotText, MessageType, type ChatMessage, type TranscriptEntry, type TranscriptPost } from '@rechtschat/core';
import { BOT_TEXTS_DE } from '@rechtschat/core/bot-texts';
import * as E from 'fp-ts/lib/Either.js';
import type { Db } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, DomainError } from '../../platform/errors.js';
import { messageToWire, type MessageRow } from './messages.js';
import { listCaseMessages } from './messageQueries.js';
import { chatOfParticipant, chatsReadableByLawyer } from './chatAccess.js';
import { forLawyerOnly } from './lawyerOnlyNotices.js';
import { findBotProgressState, insertTranscriptWithProgress, listHighlightedMessageIds, type TranscriptMessage } from './botTranscriptQueries.js';
import { withoutBidiControls } from '../../platform/bidiControls.js';
import { INVALID_CLIENT_ID, isCallerClientId } from './clientIds.js';

export const MAX_TRANSCRIPT_ENTRIES = 200;
/** Bot texts are longer than chat messages (750); the participant's answers are validated by the bot. */
export const MAX_TRANSCRIPT_TEXT = 5000;
const MAX_PROGRESS_JSON = 8000;
/** How far back the browser's display time of an entry may lie (a long onboarding). */
export const MAX_ENTRY_AGE_MS = 6 * 3_600_000;
/**
 * The offboarding bot numbers its entries `offboarding-1`, `offboarding-2`, … (BotProgress.LastEntry); one run with
 * every retry stays far below this. With UNIQUE(chat_id, client_id) it bounds what a case's offboarding can add.
 */
export const MAX_OFFBOARDING_ENTRIES = 300;
/** The offboarding's longest bot text is under 300 characters, its answers a phone number, an address, a comment. */
export const MAX_OFFBOARDING_TEXT = 2000;
const OFFBOARDING_ID = /^offboarding-([1-9]\d{0,3})$/;

export interface TranscriptTarget {
  readonly caseId: string;
  readonly chatId: string;
  readonly participantId: string;
}

/** Rejects what the bot cannot have produced in shape or size; content is the participant's own. */
export function validateTranscript(entries: readonly TranscriptEntry[]): void {
  if (entries.length > MAX_TRANSCRIPT_ENTRIES) throw badRequest(`Höchstens ${MAX_TRANSCRIPT_ENTRIES} Einträge auf einmal.`);
  for (const entry of entries) {
    // An onboarding entry under one of the server's notice ids would take that notice's place (clientIds.ts).
    if (!isCallerClientId(entry.ClientId)) throw badRequest(INVALID_CLIENT_ID);
    if (withoutBidiControls(entry.Message).trim() === '' || entry.Message.length > MAX_TRANSCRIPT_TEXT)
      throw badRequest(`Ein Eintrag muss 1 bis ${MAX_TRANSCRIPT_TEXT} Zeichen lang sein.`);
  }
}

/**
 * Whether an entry is stored as the firm's assistant speaking (ChatbotMessage, author `system`): only a text the bot
 * says (core's BOT_TEXTS_DE, placeholders one line each). Any other line a browser sends under the bot's name – a
 * sentence of the client's own („Ihre Versicherung hat die Kosten zugesagt“, outside attacker 2026-12-05), or a text
 * of an older release still open in a browser during an update – is kept as what it is: the client's browser's words.
 */
function isAssistantLine(entry: TranscriptEntry, text: string): boolean {
  return entry.Author === 'bot' && isKnownBotText(text, BOT_TEXTS_DE);
}

/** How the entries are stored: bot texts as system chatbot messages, answers (and anything else) as the participant's. */
export function transcriptMessages(target: TranscriptTarget, entries: readonly TranscriptEntry[]): TranscriptMessage[] {
  return entries.map((entry) => {
    // Without bidi controls, as every chat text (platform/bidiControls.ts): the console shows what the protocol records.
    const text = withoutBidiControls(entry.Message).trim();
    return transcriptMessage(target, entry, text, isAssistantLine(entry, text));
  });
}

function transcriptMessage(target: TranscriptTarget, entry: TranscriptEntry, text: string, assistant: boolean): TranscriptMessage {
  return {
    message: {
      caseId: target.caseId,
      chatId: target.chatId,
      clientId: entry.ClientId,
      type: assistant ? MessageType.ChatbotMessage : MessageType.Message,
      text,
      author: assistant ? { kind: 'system', id: null, name: null } : { kind: 'participant', id: target.participantId, name: null },
    },
    requestedAt: Date.parse(entry.Created),
    // Only the assistant highlights („Bitte bleiben Sie in diesem Fenster“); a client's line never stands out as one.
    highlighted: assistant && entry.Highlighted === true,
  };
}

export interface TranscriptDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/**
 * Only what the offboarding bot produces: its own ids within the bound, its sizes. Found from outside: without a bound
 * on the ids, one session could add thousands of 5,000-character entries and make every protocol PDF of the case take
 * a minute to render.
 */
function validateOffboarding(entries: readonly TranscriptEntry[]): void {
  for (const entry of entries) {
    const n = OFFBOARDING_ID.exec(entry.ClientId)?.[1];
    if (n === undefined || Number(n) > MAX_OFFBOARDING_ENTRIES) throw badRequest(INVALID_CLIENT_ID);
    if (entry.Message.length > MAX_OFFBOARDING_TEXT) throw badRequest(`Ein Eintrag darf höchstens ${MAX_OFFBOARDING_TEXT} Zeichen lang sein.`);
  }
}

/**
 * POST api/chat/transcript/{chatId}: entries of the offboarding bot plus where it stands, in one transaction. The
 * offboarding runs after the chat ended, so a chat that still waits or talks to a lawyer takes none (409): the lawyer
 * must never find lines in the record that were not in the conversation (found from outside).
 */
export async function recordTranscript(deps: TranscriptDeps, participantId: string, chatId: string, post: TranscriptPost): Promise<MessageRow[]> {
  const { chat } = await chatOfParticipant(deps.db, participantId, chatId);
  if (chat.state !== 'closed') throw new DomainError('Conflict', 'Der Chat ist noch nicht beendet.');
  validateTranscript(post.Entries);
  validateOffboarding(post.Entries);
  const progress = post.Progress ? JSON.stringify(post.Progress) : null;
  if (progress !== null && progress.length > MAX_PROGRESS_JSON) throw badRequest('Der Gesprächsstand ist zu groß.');
  return insertTranscriptWithProgress(
    deps.db,
    deps.clock,
    chat.case_id,
    transcriptMessages({ caseId: chat.case_id, chatId, participantId }, post.Entries),
    MAX_ENTRY_AGE_MS,
    progress,
  );
}

/** Where the case's offboarding bot stands, or null (none yet, or unreadable). */
export async function botProgressOf(db: Db, caseId: string): Promise<BotProgress | null> {
  const state = await findBotProgressState(db, caseId);
  if (state === undefined) return null;
  const decoded = decodeJson(BotProgress, state);
  return E.isRight(decoded) ? decoded.right : null;
}

/** Ids of the case's highlighted bot messages. */
export async function highlightedMessageIds(db: Db, caseId: string): Promise<ReadonlySet<string>> {
  return new Set(await listHighlightedMessageIds(db, caseId));
}

/** Who reads a case's transcript: its client, or a lawyer who held a chat of it. */
export type TranscriptReader = { readonly kind: 'participant' } | { readonly kind: 'lawyer'; readonly id: string };

/**
 * The conversation of a case in stored order: bot, participant, system notices, lawyers. The client reads all of it
 * without the notices written for the lawyer alone (systemNotices.ts `forLawyerOnly`). A lawyer reads it up to the end
 * of the last chat they held: a colleague the chat was forwarded to sees what came before, but whoever forwarded it
 * does not read on in what the client and the colleague write afterwards (need to know; an outside tester).
 */
export async function caseTranscript(db: Db, caseId: string, reader: TranscriptReader): Promise<ChatMessage[]> {
  const [rows, highlighted, readable] = await Promise.all([
    listCaseMessages(db, caseId),
    highlightedMessageIds(db, caseId),
    reader.kind === 'lawyer' ? chatsReadableByLawyer(db, caseId, reader.id) : null,
  ]);
  const shown =
    readable === null
      ? rows.filter((row) => !forLawyerOnly(row))
      : rows.filter((row) => readable.held.has(row.chat_id) || (row.chat_id === readable.forwardedTo && row.type === MessageType.ForwardedMessage));
  return shown.map((row) => ({ ...messageToWire(row), HighlightedMessage: highlighted.has(row.id) }));
}
