// The chat feature's Kysely table interfaces (migration 0001 and later columns): cases, their chats, messages and
// files, callbacks, ratings, second-level phone numbers and the bot's state. Times are ISO 8601 UTC text and booleans
// 0/1 integers so SQLite and PostgreSQL share one schema. Other features read them (reports, data requests, retention,
// the lawyer's queue) and import a row type through chat/index.ts. The migrations stay in
// platform/storage/migrations (one ordered list for both engines).
import type { Flag } from '../../platform/storage/database.js';

export interface CasesTable {
  id: string;
  participant_id: string;
  description: string;
  email: string | null;
  verified_email: Flag;
  field_of_law: number;
  field_of_law_long_name: string;
  request_phone_number: Flag;
  protocol_email: string | null;
  protocol_sent_at: string | null;
  closed_at: string | null;
  disabled: Flag;
  next_seq: number;
  created_at: string;
  retention_until: string;
  /** StartChat's OverrideDomain (a partner domain); links in mails use it when it is one of WEB_ORIGINS. */
  override_domain: string | null;
  /** Migration 0014: the insurer whose entry token (by `kid`) opened the case; null: the single-insurer default. */
  insurer_id: string | null;
  /**
   * Migration 0031: when an erasure (GDPR Art. 17) asked for this case while a case file kept it (§ 50 BRAO); the
   * retention job erases it once that file's retention has ended. Null otherwise; optional, so no insert names it.
   */
  erasure_requested_at?: string | null;
}

export type ChatState = 'waiting' | 'active' | 'closed' | 'forwarded';

export interface ChatsTable {
  id: string;
  case_id: string;
  state: ChatState;
  lawyer_id: string | null;
  /** Set when a chat was forwarded to a specific lawyer. */
  requested_lawyer_id: string | null;
  previous_chat_id: string | null;
  /** 'timeout': closed for inactivity (by the client's timer or the server's lifecycle); 'abandoned': left the queue without a lawyer (migration 0015);
   * 'callback': the client booked a callback while waiting and left the queue. */
  close_reason: 'lawyer' | 'lawyerRequestPhone' | 'timeout' | 'abandoned' | 'callback' | 'forwarded' | null;
  file_forwarding_revoked: Flag;
  created_at: string;
  accepted_at: string | null;
  /** Migration 0023: the lawyer who accepted the chat (held the consultation); stays when `lawyer_id` moves to a
   * colleague on a deactivation hand-over. The reports and the usage confirmation name this lawyer. */
  accepted_lawyer_id: string | null;
  closed_at: string | null;
  /** Migration 0035: for a chat handed back to the queue because the lawyer of the chat before it was away, since when
   * the client has been without an answering lawyer (that chat's acceptance or its lawyer's newest message, the later);
   * null for every other chat, which waits since `created_at`. */
  waiting_since: string | null;
  /** Migration 0037: the case's field of law when the chat was handed on (forward, release of an away lawyer's chat),
   * what its lawyer keeps reading; null for other chats and those handed on before. Optional, so no insert names it. */
  field_of_law_at_forward?: number | null;
  field_of_law_long_name_at_forward?: string | null;
  /** Migration 0048: since when a forwarded chat has waited for its current colleague, when later than `created_at`
   * (handed over to a successor on a deactivation); null: since `created_at`. Optional, so no insert names it. */
  held_since?: string | null;
  /** Migration 0048: the name of the deactivated lawyer a waiting forwarded chat was handed over from; null: never. */
  handed_over_from?: string | null;
  /** Migration 0049: the colleague a forwarded chat waited for when its hold ran out and it went to every lawyer; null
   * once a lawyer accepts it, and for every other chat. Optional, so no insert names it. */
  released_from_lawyer_id?: string | null;
}

export interface MessagesTable {
  id: string;
  case_id: string;
  chat_id: string;
  /** Monotonic per case; orders the transcript. */
  seq: number;
  client_id: string | null;
  type: number;
  text: string;
  author_kind: 'participant' | 'lawyer' | 'system';
  author_id: string | null;
  author_name: string | null;
  file_id: string | null;
  created_at: string;
}

export interface FilesTable {
  id: string;
  case_id: string;
  chat_id: string;
  uploader_kind: 'participant' | 'lawyer';
  uploader_id: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_name: string;
  revoked: Flag;
  created_at: string;
}

export interface CallbacksTable {
  id: string;
  case_id: string;
  chat_id: string;
  phone: string;
  availability: string;
  created_at: string;
  /** Set when a lawyer marked the callback done (migration 0003). */
  done_at?: string | null;
  /** Migration 0024: the lawyer who marked it done; null while open, and for callbacks done before the migration. */
  done_by_lawyer_id?: string | null;
  /** Migration 0018: the colleague who took the callback over from a deactivated lawyer; null: the chat's lawyer. */
  assigned_lawyer_id?: string | null;
}

export interface RatingsTable {
  id: string;
  case_id: string;
  stars: number;
  comment: string | null;
  created_at: string;
}

export interface SecondLevelPhonesTable {
  id: string;
  case_id: string | null;
  param: string | null;
  participant_id: string | null;
  phone: string;
  created_at: string;
}

/** Where the offboarding bot of a case stands (JSON of core's BotProgress), so a reload continues it. */
export interface BotProgressTable {
  case_id: string;
  script: 'offboarding';
  state: string;
  updated_at: string;
}

/** Migration 0015: when the participant's hub connection was last seen open (features/chat/lifecycle/presence.ts). */
export interface ParticipantPresenceTable {
  participant_id: string;
  last_seen_at: string;
}

/** Migration 0029: when the lawyer's hub connection was last seen open (features/chat/lifecycle/presence.ts). */
export interface LawyerPresenceTable {
  lawyer_id: string;
  last_seen_at: string;
}

/** Bot messages shown highlighted (HighlightedMessage on the wire); presence means highlighted. */
export interface MessageHighlightsTable {
  message_id: string;
  case_id: string;
}

/** Migration 0041: a confirmation mail of the protocol's double opt-in (protocolConfirmation.ts); only the token's hash. */
export interface ProtocolMailConfirmationsTable {
  token_hash: string;
  case_id: string;
  participant_id: string;
  /** The address as the person gave it (the deliverable form); the protocol goes there once confirmed. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Migration 0044: how often the chain of links before this one was renewed after expiring (0 for a first link). */
  renewals: number;
}

/** Migration 0041: an address the participant confirmed by the link; later protocols go there without a new link. */
export interface ConfirmedProtocolAddressesTable {
  participant_id: string;
  /** Lower case, so „Max@Example.de“ and „max@example.de“ are one address. */
  email: string;
  confirmed_at: string;
  /** The last protocol mailed there (or the confirmation): a year after it the retention job deletes the row. */
  last_used_at: string;
}

declare module '../../platform/storage/database.js' {
  /** The chat feature's tables in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    cases: CasesTable;
    chats: ChatsTable;
    messages: MessagesTable;
    files: FilesTable;
    callbacks: CallbacksTable;
    ratings: RatingsTable;
    second_level_phones: SecondLevelPhonesTable;
    bot_progress: BotProgressTable;
    message_highlights: MessageHighlightsTable;
    participant_presence: ParticipantPresenceTable;
    lawyer_presence: LawyerPresenceTable;
    protocol_mail_confirmations: ProtocolMailConfirmationsTable;
    confirmed_protocol_addresses: ConfirmedProtocolAddressesTable;
  }
}
