// The lawyer's hub connection ({chat}signalr?as=lawyer): commands out, decoded events in.
import type { HubConnectionLike } from '@rechtschat/adapters/signalr';
import { ChatMessage, Notification, StartJoinResult, decode } from '@rechtschat/core';
import type { StartJoinResult as Joined } from '@rechtschat/core';

export interface LawyerHubEvents {
  readonly queueChanged: () => void;
  readonly message: (message: ChatMessage) => void;
  readonly notification: (notification: Notification) => void;
}

export interface LawyerHub {
  start(): Promise<void>;
  stop(): Promise<void>;
  acceptChat(chatId: string): Promise<Joined>;
  sendMessage(chatId: string, text: string): Promise<void>;
  sendTyping(chatId: string): Promise<void>;
  closeChat(chatId: string, requestPhoneNumber: boolean): Promise<void>;
  forwardChat(chatId: string, lawyerId: string): Promise<Joined>;
}

export const lawyerHubUrl = (chatUrl: string) => `${chatUrl}signalr?as=lawyer`;

/** Wraps a connection; events that do not decode are dropped (never trusted). */
export function createLawyerHub(connection: HubConnectionLike, events: LawyerHubEvents): LawyerHub {
  connection.on('QueueChanged', () => events.queueChanged());
  connection.on('DistributeMessage', (raw: unknown) => {
    const decoded = decode(ChatMessage, raw);
    if (decoded._tag === 'Right') events.message(decoded.right);
  });
  connection.on('SendNotification', (raw: unknown) => {
    const decoded = decode(Notification, raw);
    if (decoded._tag === 'Right') events.notification(decoded.right);
  });
  const joined = async (promise: Promise<unknown>): Promise<Joined> => {
    const decoded = decode(StartJoinResult, await promise);
    if (decoded._tag === 'Left') throw new Error(decoded.left.message);
    return decoded.right;
  };
  return {
    start: () => connection.start(),
    stop: () => connection.stop(),
    acceptChat: (chatId) => joined(connection.invoke('AcceptChat', chatId)),
    sendMessage: async (chatId, text) => {
      await connection.invoke('SendMessage', chatId, text);
    },
    sendTyping: async (chatId) => {
      await connection.invoke('SendTypingNotification', chatId);
    },
    closeChat: async (chatId, requestPhoneNumber) => {
      await connection.invoke('CloseChat', chatId, requestPhoneNumber);
    },
    forwardChat: (chatId, lawyerId) => joined(connection.invoke('ForwardChat', chatId, lawyerId)),
  };
}
