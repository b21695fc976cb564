// Maps wire messages to what the chat screen renders (chatController.types.ts).
import type { ChatMessage } from '../wire/index.js';
import { MessageType } from '../wire/index.js';
import type { DisplayMessage, MessageKind } from './chatController.types.js';

function kindOf(message: ChatMessage, isParticipant: (authorId: string) => boolean): MessageKind {
  switch (message.Type) {
    case MessageType.Information:
      return 'information';
    case MessageType.ChatbotMessage:
      return 'bot';
    case MessageType.File:
      return 'file';
    case MessageType.ForwardedMessage:
      return 'forwarded';
    default:
      return message.Author !== null && isParticipant(message.Author.Id) ? 'participant' : 'lawyer';
  }
}

/** A server message as displayed; `isParticipant` tells the participant's own author id. */
export function fromServerMessage(message: ChatMessage, isParticipant: (authorId: string) => boolean): DisplayMessage {
  const kind = kindOf(message, isParticipant);
  // Files (and any future typed message) by the participant are still their own.
  const own = kind !== 'participant' && message.Author !== null && isParticipant(message.Author.Id);
  return {
    id: message.Id,
    kind,
    text: message.Message,
    isI18nKey: false,
    ...(message.Author && { authorId: message.Author.Id, authorName: message.Author.Name }),
    created: message.Created,
    highlighted: message.HighlightedMessage ?? false,
    ...(message.FileId ? { fileId: message.FileId } : {}),
    ...(message.FileName ? { fileName: message.FileName } : {}),
    pending: false,
    ...(own ? { own: true } : {}),
    ...(message.ClientId ? { clientId: message.ClientId } : {}),
  };
}

/** The participant's message while it waits for the acknowledgement; its id is the clientId. */
export function pendingMessage(clientId: string, text: string, created: string): DisplayMessage {
  return { id: clientId, kind: 'participant', text, isI18nKey: false, created, highlighted: false, pending: true };
}

/**
 * Adds or replaces a server message: the same id never shows twice, and the
 * acknowledged copy of a pending message (same clientId) takes its place.
 */
export function mergeMessage(messages: readonly DisplayMessage[], incoming: DisplayMessage, clientId?: string | null): readonly DisplayMessage[] {
  const sameId = messages.findIndex((m) => m.id === incoming.id);
  if (sameId >= 0) return messages.map((m, i) => (i === sameId ? incoming : m));
  const pendingIndex = clientId ? messages.findIndex((m) => m.pending && m.id === clientId) : -1;
  const rest = pendingIndex >= 0 ? messages.filter((_, i) => i !== pendingIndex) : messages;
  return orderMessages([...rest, incoming]);
}

/** Server messages (and ones that were not sent) by creation time (stable), pending ones last in sending order. */
export function orderMessages(messages: readonly DisplayMessage[]): readonly DisplayMessage[] {
  const sent = messages.filter((m) => !m.pending);
  const pending = messages.filter((m) => m.pending);
  const byTime = [...sent].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  return [...byTime, ...pending];
}
