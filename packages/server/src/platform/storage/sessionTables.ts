// The platform's own tables (migration 0001): the one session store of every kind and the single-use login tickets,
// both written by platform/sessions.ts. A feature's tables live beside it in features/<name>/tables.ts.

export interface SessionsTable {
  /** sha256 of the cookie value. */
  token_hash: string;
  kind: 'web' | 'chat' | 'lawyer' | 'casefile';
  subject_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginTicketsTable {
  ticket_hash: string;
  participant_id: string;
  expires_at: string;
  used_at: string | null;
}
