// The chat view's message list: one entry per message Id, in arrival order.
import { MessageType, type ChatMessage } from '@rechtschat/core';

export type MessageKind = 'participant' | 'lawyer' | 'bot' | 'information';

/** Appends the messages not shown yet (history and live events may overlap). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  const seen = new Set(current.map((m) => m.Id));
  const added = incoming.filter((m) => !seen.has(m.Id) && seen.add(m.Id));
  return added.length === 0 ? current : [...current, ...added];
}

/** Who wrote a message, from the lawyer's point of view. */
export function messageKind(message: ChatMessage, lawyerId: string): MessageKind {
  if (message.Type === MessageType.ChatbotMessage) return 'bot';
  if (message.Type === MessageType.Information || message.Type === MessageType.ForwardedMessage) return 'information';
  return message.Author?.Id === lawyerId ? 'lawyer' : 'participant';
}

/** A live message belongs to the open chat when it names that chat (or names none). */
export const belongsTo = (message: ChatMessage, chatId: string): boolean => message.ChatId === undefined || message.ChatId === chatId;
