// Insurers as tenants (issue "Run the firm", point 3): an administrator names insurers and gives each entry-token keys.
// A key is a `kid` and an HS256 secret; the secret is returned once at creation and kept only encrypted (insurerSecrets.ts).
// Entry tokens name their key by `kid` (features/product/customers.ts); a revoked key signs nothing any more.
// The collaboration with an insurer can end (every key revoked in the same step, no new key while it is ended; the
// insurer stays, so its cases, reports and invoices keep naming it) and resume (with a new key: revoked ones stay
// revoked). Only an insurer that was never used can be deleted – one created by mistake.
import { withoutFormatCharacters, type Insurer, type IssuedInsurerKey, type SaveInsurerRequest } from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import { DomainError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Db } from '../../platform/storage/database.js';
import type { InsurersTable } from './tables.js';
import { type AuditActor, recordAdminAction } from '../admin/index.js';
import {
  deleteUnusedInsurer,
  endCollaboration,
  findInsurer,
  findInsurerKey,
  findInsurerKeys,
  findInsurers,
  findInsurersWithClients,
  insertInsurer,
  insertInsurerKey,
  resumeCollaboration,
  revokeKey,
  updateInsurerNames,
  type EndedClientSession,
} from './insurerQueries.js';
import { newInsurerKey, openInsurerSecret, sealInsurerSecret } from './insurerSecrets.js';

export interface InsurerDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sessionSecret: string;
}

export const MAX_INSURER_NAME = 100;
export const MAX_INSURER_DISPLAY_NAME = 60;

const ENDED_NO_KEY = 'Die Zusammenarbeit mit diesem Versicherer ist beendet. Nehmen Sie sie zuerst wieder auf, wenn er einen neuen Schlüssel bekommen soll.';
const ALREADY_ENDED = 'Die Zusammenarbeit mit diesem Versicherer ist bereits beendet.';
const NOT_ENDED = 'Die Zusammenarbeit mit diesem Versicherer läuft bereits.';
const IN_USE =
  'Dieser Versicherer kann nicht gelöscht werden, weil er bereits genutzt wurde: Einer seiner Schlüssel wurde benutzt, oder es gibt Kundinnen, Kunden oder Fälle zu ihm.';
const IN_USE_RUNNING = `${IN_USE} Beenden Sie stattdessen die Zusammenarbeit („Zusammenarbeit beenden“): Seine Schlüssel werden widerrufen, seine Fälle und Berichte bleiben erhalten.`;
const IN_USE_ENDED = `${IN_USE} Die Zusammenarbeit mit ihm ist beendet; seine Fälle und Berichte bleiben erhalten.`;

function namesOf(request: SaveInsurerRequest): Pick<InsurersTable, 'name' | 'display_name'> {
  // Invisible format characters are dropped, as from a lawyer's name: a bidi override would turn the client's chat
  // header around, a zero-width space make a name look empty or a second 'Allianz' look like the first.
  const name = withoutFormatCharacters(request.Name);
  const displayName = withoutFormatCharacters(request.DisplayName ?? '');
  // A blank name (spaces or invisible characters only) is missing, not too long: its own message, as the console's.
  if (name === '') throw new DomainError('BadRequest', 'Bitte geben Sie einen Namen ein.');
  if (name.length > MAX_INSURER_NAME) throw new DomainError('BadRequest', `Bitte geben Sie einen Namen mit höchstens ${MAX_INSURER_NAME} Zeichen an.`);
  if (displayName.length > MAX_INSURER_DISPLAY_NAME)
    throw new DomainError('BadRequest', `Der Anzeigename darf höchstens ${MAX_INSURER_DISPLAY_NAME} Zeichen lang sein.`);
  // Control characters would end up in the client's chat header.
  if (/\p{Cc}/u.test(name + displayName)) throw new DomainError('BadRequest', 'Der Name enthält unzulässige Zeichen.');
  return { name, display_name: displayName === '' ? null : displayName };
}

async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const taken = (await findInsurers(db)).some((row) => row.id !== exceptId && row.name.toLocaleLowerCase('de-DE') === name.toLocaleLowerCase('de-DE'));
  if (taken) throw new DomainError('Conflict', 'Ein Versicherer mit diesem Namen ist bereits angelegt.');
}

