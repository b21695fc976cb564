// The query of a lawyer's correction of a chat's field of law (chatFieldOfLaw.ts): in one transaction, the case's row
// held against a hand-on (holdCase), the caller's check that the lawyer is still in charge, the case's field and the
// audit entry – so a change sent in the moment of the lawyer's own forward either lands before it or is refused.
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../platform/storage/database.js';
import { holdCase } from '../chat/index.js';

export async function storeCaseFieldOfLaw(
  db: Db,
  caseId: string,
  field: { readonly id: number; readonly longName: string },
  steps: {
    /** Throws when the lawyer may no longer change the case (403 ChatForwarded); runs with the case's row held. */
    readonly inCharge: (trx: Transaction<Database>) => Promise<void>;
    /** The audit entry of the change, from the field the case had in the transaction. */
    readonly audit: (trx: Transaction<Database>, from: string) => Promise<void>;
  },
): Promise<'changed' | 'unchanged'> {
  return db.transaction().execute(async (trx) => {
    await holdCase(trx, caseId);
    await steps.inCharge(trx);
    const now = await trx.selectFrom('cases').select(['field_of_law', 'field_of_law_long_name']).where('id', '=', caseId).executeTakeFirstOrThrow();
    if (now.field_of_law === field.id && now.field_of_law_long_name === field.longName) return 'unchanged';
    await trx.updateTable('cases').set({ field_of_law: field.id, field_of_law_long_name: field.longName }).where('id', '=', caseId).execute();
    await steps.audit(trx, now.field_of_law_long_name);
    return 'changed';
  });
}
