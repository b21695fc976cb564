// Pure composition of the chat screen state from its three sources: the bot runners,
// the live session and the controller's own command state.
import { MAX_CHAT_TEXT_LENGTH, minChatTextLength } from '../validation/index.js';
import type { ResponseType } from '../wire/index.js';
import type { CallbackConfirmation, ChatEnding, ChatPhase, ChatViewState, ConnectionNotice, DisplayMessage } from './chatController.types.js';
import type { SessionState } from './chatSessionState.js';
import { ChatErrorKeys } from './chatErrorKeys.js';

/** What a bot runner contributes to the screen. */
export interface BotView {
  readonly messages: readonly DisplayMessage[];
  readonly typing: boolean;
  readonly responseType: ResponseType | null;
}

/** No runner (yet). */
export const noBot: BotView = { messages: [], typing: false, responseType: null };

/** What the controller itself tracks besides bots and session. */
export interface CommandState {
  readonly phase: ChatPhase;
  /** A closed, rated case opened again: only its history shows. */
  readonly historyOnly: boolean;
  readonly running: number;
  readonly errorKey: string | null;
  readonly callbackRequested: boolean;
  readonly callbackConfirmation: CallbackConfirmation | null;
  readonly ratingSaved: boolean;
  readonly secondLevelEnabled: boolean;
  /** On the new-chat route, the participant's earlier case, closed, whose usage confirmation can be downloaded. */
  readonly earlierClosedCaseId: string | null;
  /** StartChat was refused because this person's consultation already runs: its case. */
  readonly runningChatCaseId: string | null;
  /** The name of the file being uploaded to the chat, while its upload runs. */
  readonly uploadingFileName: string | null;
  /** How much of that file has been sent, 0–100 (whole numbers). */
  readonly uploadPercent: number;
  /** The file whose upload the person just cancelled, until the next upload starts. */
  readonly cancelledUploadFileName: string | null;
}

/** Before start(). */
export const initialCommandState: CommandState = {
  phase: 0,
  historyOnly: false,
  running: 0,
  errorKey: null,
  callbackRequested: false,
  callbackConfirmation: null,
  ratingSaved: false,
  secondLevelEnabled: false,
  earlierClosedCaseId: null,
  runningChatCaseId: null,
  uploadingFileName: null,
  uploadPercent: 0,
  cancelledUploadFileName: null,
};

function responseTypeOf(commands: CommandState, session: SessionState, bot: BotView): ResponseType | null {
  // The server ended the connection for good (the person's data was erased on their request): the case is gone, so
  // nothing the page could still ask for – the offboarding's phone number, e-mail or rating – can be sent anywhere.
  if (session.closedByServer !== null) return null;
  // An intake whose chat could not start has nothing to answer, and did not end ("Der Chat ist beendet" would be untrue).
  if (
    commands.phase === 0 &&
    (commands.runningChatCaseId !== null || commands.errorKey === ChatErrorKeys.StartFailed || commands.errorKey === ChatErrorKeys.StartLimited)
  )
    return null;
  // The intake's last step hands the request over: until StartChat is answered (a slow or lost network: seconds, or
  // until it fails) and after a failure whose alert was closed, nothing ended either – the chat has not begun.
  if (commands.phase === 0 && bot.responseType === 'Done') return null;
  if (commands.phase !== 1) return bot.responseType;
  // A finished case opened again ends as its offboarding did ("Der Chat ist beendet …"): derived from the stored
  // status, not stored as a message, so the transcript and the protocol PDF stay as they are.
  if (commands.historyOnly) return 'Done';
  if (session.caseClosed || session.chatId === null) return null;
  return 'Text';
}

/**
 * How the closed case ended (null while it is open): a lawyer took part (this session's Joined or the status's
 * LawyerTookPart), else a callback booked while it waited, else it closed while waiting.
 */
function endingOf(commands: CommandState, session: SessionState): ChatEnding | null {
  if (!session.caseClosed) return null;
  if (session.lawyerTookPart) return 'consultation';
  return commands.callbackRequested ? 'callback' : 'withoutConsultation';
}