export async function listInsurers(db: Db, only?: readonly InsurersTable[]): Promise<Insurer[]> {
  const insurers = only ?? (await findInsurers(db));
  const ids = insurers.map((row) => row.id);
  const keys = await findInsurerKeys(db, ids);
  const withClients = await findInsurersWithClients(db, ids);
  return insurers.map((row) => {
    const own = keys.filter((key) => key.insurer_id === row.id);
    return {
      Id: row.id,
      Name: row.name,
      DisplayName: row.display_name,
      CreatedAt: row.created_at,
      EndedAt: row.ended_at,
      Keys: own.map((key) => ({ Kid: key.kid, CreatedAt: key.created_at, RevokedAt: key.revoked_at, LastUsedAt: key.last_used_at })),
      // The deletion's own rule (deleteUnusedInsurer), so the console offers „Versicherer löschen“ only where it succeeds.
      Deletable: own.every((key) => key.last_used_at === null) && !withClients.has(row.id),
    };
  });
}

async function insurerOrNotFound(db: Db, id: string): Promise<InsurersTable> {
  const row = await findInsurer(db, id);
  if (row === undefined) throw notFound('Der Versicherer');
  return row;
}

async function oneInsurer(db: Db, id: string): Promise<Insurer> {
  const [insurer] = await listInsurers(db, [await insurerOrNotFound(db, id)]);
  if (insurer === undefined) throw notFound('Der Versicherer');
  return insurer;
}

export async function createInsurer(deps: InsurerDeps, actor: AuditActor, request: SaveInsurerRequest): Promise<Insurer> {
  const names = namesOf(request);
  await assertNameFree(deps.db, names.name);
  const row: InsurersTable = { id: newId(), ...names, created_at: deps.clock.now().toISOString(), ended_at: null };
  await insertInsurer(deps.db, row, (trx) =>
    recordAdminAction(trx, deps.clock, actor, {
      action: 'insurer.created',
      target: { kind: 'insurer', id: row.id, label: row.name },
      details: { displayName: row.display_name },
    }),
  );
  return oneInsurer(deps.db, row.id);
}

export async function updateInsurer(deps: InsurerDeps, actor: AuditActor, id: string, request: SaveInsurerRequest): Promise<Insurer> {
  const before = await insurerOrNotFound(deps.db, id);
  const names = namesOf(request);
  // Saved unchanged (the edit dialog's „Speichern“ without an edit): nothing to write and no „Versicherer geändert“
  // with equal old and new names in the Protokoll.
  if (names.name === before.name && names.display_name === before.display_name) return oneInsurer(deps.db, id);
  await assertNameFree(deps.db, names.name, id);
  await updateInsurerNames(deps.db, id, names, (trx) =>
    recordAdminAction(trx, deps.clock, actor, {
      action: 'insurer.updated',
      target: { kind: 'insurer', id, label: names.name },
      // What changed, only: a new display name read „bisheriger Name: <the same name>“ in the Protokoll (operator's pass).
      details: {
        ...(names.name !== before.name ? { previousName: before.name } : {}),
        ...(names.display_name !== before.display_name ? { previousDisplayName: before.display_name, displayName: names.display_name } : {}),
      },
    }),
  );
  return oneInsurer(deps.db, id);
}

export async function createInsurerKey(deps: InsurerDeps, actor: AuditActor, insurerId: string): Promise<IssuedInsurerKey> {
  const insurer = await insurerOrNotFound(deps.db, insurerId);
  if (insurer.ended_at !== null) throw new DomainError('Conflict', ENDED_NO_KEY);
  const { kid, secret } = newInsurerKey();
  const createdAt = deps.clock.now().toISOString();
  // Inserted only while the collaboration runs, also when it ends (or the insurer goes) at this moment (insurerQueries.ts).
  const inserted = await insertInsurerKey(
    deps.db,
    { kid, insurer_id: insurerId, secret_enc: sealInsurerSecret(deps.sessionSecret, secret), created_at: createdAt, revoked_at: null, last_used_at: null },
    (trx) =>
      // The kid only: it is public (every token header names it); the secret never reaches the log.
      recordAdminAction(trx, deps.clock, actor, {
        action: 'insurer.key.created',
        target: { kind: 'insurer', id: insurerId, label: insurer.name },
        details: { kid },
      }),
  );
  if (!inserted) {
    await insurerOrNotFound(deps.db, insurerId);
    throw new DomainError('Conflict', ENDED_NO_KEY);
  }
  return { InsurerId: insurerId, Kid: kid, Secret: secret, Algorithm: 'HS256', CreatedAt: createdAt };
}

/**
 * Revokes the key and ends the client sessions it opened (insurerQueries.revokeKey); the caller closes their hub
 * connections with `ended`. The audit entry says how many sessions ended.
 */
