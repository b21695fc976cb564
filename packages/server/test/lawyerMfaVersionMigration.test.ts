// Migration 0051 (lawyers.mfa_version) goes up and down on both engines: a lawyer from before it starts at version 0,
// a change of the second factors raises it (the login's session check compares it), and going down drops only the
// column, never the lawyer.
import { describe, expect } from 'vitest';
import { bumpMfaVersion } from '../src/features/lawyer/lawyerQueries.js';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines, migrationTestLawyer } from './support/migrationOnBothEngines.js';

const BEFORE = '0050_case_file_client_seen';

async function upAndDown(db: Db): Promise<void> {
  await migrateTo(db, BEFORE);
  const { id } = await migrationTestLawyer(db);
  const version = () => db.selectFrom('lawyers').select('mfa_version').where('id', '=', id).executeTakeFirstOrThrow();
  await expect(version()).rejects.toThrow();
  await migrateToLatest(db);
  expect(await version()).toEqual({ mfa_version: 0 });
  await bumpMfaVersion(db, id);
  await bumpMfaVersion(db, id);
  expect(await version()).toEqual({ mfa_version: 2 });
  await migrateTo(db, BEFORE);
  await expect(version()).rejects.toThrow();
  expect(await db.selectFrom('lawyers').select('id').execute()).toEqual([{ id }]);
}

describe('migration 0051_lawyer_mfa_version', () => {
  itOnBothEngines('should add and drop the version of the second factors, starting every lawyer at 0', upAndDown);
});
