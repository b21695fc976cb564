// Server-side sessions behind opaque HttpOnly cookies. Only the
// sha256 of the cookie value is stored; idle and absolute expiry are enforced here.
import type { Db } from './storage/database.js';
import type { SessionsTable } from './storage/sessionTables.js';
import type { Clock } from './clock.js';
import { newId, newSecret, sha256 } from './ids.js';
import type { SessionDevice } from './sessionDevice.js';

export type SessionKind = SessionsTable['kind'];

// A case-file session's subject is the case file id (the cookie opens exactly that file).
export const SESSION_IDLE_MS: Record<SessionKind, number> = { web: 30 * 60_000, chat: 30 * 60_000, lawyer: 30 * 60_000, casefile: 30 * 60_000 };
export const SESSION_ABSOLUTE_MS: Record<SessionKind, number> = { web: 12 * 3_600_000, chat: 12 * 3_600_000, lawyer: 12 * 3_600_000, casefile: 12 * 3_600_000 };
const TOUCH_AFTER_MS = 60_000;
const TICKET_LIFETIME_MS = 60_000;
/**
 * Unredeemed chat tickets one browser (`browser_key`; a web session from before migration 0036: the person) holds at
 * most: the next one drops the oldest. A page asks for one per hub start and redeems it at once; a few allow tabs
 * opened at the same moment. Without the bound every `GET api/chat/session` stored a row until the hourly sweep.
 */
export const MAX_LIVE_TICKETS_PER_BROWSER = 5;
/** Subjects per UPDATE … IN (…) of touchSubjects, well below SQLite's parameter limit. */
const TOUCH_CHUNK = 500;

export interface SessionStore {
  /**
   * A new session; `device` (lawyer logins only) is the coarse description the device list shows, kept with the session;
   * `entryKid` (client sessions opened by an insurer's entry token) is the key that signed it in, so revoking it ends them.
   */
  create(kind: SessionKind, subjectId: string, device?: SessionDevice, entryKid?: string | null, browserKey?: string | null): Promise<string>;
  /**
   * The browser key (`SessionsTable.browser_key`) of the live session behind `token` when it is `subjectId`'s; else null.
   * A customer login keeps it for the same person in the same browser, the chat ticket hands it on.
   */
  browserKeyOf(kind: SessionKind, token: string | undefined, subjectId: string): Promise<string | null>;
  /** The insurer key (`kid`) a live session of this kind was opened with; null when none or no such session. */
  entryKidOf(kind: SessionKind, token: string | undefined): Promise<string | null>;
  /**
   * The subject id of a live session, extending its idle timer (unless `touch` is false: a read the client's page made
   * by itself, e.g. the Fallakte's live refresh, must not keep an idle session alive); null when unknown or expired.
   */
  resolve(kind: SessionKind, token: string | undefined, options?: { readonly touch?: boolean }): Promise<string | null>;
  destroy(token: string | undefined): Promise<void>;
  /**
   * A client's logout on either origin: ends the session behind `token` (a `kind` cookie) and every other client session
   * (web and chat) and unredeemed chat ticket of the same person in the same browser (`browser_key`). A session from
   * before migration 0036 names no browser, and the chat session its ticket opened cannot be told apart from the
   * person's other ones: its logout ends all the person's client sessions and tickets. Null when `token` names no session.
   */
  endClientBrowser(kind: 'web' | 'chat', token: string | undefined): Promise<EndedBrowser | null>;
  /** True while the subject holds at least one live session of this kind (hub revalidation). */
  hasLiveSession(kind: SessionKind, subjectId: string): Promise<boolean>;
  /** Counts hub activity as session activity: extends the idle timer of the subject's live sessions. */
  touchSubject(kind: SessionKind, subjectId: string): Promise<void>;
  /** The subjects among `subjectIds` that hold a live session of this kind (hasLiveSession for many, one query per 500). */
  liveSubjects(kind: SessionKind, subjectIds: readonly string[]): Promise<Set<string>>;
  /**
   * For each subject among `subjectIds` that holds a live session of this kind, the latest activity of those sessions
   * (`last_seen_at`, written at most once a minute per session): whether a colleague is signed in, and since when idle.
   */
  lastActivity(kind: SessionKind, subjectIds: readonly string[]): Promise<Map<string, string>>;
  /** The sessions among `sessionRefs` (`sessionRef` of their cookies) that are live (the hub's revalidation per connection). */
  liveSessions(kind: SessionKind, sessionRefs: readonly string[]): Promise<Set<string>>;
  /** touchSubject for many subjects in one statement (one commit instead of one per subject). */
  touchSubjects(kind: SessionKind, subjectIds: readonly string[]): Promise<void>;
  /**
   * Extends the idle timer of exactly these live sessions (`sessionRef` of their cookies), one statement per 500: the
   * activity of a hub connection counts for the session it was opened with, not for the subject's other sessions.
   */
  touchSessions(kind: SessionKind, sessionRefs: readonly string[]): Promise<void>;
  /** Extends the idle timer of the live sessions of exactly these browsers (`browser_key`), one statement per 500. */
  touchBrowsers(kind: SessionKind, browserKeys: readonly string[]): Promise<void>;
  /** The browsers among `browserKeys` that hold a live session of this kind (the hub's revalidation of a participant's connection). */
  liveBrowsers(kind: SessionKind, browserKeys: readonly string[]): Promise<Set<string>>;
  /** The live sessions of one subject, newest first (the lawyer's "Angemeldete Geräte"); `id` is derived, never the cookie or its stored hash. */
  listLive(kind: SessionKind, subjectId: string, currentToken: string | undefined): Promise<LiveSession[]>;
  /** Ends every session of the subject except the one behind `keepToken` (all of them when it is undefined); returns how many ended. */
  destroyOthers(kind: SessionKind, subjectId: string, keepToken: string | undefined): Promise<number>;
  /**
   * Ends the subject's session with the public `id` of listLive; returns its `sessionRef` (to close the hub
   * connections opened with it, and only those), null when it has none such.
   */
  destroyById(kind: SessionKind, subjectId: string, id: string): Promise<string | null>;
  /**
   * One-time ticket that moves a web session to the chat host (GET api/chat/session → api/login), with its entry key.
   * Keeps the browser's newest MAX_LIVE_TICKETS_PER_BROWSER unredeemed ones and drops the rest of its tickets.
   */
  issueTicket(participantId: string, entryKid?: string | null, browserKey?: string | null): Promise<string>;
  redeemTicket(ticket: string): Promise<RedeemedTicket | null>;
}

