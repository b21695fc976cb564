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
 * Adds or replaces a server message: the same id never shows twice, and the acknowledged copy of a pending message
 * (same clientId) takes its place. A message already shown never moves: the acknowledged copy stays where its pending
 * copy was, even when the lawyer's reply arrived while it was sent (the server stored it first), and a new message is
 * inserted among the sent ones by creation time. A moved list item is removed and added again in the live region, and
 * screen readers read it out once more (outside tester); a reload shows the server's order.
 */
export function mergeMessage(messages: readonly DisplayMessage[], incoming: DisplayMessage, clientId?: string | null): readonly DisplayMessage[] {
  const sameId = messages.findIndex((m) => m.id === incoming.id);
  if (sameId >= 0) return messages.map((m, i) => (i === sameId ? incoming : m));
  const pendingIndex = clientId ? messages.findIndex((m) => m.pending && m.id === clientId) : -1;
  if (pendingIndex >= 0) return messages.map((m, i) => (i === pendingIndex ? incoming : m));
  return insertByTime(messages, incoming);
}

/** After the last sent message created no later than it (so equal times keep arrival order), before pending ones. */
function insertByTime(messages: readonly DisplayMessage[], incoming: DisplayMessage): readonly DisplayMessage[] {
  const time = Date.parse(incoming.created);
  let at = messages.length;
  while (at > 0) {
    const before = messages[at - 1] as DisplayMessage;
    if (!before.pending && Date.parse(before.created) <= time) break;
    at -= 1;
  }
  return [...messages.slice(0, at), incoming, ...messages.slice(at)];
}
