// How the chat view labels a message (merging and ordering live in core's workspace).
import { MessageType, type ChatMessage } from '@rechtschat/core';

export type MessageKind = 'participant' | 'lawyer' | 'colleague' | 'bot' | 'information';

/** Who wrote a message, from the lawyer's point of view. */
export function messageKind(message: ChatMessage, lawyerId: string): MessageKind {
  if (message.Type === MessageType.ChatbotMessage) return 'bot';
  if (message.Type === MessageType.Information || message.Type === MessageType.ForwardedMessage) return 'information';
  if (message.Author?.Id === lawyerId) return 'lawyer';
  // Before a forward another lawyer answered in this case: the server names each stored message's author kind.
  return message.AuthorKind === 'lawyer' ? 'colleague' : 'participant';
}
