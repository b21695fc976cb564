// The health check's one query (Kysely): proves the database answers.
import type { Db } from '../../platform/storage/database.js';

export async function pingDatabase(db: Db): Promise<void> {
  await db.selectFrom('lawyers').select('id').limit(1).execute();
}
