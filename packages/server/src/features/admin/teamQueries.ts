// Queries of the team administration (Kysely): the lawyers with their second factor and open work, role and status
// changes, and the hand-over of a deactivated lawyer's open work to a colleague in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import { sortByFamilyName } from '@rechtschat/core';
import type { LawyersTable } from '../lawyer/index.js';
import type { Database, Db } from '../../platform/storage/database.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface OpenWorkCounts {
  readonly chats: number;
  readonly callbacks: number;
  readonly caseFiles: number;
}

/** What a hand-over moved: the counts, and the active chats whose client now talks to the colleague. */
export interface MovedWork extends OpenWorkCounts {
  readonly activeChats: readonly { readonly chatId: string; readonly caseId: string }[];
  /** Waiting chats that had been forwarded to the deactivated lawyer and now wait for the colleague. */
  readonly forwardedChats: readonly { readonly chatId: string; readonly caseId: string }[];
  /** The chat cases of the moved open callbacks (the audit entry names them by reference). */
  readonly callbackCaseIds: readonly string[];
  /** The numbers (FA-…) of the moved case files. */
  readonly caseFileNumbers: readonly string[];
}

export interface TeamRow {
  readonly lawyer: LawyersTable;
  readonly totp: boolean;
  readonly passkeys: number;
  readonly openWork: OpenWorkCounts;
  /** Case files with an ended mandate: they move with a deactivation like the open work. */
  readonly endedCaseFiles: number;
}

const countBy = (rows: readonly { key: string | null; n: number | string | bigint }[]) => new Map(rows.map((r) => [r.key ?? '', Number(r.n)]));

