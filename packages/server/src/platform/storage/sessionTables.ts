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
  /** Lawyer sessions only (migration 0027, platform/sessionDevice.ts): the browser's and system's names, not the User-Agent. */
  browser: string | null;
  system: string | null;
  /** The address shortened to its /24 (IPv4, `192.0.2.x`) or /48 (IPv6), never the full address. */
  network: string | null;
  /** Migration 0034: the insurer key (`kid`) whose entry token opened this client session (web, and the chat session its ticket opened); else null. */
  entry_kid: string | null;
  /** Migration 0036: the browser a client session (web, chat) belongs to, so hub activity extends only its sessions. */
  browser_key: string | null;
}

export interface LoginTicketsTable {
  ticket_hash: string;
  participant_id: string;
  expires_at: string;
  used_at: string | null;
  /** Migration 0034: the web session's `entry_kid`, handed on to the chat session the ticket opens. */
  entry_kid: string | null;
  /** Migration 0036: the web session's `browser_key`, handed on to the chat session the ticket opens. */
  browser_key: string | null;
}
