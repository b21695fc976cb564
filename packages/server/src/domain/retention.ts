// Deletion job (SECURITY L1): chat cases past their retention date disappear with their
// messages, files (also on disk) and side records; expired sessions, tickets and used
// entry-token ids are swept too. Case files (Fallakte) keep their own retention rules.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../storage/database.js';
import type { Clock } from './clock.js';

export interface PurgeResult {
  readonly cases: number;
  readonly files: number;
}

export async function purgeExpired(db: Db, clock: Clock, uploadDir: string): Promise<PurgeResult> {
  const now = clock.now().toISOString();
  const expired = (await db.selectFrom('cases').select('id').where('retention_until', '<=', now).limit(500).execute()).map((r) => r.id);
  let fileCount = 0;
  for (const caseId of expired) {
    const files = await db.selectFrom('files').select('storage_name').where('case_id', '=', caseId).execute();
    await db.transaction().execute(async (trx) => {
      for (const table of ['message_highlights', 'bot_progress', 'messages', 'callbacks', 'ratings', 'second_level_phones', 'files'] as const) {
        await trx.deleteFrom(table).where('case_id', '=', caseId).execute();
      }
      await trx.deleteFrom('chats').where('case_id', '=', caseId).execute();
      await trx.deleteFrom('cases').where('id', '=', caseId).execute();
    });
    // Files go after the rows: a crash in between leaves an orphan file, never a dangling row.
    for (const file of files) await fs.promises.rm(path.join(uploadDir, file.storage_name), { force: true });
    fileCount += files.length;
  }
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await db.deleteFrom('login_tickets').where('expires_at', '<=', now).execute();
  await db.deleteFrom('used_entry_tokens').where('expires_at', '<=', now).execute();
  return { cases: expired.length, files: fileCount };
}
