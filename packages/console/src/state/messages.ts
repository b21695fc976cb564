// How the chat view labels a message (merging and ordering live in core's workspace).
import { MessageType, type ChatMessage } from '@rechtschat/core';

export type MessageKind = 'participant' | 'lawyer' | 'bot' | 'information';

/** Who wrote a message, from the lawyer's point of view. */
export function messageKind(message: ChatMessage, lawyerId: string): MessageKind {
  if (message.Type === MessageType.ChatbotMessage) return 'bot';
  if (message.Type === MessageType.Information || message.Type === MessageType.ForwardedMessage) return 'information';
  return message.Author?.Id === lawyerId ? 'lawyer' : 'participant';
}