export async function revokeInsurerKey(
  deps: InsurerDeps,
  actor: AuditActor,
  insurerId: string,
  kid: string,
): Promise<{ insurer: Insurer; ended: readonly EndedClientSession[] }> {
  const insurer = await insurerOrNotFound(deps.db, insurerId);
  const ended = await revokeKey(deps.db, insurerId, kid, deps.clock.now().toISOString(), (trx, endedSessions) =>
    recordAdminAction(trx, deps.clock, actor, {
      action: 'insurer.key.revoked',
      target: { kind: 'insurer', id: insurerId, label: insurer.name },
      details: { kid, endedSessions },
    }),
  );
  if (ended === undefined) {
    const key = await findInsurerKey(deps.db, kid);
    if (key === undefined || key.insurer_id !== insurerId) throw notFound('Der Schlüssel');
    throw new DomainError('Conflict', 'Dieser Schlüssel ist bereits widerrufen.');
  }
  return { insurer: await oneInsurer(deps.db, insurerId), ended };
}

/**
 * Ends the collaboration with the insurer: every key not revoked yet is revoked in the same commit, with the client
 * sessions its tokens opened (as revokeInsurerKey; the caller closes their hub connections with `ended`). The audit entry
 * names the revoked kids and how many sessions ended. Already ended → 409.
 */
export async function endInsurer(deps: InsurerDeps, actor: AuditActor, insurerId: string): Promise<{ insurer: Insurer; ended: readonly EndedClientSession[] }> {
  const insurer = await insurerOrNotFound(deps.db, insurerId);
  const ended = await endCollaboration(deps.db, insurerId, deps.clock.now().toISOString(), (trx, revokedKids, endedSessions) =>
    recordAdminAction(trx, deps.clock, actor, {
      action: 'insurer.ended',
      target: { kind: 'insurer', id: insurerId, label: insurer.name },
      details: { revokedKeys: revokedKids.length === 0 ? null : revokedKids.join(', '), endedSessions },
    }),
  );
  if (ended === undefined) {
    await insurerOrNotFound(deps.db, insurerId);
    throw new DomainError('Conflict', ALREADY_ENDED);
  }
  return { insurer: await oneInsurer(deps.db, insurerId), ended };
}

/** Resumes an ended collaboration. Its keys stay revoked: the insurer needs a new one. Not ended → 409. */
export async function resumeInsurer(deps: InsurerDeps, actor: AuditActor, insurerId: string): Promise<Insurer> {
  const insurer = await insurerOrNotFound(deps.db, insurerId);
  const resumed = await resumeCollaboration(deps.db, insurerId, (trx) =>
    recordAdminAction(trx, deps.clock, actor, {
      action: 'insurer.resumed',
      target: { kind: 'insurer', id: insurerId, label: insurer.name },
      details: { endedAt: insurer.ended_at },
    }),
  );
  if (!resumed) {
    await insurerOrNotFound(deps.db, insurerId);
    throw new DomainError('Conflict', NOT_ENDED);
  }
  return oneInsurer(deps.db, insurerId);
}

/**
 * Deletes an insurer created by mistake, with its keys: only when it was never used (no customer or case names it and
 * none of its keys signed an accepted token), decided in the deleting transaction itself (insurerQueries.ts). A used one
 * → 409 pointing to „Zusammenarbeit beenden“. The audit entry keeps its name (the target) and the deleted kids.
 */
export async function deleteInsurer(deps: InsurerDeps, actor: AuditActor, insurerId: string): Promise<void> {
  const insurer = await insurerOrNotFound(deps.db, insurerId);
  const deleted = await deleteUnusedInsurer(deps.db, insurerId, (trx, deletedKids) =>
    recordAdminAction(trx, deps.clock, actor, {
      action: 'insurer.deleted',
      target: { kind: 'insurer', id: insurerId, label: insurer.name },
      details: { deletedKeys: deletedKids.length === 0 ? null : deletedKids.join(', ') },
    }),
  );
  if (deleted) return;
  const now = await insurerOrNotFound(deps.db, insurerId);
  throw new DomainError('Conflict', now.ended_at === null ? IN_USE_RUNNING : IN_USE_ENDED);
}

/** `used`: a token signed with it was accepted before (its first use is recorded before the login goes on, keyUse.ts). */
export type EntryKey =
  { readonly kind: 'active' | 'revoked'; readonly insurerId: string; readonly secret: string; readonly used: boolean } | { readonly kind: 'unknown' };

/** The key a token's `kid` names, for the entry-token check. A secret sealed under another SESSION_SECRET counts as unknown. */
export async function entryKeyOf(deps: InsurerDeps, kid: string): Promise<EntryKey> {
  const row = await findInsurerKey(deps.db, kid);
  if (row === undefined) return { kind: 'unknown' };
  const secret = openInsurerSecret(deps.sessionSecret, row.secret_enc);
  if (secret === null) return { kind: 'unknown' };
  return { kind: row.revoked_at === null ? 'active' : 'revoked', insurerId: row.insurer_id, secret, used: row.last_used_at !== null };
}