/**
 * The device's own offline report comes first: the hub notices a lost network only after its keep-alive times out.
 * While the first connection is still being set up nothing is lost yet, so there is no notice until it fails.
 */
function connectionNoticeOf(session: SessionState): ConnectionNotice | null {
  if (!session.deviceOnline) return 'offline';
  if (session.connection === 'connected' || !session.connectionTried) return null;
  if (session.connection === 'disconnected' && session.connectionCapped) return 'capped';
  return session.connection;
}

/**
 * The case whose usage confirmation is offered: this chat's once closed after a lawyer took part (the server has
 * none for a case that ended while waiting), else an earlier such case while this chat has no case yet; none once the
 * server ended the connection for good.
 */
export function usageConfirmationCaseId(commands: CommandState, session: SessionState): string | null {
  // Erased (the server ended the connection for good): the server holds no confirmation any more; a download could only fail.
  if (session.closedByServer !== null) return null;
  if (session.caseId !== null) return session.caseClosed && session.lawyerTookPart ? session.caseId : null;
  return commands.earlierClosedCaseId;
}

/**
 * The server's copies of bot entries this page still shows from its runners (they come back when the
 * session re-reads the case after a reconnect) are left out, so each entry shows once.
 */
function withoutBotCopies(messages: readonly DisplayMessage[], onboarding: BotView, offboarding: BotView): readonly DisplayMessage[] {
  if (onboarding.messages.length === 0 && offboarding.messages.length === 0) return messages;
  const shown = new Set([...onboarding.messages, ...offboarding.messages].map((m) => m.id));
  return messages.filter((m) => m.clientId === undefined || !shown.has(m.clientId));
}

/** The screen state of chatController.types.ts. Pure. */
export function composeViewState(commands: CommandState, session: SessionState, onboarding: BotView, offboarding: BotView): ChatViewState {
  const currentBot = commands.phase === 0 ? onboarding : commands.phase === 2 ? offboarding : noBot;
  const live = commands.phase !== 0;
  return {
    phase: commands.phase,
    caseId: session.caseId,
    chatId: session.chatId,
    messages: [...onboarding.messages, ...withoutBotCopies(session.messages, onboarding, offboarding), ...offboarding.messages],
    botTyping: currentBot.typing,
    lawyerTyping: live && session.lawyerTyping,
    lawyerName: session.lawyerName,
    responseType: responseTypeOf(commands, session, currentBot),
    ending: endingOf(commands, session),
    lawyerConnected: session.lawyerConnected,
    caseClosed: session.caseClosed,
    connection: session.connection,
    connectionNotice: connectionNoticeOf(session),
    connectionRetrySeconds: session.connectionCapped ? session.connectionCapRetrySeconds : null,
    closedByServer: session.closedByServer,
    waitingForLawyer: commands.phase === 1 && !commands.historyOnly && session.waitingForLawyer && !session.caseClosed,
    callbackOffered: commands.phase === 1 && session.callbackOffered,
    queuePosition: commands.phase === 1 && session.waitingForLawyer && !session.caseClosed ? session.queuePosition : null,
    expectedWaitMinutes: commands.phase === 1 && session.waitingForLawyer && !session.caseClosed ? session.expectedWaitMinutes : null,
    callbackRequested: commands.callbackRequested,
    callbackConfirmation: commands.callbackConfirmation,
    fileForwardingQuestion: session.fileForwardingQuestion,
    inactivity: session.inactivity,
    minTextLength: minChatTextLength(session.lawyerConnected),
    maxTextLength: MAX_CHAT_TEXT_LENGTH,
    busy: commands.running > 0,
    errorKey: commands.errorKey ?? session.errorKey,
    requestPhoneNumber: session.requestPhoneNumber,
    secondLevelEnabled: commands.secondLevelEnabled,
    ratingSaved: commands.ratingSaved,
    usageConfirmationAvailable: usageConfirmationCaseId(commands, session) !== null,
    runningChatCaseId: commands.runningChatCaseId,
    uploadingFileName: commands.uploadingFileName,
    uploadPercent: commands.uploadPercent,
    cancelledUploadFileName: commands.cancelledUploadFileName,
  };
}
