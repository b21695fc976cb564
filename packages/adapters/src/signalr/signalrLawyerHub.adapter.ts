// LawyerHub over the same official-client connection handling as the participant's ChatHub:
// reconnect policy, waiting for a running reconnect, decoded events. Only the methods differ.
import { Subject, type Observable } from 'rxjs';
import { ChatMessage, StartJoinResult } from '@rechtschat/core';
import type { Call, LawyerHub } from '@rechtschat/core';
import { SignalRChatHub, type HubConnectionLike, type SignalRChatHubOptions } from './signalrChatHub.adapter.js';

/** The console always asks for the lawyer role, since a browser may hold a participant cookie too. */
export const LAWYER_HUB_PATH = 'signalr?as=lawyer';

export class SignalRLawyerHub extends SignalRChatHub implements LawyerHub {
  private readonly queue = new Subject<void>();
  readonly queueChanged$: Observable<void> = this.queue.asObservable();

  constructor(options: Omit<SignalRChatHubOptions, 'hubPath'>) {
    super({ ...options, hubPath: LAWYER_HUB_PATH });
  }

  protected override registerHandlers(connection: HubConnectionLike): void {
    connection.on('QueueChanged', () => this.queue.next());
  }

  acceptChat(chatId: string): Call<StartJoinResult> {
    return this.invoke(StartJoinResult, 'AcceptChat', chatId);
  }

  override sendMessage(chatId: string, text: string, clientId: string): Call<ChatMessage> {
    return this.invoke(ChatMessage, 'SendMessage', chatId, text, clientId);
  }

  closeChat(chatId: string, requestPhoneNumber: boolean): Call<void> {
    return this.ensureConnection((c) => this.settle(c, c.invoke('CloseChat', chatId, requestPhoneNumber), () => undefined));
  }

  forwardChat(chatId: string, lawyerId: string): Call<StartJoinResult> {
    return this.invoke(StartJoinResult, 'ForwardChat', chatId, lawyerId);
  }
}
