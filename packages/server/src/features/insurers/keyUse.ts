// When an insurer's entry-token key was last used (`insurer_keys.last_used_at`, migration 0025): the administration
// sees „Zuletzt benutzt: …“ beside each key and can tell whether an old key may be retired after a rotation.
//
// A use is an accepted entry token (signature, key not revoked, jti fresh) – every chat link a client of the insurer
// opens. Writing the row on every login would add a database write to the busiest public request: an insurer's
// campaign can bring hundreds of logins a minute with the same key, and on SQLite every write takes the one write lock
// the chat's messages need too. The question the column answers ("still in use this week?") needs no more than
// minute precision, so each process writes a key's time at most once per USE_WRITE_INTERVAL_MS:
//  - in memory, per database and key, the time this process last wrote – a login within the interval costs no query;
//  - in SQL, the update only moves the time forward and only when the stored one is older than the interval, so
//    several instances (compose.yaml) together still write about once a minute per key and never set it back.
// The stored time may therefore lag the true last use by up to a minute; a process that restarts forgets only its
// in-memory times (its first use per key writes again).
//
// The very first use of a key is different: it is written before the login goes on, and only while the key exists and
// is not revoked (recordFirstEntryKeyUse). A key that was used makes its insurer one that cannot be deleted any more
// („Versicherer löschen“ is for an insurer created by mistake); this write is what a deletion or an end of the
// collaboration at the same moment meets (insurerQueries.ts), so no customer is created for an insurer that is gone.
// It costs one write per key in its whole life.
import type { Clock } from '../../platform/clock.js';
import type { Db, Engine } from '../../platform/storage/database.js';
import { claimFirstKeyUse, isEntryKeyValid, touchInsurerKeyUse } from './insurerQueries.js';

export const USE_WRITE_INTERVAL_MS = 60_000;

/** Per database (tests run many apps in one process, each with its own), per kid: when this process last wrote. */
const lastWritten = new WeakMap<Db, Map<string, number>>();

/**
 * Notes that the key signed an accepted entry token. Never refuses the login: a failed write is only logged (the next
 * use tries again).
 */
export async function noteEntryKeyUse(
  deps: { readonly db: Db; readonly clock: Clock; readonly log?: { warn(obj: object, msg: string): void } },
  kid: string,
): Promise<void> {
  const now = deps.clock.now();
  let written = lastWritten.get(deps.db);
  if (written === undefined) lastWritten.set(deps.db, (written = new Map()));
  const previous = written.get(kid);
  if (previous !== undefined && now.getTime() - previous < USE_WRITE_INTERVAL_MS) return;
  written.set(kid, now.getTime());
  try {
    await touchInsurerKeyUse(deps.db, kid, now.toISOString(), new Date(now.getTime() - USE_WRITE_INTERVAL_MS).toISOString());
  } catch (error) {
    written.delete(kid);
    deps.log?.warn({ err: error, event: 'insurer-key-use-not-recorded', kid }, 'last use of the insurer key not recorded');
  }
}

/**
 * Notes the first accepted token of a key that had never been used; false when the key was revoked (the insurer's
 * collaboration ended) or deleted since it was read – the login is then refused like one with a revoked key. A failed
 * write fails the login: without it a deletion could miss this use.
 */
export async function recordFirstEntryKeyUse(deps: { readonly db: Db; readonly clock: Clock }, kid: string): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await claimFirstKeyUse(deps.db, kid, now.toISOString()))) return false;
  let written = lastWritten.get(deps.db);
  if (written === undefined) lastWritten.set(deps.db, (written = new Map()));
  written.set(kid, now.getTime());
  return true;
}

/**
 * Stores a client session (`create`) under the entry key that signed the client in and keeps it only while the key is
 * still valid; null when it was revoked meanwhile (the session is deleted again). The key was checked at the start of
 * the login (or when the chat ticket was issued), and a revocation committed since – its delete of the key's sessions
 * ran before this one was stored – left the session open for up to 12 hours (found from outside, 2026-12-07: logins
 * racing a revocation kept one). A session of the single-insurer default (no key) is kept as it is.
 */
export async function openEntrySession(
  deps: { readonly db: Db; readonly engine: Engine },
  kid: string | null,
  sessions: { create(): Promise<string>; destroy(token: string): Promise<void> },
): Promise<string | null> {
  const token = await sessions.create();
  if (kid === null || (await isEntryKeyValid(deps.db, deps.engine, kid))) return token;
  await sessions.destroy(token);
  return null;
}
