// Migration 0051: `lawyers.mfa_version` – a counter of the lawyer's set of second factors, raised after every change
// of it: an administrator's or the operator's reset, a confirmed authenticator, a new set of recovery codes, the
// authenticator switched off, a passkey added or removed (`features/lawyer/lawyerQueries.ts` › `bumpMfaVersion`). A login reads it with the
// account before it checks the second factor, and its session is kept only while the counter is still the one it read
// (`updateLastLoginOfActive`), as with the password hash; the enrolment token of LAWYER_MFA=required carries it too.
// So a login that checked the old factors just before a reset gets no session (found from outside, 2026-12-07).
// 0 for every lawyer from before this migration. Portable SQL only: one integer column with a default on both engines.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lawyers')
    .addColumn('mfa_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lawyers').dropColumn('mfa_version').execute();
}

export const lawyerMfaVersionMigration: Migration = { up, down };
