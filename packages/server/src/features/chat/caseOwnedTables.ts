// The tables whose rows belong to one chat case (a `case_id` column), deleted with it: by the retention job when the
// case is due, and by an erasure request. One list, so a new table is never deleted by one and forgotten by the other.
// Children first; `chats` and `cases` themselves follow in the callers.
export const CASE_OWNED_TABLES = [
  'message_highlights',
  'bot_progress',
  'messages',
  'callbacks',
  'ratings',
  'second_level_phones',
  'files',
  'protocol_mail_confirmations',
] as const;
