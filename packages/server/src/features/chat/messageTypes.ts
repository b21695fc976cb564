// The shapes of a stored message and of one about to be stored, shared by the service
// (messages.ts), its queries (messageQueries.ts) and both group commits.
import type { MessagesTable } from './tables.js';

export type MessageRow = MessagesTable & { file_name?: string | null };

export interface NewMessage {
  readonly caseId: string;
  readonly chatId: string;
  readonly clientId: string | null;
  readonly type: number;
  readonly text: string;
  readonly author: { readonly kind: MessagesTable['author_kind']; readonly id: string | null; readonly name: string | null };
  readonly fileId?: string | null;
  /**
   * Store the message only while its chat is waiting or active, checked in the transaction that
   * stores it (so a chat closed in the meantime, on any process, cannot take new messages).
   * A resend of an already stored client id is answered with the stored message regardless.
   */
  readonly onlyWhileChatOpen?: boolean;
}
