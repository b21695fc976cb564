// Migration 0045 (case_file_contacts.in_reply_to) goes up and down on both engines: a client's message stored before it
// answers no firm message (null), and going down drops only the column, never the message.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { createCaseFile } from '../src/features/casefile/service.js';
import { createArgon2PinHasher } from '../src/features/casefile/pin.js';
import type { Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

const BEFORE = '0044_protocol_confirmation_renewals';
const hasher = createArgon2PinHasher({ memoryCost: 64, timeCost: 1 });

async function upAndDown(db: Db): Promise<void> {
  await migrateTo(db, BEFORE);
  const { caseId } = await createCaseFile(db, { firstName: 'Erika', lastName: 'Muster', phone: '+49 151 23456789', title: 'Kündigung' }, { pinHasher: hasher });
  // The message as 0044 knew it: without the column (written untyped, the schema type already has it).
  await sql`insert into case_file_contacts (id, case_file_id, subject, message, created_at, mailed)
    values ('c1', ${caseId}, 'Frage', 'Wann ist der Termin?', '2026-06-01T09:00:00.000Z', 1)`.execute(db);
  const inReplyTo = () => db.selectFrom('case_file_contacts').select('in_reply_to').where('id', '=', 'c1').executeTakeFirstOrThrow();
  await expect(inReplyTo()).rejects.toThrow();
  await migrateToLatest(db);
  expect(await inReplyTo()).toEqual({ in_reply_to: null });
  await db.updateTable('case_file_contacts').set({ in_reply_to: 'fm-1' }).where('id', '=', 'c1').execute();
  expect(await inReplyTo()).toEqual({ in_reply_to: 'fm-1' });
  await migrateTo(db, BEFORE);
  await expect(inReplyTo()).rejects.toThrow();
  expect(await db.selectFrom('case_file_contacts').select('subject').where('id', '=', 'c1').execute()).toEqual([{ subject: 'Frage' }]);
}

describe('migration 0045_case_file_contact_in_reply_to', () => {
  itOnBothEngines('should add and drop the link to the answered firm message and keep the messages, counting an older one as no answer', upAndDown);
});
