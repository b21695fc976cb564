// Bookkeeping behind "each message shows exactly once": which sent messages still wait
// for their acknowledgement, and which author ids are the participant's own.
import type { ChatMessage } from '../wire/index.js';
import type { DisplayMessage } from './chatController.types.js';
import { fromServerMessage, mergeMessage } from './displayMessage.js';

/** One per session; not shared between screens. */
export class MessageLedger {
  /** clientId → text of messages the server has not acknowledged yet. */
  private readonly outbox = new Map<string, string>();
  private readonly participantIds = new Set<string>();

  addParticipant(authorId: string): void {
    this.participantIds.add(authorId);
  }

  queue(clientId: string, text: string): void {
    this.outbox.set(clientId, text);
  }

  /** Forgets a message that can never be delivered (the chat had ended): it is not sent again. */
  drop(clientId: string): void {
    this.outbox.delete(clientId);
  }

  /** Messages to send again after a reconnect, with their original clientIds. */
  unacknowledged(): readonly (readonly [clientId: string, text: string])[] {
    return [...this.outbox];
  }

  /** True when the message is the participant's own; settles its outbox entry and learns the author id. */
  settle(message: ChatMessage): boolean {
    const clientId = message.ClientId ?? null;
    if (clientId !== null && this.outbox.has(clientId)) {
      this.outbox.delete(clientId);
      if (message.Author) this.participantIds.add(message.Author.Id);
      return true;
    }
    return message.Author !== null && this.participantIds.has(message.Author.Id);
  }

  /** Adds server messages to the displayed ones without duplicates. Pure with respect to `shown`. */
  merge(shown: readonly DisplayMessage[], incoming: readonly ChatMessage[]): readonly DisplayMessage[] {
    const isParticipant = (authorId: string) => this.participantIds.has(authorId);
    return incoming.reduce((acc, m) => mergeMessage(acc, fromServerMessage(m, isParticipant), m.ClientId), shown);
  }
}
