// The query of a lawyer's correction of a chat's field of law (chatFieldOfLaw.ts): the case's field and the audit
// entry in one transaction.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';

export async function storeCaseFieldOfLaw(
  db: Db,
  caseId: string,
  field: { readonly id: number; readonly longName: string },
  audit: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('cases').set({ field_of_law: field.id, field_of_law_long_name: field.longName }).where('id', '=', caseId).execute();
    await audit(trx);
  });
}
