// Migration 0050 (case_files.client_seen_messages_at / client_seen_documents_at) goes up and down on both engines: a file
// stored before it counts as seen at the migration's time (its old firm messages and documents are no news), a file
// created after it starts with nothing seen (null), and going down drops only the two columns, never the file.
import { describe, expect } from 'vitest';
import { createCaseFile } from '../src/features/casefile/service.js';
import { createArgon2PinHasher } from '../src/features/casefile/pin.js';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

const BEFORE = '0048_chat_held_since';
const hasher = createArgon2PinHasher({ memoryCost: 64, timeCost: 1 });
const newFile = (db: Db) =>
  createCaseFile(db, { firstName: 'Erika', lastName: 'Muster', phone: '+49 151 23456789', title: 'Kündigung' }, { pinHasher: hasher });

async function upAndDown(db: Db): Promise<void> {
  await migrateTo(db, BEFORE);
  const older = await newFile(db);
  const seen = (id: string) =>
    db.selectFrom('case_files').select(['client_seen_messages_at', 'client_seen_documents_at']).where('id', '=', id).executeTakeFirstOrThrow();
  await expect(seen(older.caseId)).rejects.toThrow();
  const before = new Date().toISOString();
  await migrateToLatest(db);
  const migrated = await seen(older.caseId);
  expect((migrated.client_seen_messages_at ?? '') >= before).toBe(true);
  expect(migrated.client_seen_documents_at).toBe(migrated.client_seen_messages_at);
  const later = await newFile(db);
  expect(await seen(later.caseId)).toEqual({ client_seen_messages_at: null, client_seen_documents_at: null });
  await migrateTo(db, BEFORE);
  await expect(seen(older.caseId)).rejects.toThrow();
  expect(await db.selectFrom('case_files').select('id').orderBy('id').execute()).toHaveLength(2);
}

describe('migration 0050_case_file_client_seen', () => {
  itOnBothEngines('should add and drop what the client has seen, counting older files as seen and new ones as not', upAndDown);
});