export interface RedeemedTicket {
  readonly participantId: string;
  /** The entry key of the web session that asked for the ticket (SessionsTable.entry_kid). */
  readonly entryKid: string | null;
  /** The browser key of the web session that asked for the ticket (SessionsTable.browser_key). */
  readonly browserKey: string | null;
}

export interface EndedBrowser {
  readonly participantId: string;
  /** The browser whose sessions ended; null for a session from before migration 0036 (all the person's ended). */
  readonly browserKey: string | null;
  /** True when a chat session was among them (the lawyer of a running chat learns of the logout). */
  readonly endedChat: boolean;
}

export interface LiveSession {
  /** Public id: a hash of the stored hash, so the list shows nothing that could be replayed or looked up. */
  readonly id: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  /** True for the session behind the token the caller passed. */
  readonly current: boolean;
  /** Where it was signed in as stored (`SessionDevice`'s names); null where the session was created without it. */
  readonly device: { readonly browser: string | null; readonly system: string | null; readonly network: string | null };
}

/** A session as the hub keeps it for a connection (`touchSessions`): the stored hash of its cookie, never the cookie. */
export const sessionRef = (token: string): string => sha256(token);

/** The public id of a stored session (listLive, destroyById). */
export const publicSessionId = (tokenHash: string): string => sha256(`session-id\0${tokenHash}`).slice(0, 22);

/** A new browser key: as random as an id (128 bits), base64url, so it can lead a chat session's cookie (below). */
export const newBrowserKey = (): string => newId();

const BROWSER_KEY = /^[A-Za-z0-9_-]{22}$/;

/**
 * The browser key a chat session's cookie carries in front of its secret (`<key>.<secret>`), or undefined (a session
 * without one, or not a chat cookie). The key is part of the cookie the session's hash covers, so it cannot be changed
 * without making the cookie worthless; the hub reads it without a database read (hubAuth.ts).
 */
export function browserKeyOfChatCookie(token: string | undefined): string | undefined {
  const dot = token?.indexOf('.') ?? -1;
  if (token === undefined || dot !== 22) return undefined;
  const key = token.slice(0, dot);
  return BROWSER_KEY.test(key) ? key : undefined;
}

