import type { Observable } from 'rxjs';
import type { ChatMessage, Notification, StartChatRequest, StartJoinResult } from '../wire/index.js';
import type { Call } from './call.js';

export type ConnectionState = 'connected' | 'reconnecting' | 'disconnected';

/** The real-time hub at {chat host}signalr. */
export interface ChatHub {
  readonly connectionState$: Observable<ConnectionState>;
  /** Emits after an automatic reconnect: the server forgot this connection, so the app must rejoin. */
  readonly reconnected$: Observable<void>;
  readonly messages$: Observable<ChatMessage>;
  readonly notifications$: Observable<Notification>;
  /**
   * The German reason the server gave when it closed this connection for good (the person's data erased on their
   * request, the access link revoked) – never the client library's own English texts.
   */
  readonly closedByServer$: Observable<string>;
  start(): Call<void>;
  stop(): Call<void>;
  /**
   * While the automatic reconnect waits for its next attempt (delays 0, 2, 10, 30 s): the attempt starts at once – the
   * device is online again, or the page visible again – and the one already running is joined, never doubled. Answers
   * ok once connected (reconnected$ has emitted); a failed attempt leaves the schedule as it was. Does nothing and
   * answers ok when the hub is not reconnecting.
   */
  reconnectNow(): Call<void>;
  ping(route: string): Call<void>;
  startChat(request: StartChatRequest): Call<StartJoinResult>;
  joinLatestChat(caseId: string): Call<StartJoinResult>;
  /** clientId lets the server store a resend after a lost acknowledgement only once. */
  sendMessage(chatId: string, text: string, clientId: string): Call<ChatMessage>;
  closeChatByTimeout(chatId: string): Call<void>;
  sendTypingNotification(chatId: string): Call<void>;
  /** „Ich bin noch da“: the person's other tabs and devices close their inactivity dialog too (StillHere). */
  stayActive(chatId: string): Call<void>;
}
