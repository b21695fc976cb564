// The lawyer corrects the field of law the bot's classifier gave a chat („Abmahnung wegen Filesharing“ is no
// Familienrecht). The field lives on the case (`cases.field_of_law`, `field_of_law_long_name`), so the queue, the
// callbacks, the reports, the invoice CSV, the protocol and the usage confirmation all read the corrected one.
// Only the lawyer who holds the chat – who accepted it, or took it over on a colleague's deactivation – may change it,
// while it runs and after it ended; anyone else gets the answer of an unknown chat, and the lawyer who forwarded it
// 403 ChatForwarded (the colleague holds the case now). That check is made again in the transaction that writes, with
// the case's row held against a hand-on (chat/chatQueries.ts › holdCase): a change sent in the moment of the lawyer's
// own forward lands before the forward (which then records it as the field at the forward) or is refused. Every change
// is an audit entry (who, from what, to what) written in the same transaction.
import { caseReferenceOf, knownFieldOfLaw, type ChatFieldOfLaw } from '@rechtschat/core';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { recordAdminAction, type AuditActor } from '../admin/index.js';
import { assertLawyerInCharge, chatOfLawyer, lawyersQueueChanged } from '../chat/index.js';
import { ERASED_PERSON_ID } from '../dataRequests/index.js';
import { storeCaseFieldOfLaw } from './chatFieldOfLawQueries.js';

export const unknownFieldOfLaw = () => badRequest('Bitte wählen Sie ein Rechtsgebiet aus der Liste.');

/**
 * Stores `fieldOfLaw` on the case of `chatId` for the lawyer `actor` and tells the lawyer's consoles (their tab of the
 * chat) and every lawyer's callbacks list (which names the field). The same field again changes nothing and writes no
 * audit entry.
 */
export async function changeChatFieldOfLaw(
  ctx: AppContext,
  actor: AuditActor & { readonly id: string },
  chatId: string,
  fieldOfLaw: number,
): Promise<ChatFieldOfLaw> {
  const field = knownFieldOfLaw(fieldOfLaw);
  if (!field) throw unknownFieldOfLaw();
  const { chat, case: theCase } = await chatOfLawyer(ctx.db, actor.id, chatId);
  // A waiting chat is nobody's yet; a chat erased at the person's request has no case worth correcting.
  if (chat.accepted_at === null || theCase.participant_id === ERASED_PERSON_ID) throw notFound('Der Chat');
  // Whoever forwarded the chat no longer changes its case: 403 ChatForwarded, the colleague corrects it now. Asked here
  // for the quick answer, and decided in the write's transaction.
  await assertLawyerInCharge(ctx.db, theCase.id, actor.id);
  const answer: ChatFieldOfLaw = { ChatId: chat.id, FieldOfLaw: field.id, FieldOfLawLongName: field.longName };
  const stored = await storeCaseFieldOfLaw(ctx.db, theCase.id, field, {
    inCharge: (trx) => assertLawyerInCharge(trx, theCase.id, actor.id),
    audit: (trx, from) =>
      recordAdminAction(trx, ctx.clock, actor, {
        action: 'chat.fieldOfLaw.changed',
        target: { kind: 'chat', id: chat.id, label: caseReferenceOf(theCase.id) },
        details: { from, to: field.longName },
      }),
  });
  if (stored === 'unchanged') return answer;
  if (ctx.hub) {
    // To the lawyer, not to the chat's group: an ended tab's connection has left that group. Every lawyer's callbacks
    // list names the field, so they re-read it (QueueChanged carries no case data).
    await ctx.hub.sendToPrincipal({ kind: 'lawyer', id: actor.id }, 'SendNotification', [
      { ChatId: chat.id, Type: 'FieldOfLawChanged', Data: { FieldOfLaw: field.id, FieldOfLawLongName: field.longName } },
    ]);
    await lawyersQueueChanged(ctx);
  }
  return answer;
}