export function createSessionStore(db: Db, clock: Clock): SessionStore {
  return {
    async create(kind, subjectId, device, entryKid = null, browserKey = null) {
      // A chat session's cookie names its browser (browserKeyOfChatCookie): the hub binds a participant's connection to it.
      const token = kind === 'chat' && browserKey !== null ? `${browserKey}.${newSecret()}` : newSecret();
      const now = clock.now();
      await db
        .insertInto('sessions')
        .values({
          token_hash: sha256(token),
          kind,
          subject_id: subjectId,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS[kind]).toISOString(),
          browser: device?.browser ?? null,
          system: device?.system ?? null,
          network: device?.network ?? null,
          entry_kid: entryKid,
          browser_key: browserKey,
        })
        .execute();
      return token;
    },
    async browserKeyOf(kind, token, subjectId) {
      if (token === undefined || token.length < 20 || token.length > 100) return null;
      const row = await db
        .selectFrom('sessions')
        .select(['browser_key', 'subject_id', 'expires_at', 'last_seen_at'])
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', kind)
        .executeTakeFirst();
      const now = clock.now();
      if (!row || row.subject_id !== subjectId || now.toISOString() >= row.expires_at) return null;
      if (now.getTime() >= Date.parse(row.last_seen_at) + SESSION_IDLE_MS[kind]) return null;
      return row.browser_key;
    },
    async resolve(kind, token, options) {
      if (token === undefined || token.length < 20 || token.length > 100) return null;
      const row = await db.selectFrom('sessions').selectAll().where('token_hash', '=', sha256(token)).where('kind', '=', kind).executeTakeFirst();
      if (!row) return null;
      const now = clock.now();
      const idleDeadline = Date.parse(row.last_seen_at) + SESSION_IDLE_MS[kind];
      if (now.toISOString() >= row.expires_at || now.getTime() >= idleDeadline) {
        await db.deleteFrom('sessions').where('token_hash', '=', row.token_hash).execute();
        return null;
      }
      if (options?.touch !== false && now.getTime() - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', row.token_hash).execute();
      }
      return row.subject_id;
    },
    async entryKidOf(kind, token) {
      if (token === undefined || token.length < 20 || token.length > 100) return null;
      const row = await db.selectFrom('sessions').select('entry_kid').where('token_hash', '=', sha256(token)).where('kind', '=', kind).executeTakeFirst();
      return row?.entry_kid ?? null;
    },
    async destroy(token) {
      if (token !== undefined) await db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
    },
    async endClientBrowser(kind, token) {
      if (token === undefined || token.length < 20 || token.length > 100) return null;
      const row = await db
        .selectFrom('sessions')
        .select(['subject_id', 'browser_key'])
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!row) return null;
      const { subject_id: participantId, browser_key: browserKey } = row;
      return db.transaction().execute(async (trx) => {
        let sessions = trx.deleteFrom('sessions').where('kind', 'in', ['web', 'chat']).where('subject_id', '=', participantId);
        let tickets = trx.deleteFrom('login_tickets').where('participant_id', '=', participantId);
        if (browserKey !== null) {
          sessions = sessions.where('browser_key', '=', browserKey);
          tickets = tickets.where('browser_key', '=', browserKey);
        }
        const ended = await sessions.returning('kind').execute();
        await tickets.execute();
        return { participantId, browserKey, endedChat: ended.some((session) => session.kind === 'chat') };
      });
    },
    async hasLiveSession(kind, subjectId) {
      const now = clock.now();
      const row = await db
        .selectFrom('sessions')
        .select('token_hash')
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .where('expires_at', '>', now.toISOString())
        .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },
    async touchSubject(kind, subjectId) {
      const now = clock.now();
      await db
        .updateTable('sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .where('expires_at', '>', now.toISOString())
        .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
        .execute();
    },
    async liveSubjects(kind, subjectIds) {
      const now = clock.now();
      const live = new Set<string>();
      for (let i = 0; i < subjectIds.length; i += TOUCH_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select('subject_id')
          .distinct()
          .where('kind', '=', kind)
          .where('subject_id', 'in', subjectIds.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .execute();
        for (const row of rows) live.add(row.subject_id);
      }
      return live;
    },
    async lastActivity(kind, subjectIds) {
      const now = clock.now();
      const latest = new Map<string, string>();
      for (let i = 0; i < subjectIds.length; i += TOUCH_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select(['subject_id', (eb) => eb.fn.max('last_seen_at').as('last_seen_at')])
          .where('kind', '=', kind)
          .where('subject_id', 'in', subjectIds.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .groupBy('subject_id')
          .execute();
        for (const row of rows) latest.set(row.subject_id, row.last_seen_at);
      }
      return latest;
    },
    async touchSubjects(kind, subjectIds) {
      const now = clock.now();
      for (let i = 0; i < subjectIds.length; i += TOUCH_CHUNK) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now.toISOString() })
          .where('kind', '=', kind)
          .where('subject_id', 'in', subjectIds.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .execute();
      }
    },
    async liveSessions(kind, sessionRefs) {
      const now = clock.now();
      const live = new Set<string>();
      for (let i = 0; i < sessionRefs.length; i += TOUCH_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select('token_hash')
          .where('kind', '=', kind)
          .where('token_hash', 'in', sessionRefs.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .execute();
        for (const row of rows) live.add(row.token_hash);
      }
      return live;
    },
    async touchSessions(kind, sessionRefs) {
      const now = clock.now();
      for (let i = 0; i < sessionRefs.length; i += TOUCH_CHUNK) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now.toISOString() })
          .where('kind', '=', kind)
          .where('token_hash', 'in', sessionRefs.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .execute();
      }
    },
    async touchBrowsers(kind, browserKeys) {
      const now = clock.now();
      for (let i = 0; i < browserKeys.length; i += TOUCH_CHUNK) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now.toISOString() })
          .where('kind', '=', kind)
          .where('browser_key', 'in', browserKeys.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .execute();
      }
    },
    async liveBrowsers(kind, browserKeys) {
      const now = clock.now();
      const live = new Set<string>();
      for (let i = 0; i < browserKeys.length; i += TOUCH_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select('browser_key')
          .distinct()
          .where('kind', '=', kind)
          .where('browser_key', 'in', browserKeys.slice(i, i + TOUCH_CHUNK))
          .where('expires_at', '>', now.toISOString())
          .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
          .execute();
        for (const row of rows) if (row.browser_key !== null) live.add(row.browser_key);
      }
      return live;
    },
    async listLive(kind, subjectId, currentToken) {
      const now = clock.now();
      const current = currentToken === undefined ? null : sha256(currentToken);
      const rows = await db
        .selectFrom('sessions')
        .select(['token_hash', 'created_at', 'last_seen_at', 'browser', 'system', 'network'])
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .where('expires_at', '>', now.toISOString())
        .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS[kind]).toISOString())
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: publicSessionId(row.token_hash),
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        current: row.token_hash === current,
        device: { browser: row.browser, system: row.system, network: row.network },
      }));
    },
    async destroyOthers(kind, subjectId, keepToken) {
      let query = db.deleteFrom('sessions').where('kind', '=', kind).where('subject_id', '=', subjectId);
      if (keepToken !== undefined) query = query.where('token_hash', '!=', sha256(keepToken));
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async destroyById(kind, subjectId, id) {
      const rows = await db.selectFrom('sessions').select('token_hash').where('kind', '=', kind).where('subject_id', '=', subjectId).execute();
      const match = rows.find((row) => publicSessionId(row.token_hash) === id);
      if (!match) return null;
      await db.deleteFrom('sessions').where('token_hash', '=', match.token_hash).execute();
      return match.token_hash;
    },
    async issueTicket(participantId, entryKid = null, browserKey = null) {
      const ticket = newSecret();
      const ticketHash = sha256(ticket);
      const now = clock.now();
      const expires = new Date(now.getTime() + TICKET_LIFETIME_MS).toISOString();
      await db.transaction().execute(async (trx) => {
        // A no-op update locks the person's row (PostgreSQL), so calls at the same moment trim one after the other and
        // the bound holds for them too; SQLite runs write transactions one at a time anyway.
        await trx
          .updateTable('participants')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', '=', participantId)
          .execute();
        const ofThisBrowser = trx
          .selectFrom('login_tickets')
          .where('participant_id', '=', participantId)
          .where('browser_key', browserKey === null ? 'is' : '=', browserKey);
        // The newest live ones but one, which the new ticket joins; used and expired ones are of no use any more.
        const kept = await ofThisBrowser
          .select('ticket_hash')
          .where('used_at', 'is', null)
          .where('expires_at', '>', now.toISOString())
          .orderBy('expires_at', 'desc')
          .orderBy('ticket_hash', 'desc')
          .limit(MAX_LIVE_TICKETS_PER_BROWSER - 1)
          .execute();
        let dropped = trx
          .deleteFrom('login_tickets')
          .where('participant_id', '=', participantId)
          .where('browser_key', browserKey === null ? 'is' : '=', browserKey);
        if (kept.length > 0)
          dropped = dropped.where(
            'ticket_hash',
            'not in',
            kept.map((row) => row.ticket_hash),
          );
        await dropped.execute();
        await trx
          .insertInto('login_tickets')
          .values({ ticket_hash: ticketHash, participant_id: participantId, expires_at: expires, used_at: null, entry_kid: entryKid, browser_key: browserKey })
          .execute();
      });
      return ticket;
    },
    async redeemTicket(ticket) {
      if (ticket.length < 20 || ticket.length > 100) return null;
      const now = clock.now().toISOString();
      // The conditional update makes the ticket single-use even across processes.
      const updated = await db
        .updateTable('login_tickets')
        .set({ used_at: now })
        .where('ticket_hash', '=', sha256(ticket))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['participant_id', 'entry_kid', 'browser_key'])
        .executeTakeFirst();
      return updated ? { participantId: updated.participant_id, entryKid: updated.entry_kid, browserKey: updated.browser_key } : null;
    },
  };
}
