// LawyerHub over the same official-client connection handling as the participant's ChatHub:
// the reconnect (and reconnectNow), waiting for a running reconnect, decoded events. Only the methods differ.
import { Subject, type Observable } from 'rxjs';
import { ChatMessage, StartJoinResult } from '@rechtschat/core';
import type { Call, LawyerHub } from '@rechtschat/core';
import { SignalRChatHub, type HubConnectionLike, type SignalRChatHubOptions } from './signalrChatHub.adapter.js';

/** The console always asks for the lawyer role, since a browser may hold a participant cookie too. */
export const LAWYER_HUB_PATH = 'signalr?as=lawyer';

export class SignalRLawyerHub extends SignalRChatHub implements LawyerHub {
  private readonly queue = new Subject<void>();
  readonly queueChanged$: Observable<void> = this.queue.asObservable();
  private readonly profile = new Subject<void>();
  /** The server changed this lawyer's account (an administrator gave or took the administration): read the profile again. */
  readonly profileChanged$: Observable<void> = this.profile.asObservable();
  private readonly caseFile = new Subject<string>();
  /** A client changed one of this lawyer's case files: its id (anything but a string id is dropped). */
  readonly caseFileChanged$: Observable<string> = this.caseFile.asObservable();

  private readonly erased = new Subject<readonly string[]>();
  /** Chat cases erased on a person's request: their ids (anything but a list of string ids is dropped). */
  readonly casesErased$: Observable<readonly string[]> = this.erased.asObservable();

  constructor(options: Omit<SignalRChatHubOptions, 'hubPath'>) {
    super({ ...options, hubPath: LAWYER_HUB_PATH });
  }

  protected override registerHandlers(connection: HubConnectionLike): void {
    connection.on('QueueChanged', () => this.queue.next());
    connection.on('ProfileChanged', () => this.profile.next());
    connection.on('CaseFileChanged', (caseFileId: unknown) => {
      if (typeof caseFileId === 'string' && caseFileId !== '') this.caseFile.next(caseFileId);
    });
    connection.on('CasesErased', (caseIds: unknown) => {
      if (Array.isArray(caseIds) && caseIds.every((id): id is string => typeof id === 'string')) this.erased.next(caseIds);
    });
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
