// The live-chat part of the chat screen state (phase 1), as immutable data.
import type { ConnectionState } from '../ports/chatHub.js';
import { MessageType, type CaseStatus, type ChatMessage } from '../wire/index.js';
import type { DisplayMessage, InactivityWarning } from './chatController.types.js';

/** Immutable snapshot of the live chat. */
export interface SessionState {
  readonly caseId: string | null;
  readonly chatId: string | null;
  /** Server messages (each id once) followed by unacknowledged participant messages. */
  readonly messages: readonly DisplayMessage[];
  readonly lawyerConnected: boolean;
  readonly lawyerName: string | null;
  /** A lawyer accepted a chat of this case (also before a forward): only then is there a usage confirmation. */
  readonly lawyerTookPart: boolean;
  readonly caseClosed: boolean;
  readonly requestPhoneNumber: boolean;
  readonly connection: ConnectionState;
  /**
   * The hub was connected once, or a start failed: only then does 'disconnected' mean a lost connection. Before that the
   * page is still setting up its first connection (a second or more on mobile data), which is no interruption.
   */
  readonly connectionTried: boolean;
  /** The last start was refused because the address holds too many connections; retried by itself (chatSession). */
  readonly connectionCapped: boolean;
  /** While capped: the seconds until the start is tried again by itself, said to the person as a number; else null. */
  readonly connectionCapRetrySeconds: number | null;
  /** The device reports a network connection (it may still take the hub a while to notice a loss). */
  readonly deviceOnline: boolean;
  /** Why the server ended the connection for good, in its German words; null for every other end. */
  readonly closedByServer: string | null;
  readonly waitingForLawyer: boolean;
  /** When the current chat began to wait for a lawyer (epoch ms); the callback offer counts from it. */
  readonly waitingSince: number | null;
  readonly callbackOffered: boolean;
  /** Where the waiting request stands in the lawyers' queue (1 = next), as the server last said; null when unknown. */
  readonly queuePosition: number | null;
  /** The expected wait in minutes the server sent with the position; null when it had too little to go by. */
  readonly expectedWaitMinutes: number | null;
  readonly lawyerTyping: boolean;
  readonly fileForwardingQuestion: boolean;
  /** The chat whose files the question is about (the one the lawyer left). */
  readonly fileForwardingChatId: string | null;
  readonly inactivity: InactivityWarning | null;
  readonly errorKey: string | null;
}

/** Before a chat was started or joined. */
export const initialSessionState: SessionState = {
  caseId: null,
  chatId: null,
  messages: [],
  lawyerConnected: false,
  lawyerName: null,
  lawyerTookPart: false,
  caseClosed: false,
  requestPhoneNumber: false,
  connection: 'disconnected',
  connectionTried: false,
  connectionCapped: false,
  connectionCapRetrySeconds: null,
  deviceOnline: true,
  closedByServer: null,
  waitingForLawyer: false,
  waitingSince: null,
  callbackOffered: false,
  queuePosition: null,
  expectedWaitMinutes: null,
  lawyerTyping: false,
  fileForwardingQuestion: false,
  fileForwardingChatId: null,
  inactivity: null,
  errorKey: null,
};

/** Joined: a lawyer took the chat; the queue view and callback offer go away. */
export function lawyerJoined(state: SessionState, lawyerName: string | null): SessionState {
  return {
    ...state,
    lawyerConnected: true,
    lawyerName: lawyerName ?? state.lawyerName,
    lawyerTookPart: true,
    waitingForLawyer: false,
    callbackOffered: false,
    queuePosition: null,
    expectedWaitMinutes: null,
  };
}

/** Closed / ClosedAndRequestPhoneNumber: the offboarding bot takes over. */
export function caseClosed(state: SessionState, requestPhoneNumber: boolean): SessionState {
  return {
    ...state,
    caseClosed: true,
    lawyerConnected: false,
    waitingForLawyer: false,
    callbackOffered: false,
    queuePosition: null,
    expectedWaitMinutes: null,
    lawyerTyping: false,
    inactivity: null,
    requestPhoneNumber: state.requestPhoneNumber || requestPhoneNumber,
  };
}

/** Forwarded: the lawyer left; the participant waits for the next one in the new chat, from `now`. */
export function lawyerForwarded(state: SessionState, newChatId: string | null, now: number): SessionState {
  const hasFiles = state.messages.some((m) => m.kind === 'file');
  return {
    ...state,
    chatId: newChatId ?? state.chatId,
    lawyerConnected: false,
    lawyerName: null,
    lawyerTyping: false,
    waitingForLawyer: true,
    waitingSince: now,
    // The new chat's place comes with the server's next QueuePosition.
    queuePosition: null,
    expectedWaitMinutes: null,
    inactivity: null,
    fileForwardingQuestion: hasFiles,
    fileForwardingChatId: hasFiles ? state.chatId : null,
  };
}

/**
 * When the chat `chatId` began to wait, as far as its stored messages tell: the newest bot message of the
 * onboarding (stored with StartChat, which puts the chat in the queue) or the notice of a forward to it. Both
 * come before anything a lawyer could write; null when the chat has neither (then the caller's "now" is used).
 */
export function waitingSinceOf(messages: readonly ChatMessage[], chatId: string | null): number | null {
  let since: number | null = null;
  for (const m of messages) {
    if (m.ChatId !== chatId || (m.Type !== MessageType.ChatbotMessage && m.Type !== MessageType.ForwardedMessage)) continue;
    const created = Date.parse(m.Created);
    if (!Number.isNaN(created) && (since === null || created > since)) since = created;
  }
  return since;
}

/**
 * Whether a lawyer took part in the case, as its status tells: the server's LawyerTookPart, or – from a server
 * without it – a lawyer holding or having held the latest chat. A case closed while it waited (a callback booked,
 * the queue left) had no consultation.
 */
export function lawyerTookPartIn(status: CaseStatus): boolean {
  return status.LawyerTookPart ?? (status.LawyerConnected || (status.LawyerName ?? null) !== null);
}

/** Applies a status read from the server (at join and after a reconnect). */
export function withCaseStatus(state: SessionState, status: CaseStatus): SessionState {
  const known = { ...state, lawyerTookPart: state.lawyerTookPart || lawyerTookPartIn(status) };
  if (status.CaseClosed) return caseClosed(known, status.RequestPhoneNumber);
  return {
    ...known,
    lawyerConnected: status.LawyerConnected,
    waitingForLawyer: !status.LawyerConnected,
    requestPhoneNumber: status.RequestPhoneNumber,
  };
}