/** Every lawyer (active first, then by name) with the second factor and the open work they hold. */
export async function listTeam(db: Db): Promise<TeamRow[]> {
  // Active first, then in German name order (Ä with A, upper and lower case together), on both engines alike.
  const lawyers = sortByFamilyName(await db.selectFrom('lawyers').selectAll().execute(), (row) => row.name).sort((a, b) => b.active - a.active);
  const totp = await db.selectFrom('lawyer_totp').select('lawyer_id').where('confirmed_at', 'is not', null).execute();
  const passkeys = countBy(
    await db
      .selectFrom('lawyer_webauthn_credentials')
      .select(['lawyer_id as key', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('lawyer_id')
      .execute(),
  );
  const work = await openWorkOfAll(db);
  const ended = countBy(
    await db
      .selectFrom('case_files')
      .select(['lawyer_id as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('closed', '=', 1)
      // A withdrawn file (created by mistake) is no ended mandate a colleague must take over.
      .where('withdrawn_at', 'is', null)
      .groupBy('lawyer_id')
      .execute(),
  );
  const withTotp = new Set(totp.map((r) => r.lawyer_id));
  return lawyers.map((lawyer) => ({
    lawyer,
    totp: withTotp.has(lawyer.id),
    passkeys: passkeys.get(lawyer.id) ?? 0,
    openWork: work(lawyer.id),
    endedCaseFiles: ended.get(lawyer.id) ?? 0,
  }));
}

/** Whose an open callback is: the colleague it was handed to, else the lawyer who held its chat. */
const callbackOwner = sql<string | null>`coalesce(callbacks.assigned_lawyer_id, chats.lawyer_id)`;

async function openWorkOfAll(db: Executor): Promise<(lawyerId: string) => OpenWorkCounts> {
  const active = countBy(
    await db
      .selectFrom('chats')
      .select(['lawyer_id as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'active')
      .groupBy('lawyer_id')
      .execute(),
  );
  const requested = countBy(
    await db
      .selectFrom('chats')
      .select(['requested_lawyer_id as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('state', '=', 'waiting')
      .where('requested_lawyer_id', 'is not', null)
      .groupBy('requested_lawyer_id')
      .execute(),
  );
  const callbacks = countBy(
    await db
      .selectFrom('callbacks')
      .innerJoin('chats', 'chats.id', 'callbacks.chat_id')
      .select([callbackOwner.as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('callbacks.done_at', 'is', null)
      .groupBy(callbackOwner)
      .execute(),
  );
  const caseFiles = countBy(
    await db
      .selectFrom('case_files')
      .select(['lawyer_id as key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('closed', '=', 0)
      .groupBy('lawyer_id')
      .execute(),
  );
  return (id) => ({
    chats: (active.get(id) ?? 0) + (requested.get(id) ?? 0),
    callbacks: callbacks.get(id) ?? 0,
    caseFiles: caseFiles.get(id) ?? 0,
  });
}

async function openWorkOf(db: Executor, lawyerId: string): Promise<OpenWorkCounts> {
  return (await openWorkOfAll(db))(lawyerId);
}

/** Active administrators other than `exceptId`. */
async function countOtherActiveAdmins(db: Executor, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('lawyers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function updateLawyerRole(db: Executor, lawyerId: string, role: LawyersTable['role']): Promise<void> {
  await db.updateTable('lawyers').set({ role }).where('id', '=', lawyerId).execute();
}

async function updateLawyerActive(db: Executor, lawyerId: string, active: boolean, at: string): Promise<void> {
  await db
    .updateTable('lawyers')
    .set({ active: active ? 1 : 0, deactivated_at: active ? null : at })
    .where('id', '=', lawyerId)
    .execute();
}

/**
 * Moves a lawyer's open work to a colleague: chats forwarded to them and waiting, chats they hold (active), open
 * callbacks of their chats, and every case file they are the lawyer of – with the name, gender, e-mail, phone and
 * picture the client sees in the Fallakte. Returns what moved. Closed chats stay as they are, and a moved active chat
 * keeps `accepted_lawyer_id`: the consultation stays credited to the lawyer who held it (reports, usage confirmation).
 */
async function reassignOpenWork(
  trx: Transaction<Database>,
  fromId: string,
  to: Pick<LawyersTable, 'id' | 'name' | 'gender' | 'email' | 'phone'> & { readonly imageUrl: string },
  now: string,
): Promise<MovedWork> {
  // Callbacks first: whose they are depends on the chats' lawyer, which changes below.
  const openCallbacks = await trx
    .selectFrom('callbacks')
    .innerJoin('chats', 'chats.id', 'callbacks.chat_id')
    .select(['callbacks.id', 'callbacks.case_id'])
    .where('callbacks.done_at', 'is', null)
    .where(callbackOwner, '=', fromId)
    .execute();
  const ids = openCallbacks.map((c) => c.id);
  for (let i = 0; i < ids.length; i += 500) {
    await trx
      .updateTable('callbacks')
      .set({ assigned_lawyer_id: to.id })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
  // Read first: their clients learn where their forwarded chat went (team.ts).
  const forwarded = await trx.selectFrom('chats').select(['id', 'case_id']).where('state', '=', 'waiting').where('requested_lawyer_id', '=', fromId).execute();
  // The successor gets the whole hold from now on (lifecycle/forwardHold.ts), not what was left of the first colleague's,
  // and the successor's queue says whose chat it was.
  const from = await trx.selectFrom('lawyers').select('name').where('id', '=', fromId).executeTakeFirst();
  const waiting = await trx
    .updateTable('chats')
    .set({ requested_lawyer_id: to.id, held_since: now, handed_over_from: from?.name ?? null })
    .where('state', '=', 'waiting')
    .where('requested_lawyer_id', '=', fromId)
    .executeTakeFirst();
  const heldChats = await trx.selectFrom('chats').select(['id', 'case_id']).where('state', '=', 'active').where('lawyer_id', '=', fromId).execute();
  const active = await trx.updateTable('chats').set({ lawyer_id: to.id }).where('state', '=', 'active').where('lawyer_id', '=', fromId).executeTakeFirst();
  const movedFiles = await trx.selectFrom('case_files').select('case_number').where('lawyer_id', '=', fromId).execute();
  const caseFiles = await trx
    .updateTable('case_files')
    .set({
      lawyer_id: to.id,
      lawyer_name: to.name,
      lawyer_gender: to.gender,
      lawyer_email: to.email,
      lawyer_phone: to.phone,
      lawyer_image_url: to.imageUrl,
    })
    .where('lawyer_id', '=', fromId)
    .executeTakeFirst();
  return {
    chats: Number(waiting.numUpdatedRows) + Number(active.numUpdatedRows),
    callbacks: ids.length,
    caseFiles: Number(caseFiles.numUpdatedRows),
    activeChats: heldChats.map((c) => ({ chatId: c.id, caseId: c.case_id })),
    forwardedChats: forwarded.map((c) => ({ chatId: c.id, caseId: c.case_id })),
    callbackCaseIds: openCallbacks.map((c) => c.case_id),
    caseFileNumbers: movedFiles.map((f) => f.case_number).sort(),
  };
}

/** Locks the active administrators' rows (PostgreSQL), so two changes at once cannot leave the firm without one. */
async function lockAdmins(trx: Transaction<Database>): Promise<void> {
  await trx.updateTable('lawyers').set({ role: 'admin' }).where('role', '=', 'admin').where('active', '=', 1).execute();
}

type Audit = (trx: Transaction<Database>) => Promise<void>;

/**
 * Changes the role and writes the audit entry in one transaction; `noAdminLeft` when it would demote the last active
 * administrator, `deactivated` when the account is deactivated (checked inside the transaction, after the admin lock
 * that deactivation takes too, so a deactivation a moment ago is seen). A demotion ends the invitations the person
 * sent, as a deactivation does: their links stopped working anyway, and merely paused they stayed in the open list and
 * came back with a later promotion.
 */
export async function changeRoleKeepingAnAdmin(
  db: Db,
  lawyer: Pick<LawyersTable, 'id' | 'role' | 'active'>,
  role: LawyersTable['role'],
  now: string,
  audit: Audit,
): Promise<'changed' | 'noAdminLeft' | 'deactivated'> {
  return db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    const current = await trx.selectFrom('lawyers').select('active').where('id', '=', lawyer.id).executeTakeFirst();
    if (current?.active !== 1) return 'deactivated';
    if (role !== 'admin' && lawyer.active === 1 && lawyer.role === 'admin' && (await countOtherActiveAdmins(trx, lawyer.id)) === 0) return 'noAdminLeft';
    await updateLawyerRole(trx, lawyer.id, role);
    if (role !== 'admin') await endInvitationsSentBy(trx, lawyer.id, now);
    await audit(trx);
    return 'changed';
  });
}

/** Uses up the open invitations the lawyer sent: their links answer like used ones and leave the open list. */
async function endInvitationsSentBy(trx: Transaction<Database>, lawyerId: string, now: string): Promise<void> {
  await trx
    .updateTable('lawyer_account_links')
    .set({ used_at: now })
    .where('created_by', '=', lawyerId)
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .execute();
}

type DeactivationOutcome =
  { readonly type: 'noAdminLeft' } | { readonly type: 'openWork' } | { readonly type: 'done'; readonly moved: MovedWork; readonly endedSessions: number };

/**
 * Deactivates the lawyer, hands the open work to `colleague` (null: refused with `openWork` when there is any, or any
 * case file), ends the lawyer's unused account links, the invitations they sent and the lawyer's sessions, and writes the audit
 * entry – all in one transaction.
 */
export async function deactivateWithHandOver(
  db: Db,
  lawyer: Pick<LawyersTable, 'id' | 'role'>,
  colleague: (Pick<LawyersTable, 'id' | 'name' | 'gender' | 'email' | 'phone'> & { readonly imageUrl: string }) | null,
  now: string,
  audit: (trx: Transaction<Database>, moved: MovedWork) => Promise<void>,
): Promise<DeactivationOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockAdmins(trx);
      if (lawyer.role === 'admin' && (await countOtherActiveAdmins(trx, lawyer.id)) === 0) throw new Refused({ type: 'noAdminLeft' });
      await updateLawyerActive(trx, lawyer.id, false, now);
      let moved: MovedWork = { chats: 0, callbacks: 0, caseFiles: 0, activeChats: [], forwardedChats: [], callbackCaseIds: [], caseFileNumbers: [] };
      if (colleague) {
        moved = await reassignOpenWork(trx, lawyer.id, colleague, now);
      } else {
        // Checked inside the transaction: work that arrived a moment ago is not left behind.
        const open = await openWorkOf(trx, lawyer.id);
        const ownsCaseFiles =
          (await trx.selectFrom('case_files').select('id').where('lawyer_id', '=', lawyer.id).where('withdrawn_at', 'is', null).limit(1).executeTakeFirst()) !==
          undefined;
        if (open.chats + open.callbacks + open.caseFiles > 0 || ownsCaseFiles) throw new Refused({ type: 'openWork' });
      }
      await trx.updateTable('lawyer_account_links').set({ used_at: now }).where('lawyer_id', '=', lawyer.id).where('used_at', 'is', null).execute();
      // The invitations they sent end too: a departing administrator must not keep a way back in.
      await endInvitationsSentBy(trx, lawyer.id, now);
      // The sessions end with the commit, not a moment later: a request of the lawyer that arrives after it is
      // refused (401), while one already running meets the account check of the write it makes (lockActiveLawyer).
      const ended = await trx.deleteFrom('sessions').where('kind', '=', 'lawyer').where('subject_id', '=', lawyer.id).executeTakeFirst();
      await audit(trx, moved);
      return { type: 'done', moved, endedSessions: Number(ended.numDeletedRows) } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** Rolls the transaction back with an outcome for the caller. */
class Refused extends Error {
  constructor(readonly outcome: DeactivationOutcome) {
    super(outcome.type);
  }
}

export async function reactivateWithAudit(db: Db, lawyerId: string, now: string, audit: Audit): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateLawyerActive(trx, lawyerId, true, now);
    await audit(trx);
  });
}
