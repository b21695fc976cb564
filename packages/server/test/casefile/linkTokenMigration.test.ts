// Migration 0008 on both engines: a link issued while token hashes were stored as hex still opens its file.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/platform/storage/migrate.js';
import { fastHasher, startHarness, type Harness } from './harness.js';
import { createCaseFile } from '../../src/features/casefile/service.js';
import { createTestDb, engines } from './testDb.js';

const person = { firstName: 'Erika', lastName: 'Muster', phone: '+49 151 23456789', title: 'Kündigung Arbeitsvertrag' };
const hexSha256 = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');

describe.each(engines)('migration 0008 on %s', (engine) => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('should re-encode a hex token hash to base64url so the old link still logs in and opens the file', async () => {
    const t = await createTestDb(engine, '0007_lawyer_login_security');
    const created = await createCaseFile(t.db, person, { pinHasher: fastHasher });
    // As the release before 0008 stored it.
    await t.db
      .updateTable('case_files')
      .set({ token_hash: hexSha256(created.token) })
      .where('id', '=', created.caseId)
      .execute();

    await migrateToLatest(t.db);

    const row = await t.db.selectFrom('case_files').select('token_hash').where('id', '=', created.caseId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(created.token).digest('base64url'));
    h = await startHarness({}, t);
    expect((await h.call('GET', `/api/case-file/${created.token}/consent`)).status).toBe(200);
    const login = await h.login(created);
    expect(login.status).toBe(204);
    expect((await h.call('GET', `/api/case-file/${created.token}/case`, { cookie: login.cookie ?? '' })).status).toBe(200);
  });

  it('should drop the private case-file session table', async () => {
    const t = await createTestDb(engine, '0007_lawyer_login_security');
    await migrateToLatest(t.db);
    await expect(sql`select 1 from case_file_sessions`.execute(t.db)).rejects.toThrow();
    await t.cleanup();
  });

  it('should give the hashes back in hex when migrated down', async () => {
    const t = await createTestDb(engine);
    const created = await createCaseFile(t.db, person, { pinHasher: fastHasher });
    await migrateTo(t.db, '0007_lawyer_login_security');
    const row = await t.db.selectFrom('case_files').select('token_hash').where('id', '=', created.caseId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hexSha256(created.token));
    await t.cleanup();
  });
});
