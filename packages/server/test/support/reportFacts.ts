// Stored facts for the reports, written straight into the tables (tests with exact figures, the report benchmark):
// a consultation is a case with its chats (forwarded ones chained), callbacks and a rating.
import crypto from 'node:crypto';
import type { Db } from '../../src/platform/storage/database.js';
import type { ChatsTable } from '../../src/features/chat/tables.js';

export interface FactChat {
  readonly createdAt: string;
  readonly acceptedAt?: string;
  readonly closedAt?: string;
  readonly lawyerId?: string;
  readonly state?: ChatsTable['state'];
  readonly closeReason?: string;
}

export interface FactCase {
  readonly id?: string;
  readonly createdAt: string;
  readonly fieldOfLaw?: number;
  readonly fieldOfLawName?: string;
  readonly insurerId?: string | null;
  readonly description?: string;
  readonly chats: readonly FactChat[];
  readonly callbacks?: readonly { readonly createdAt: string; readonly doneAt?: string; readonly phone?: string }[];
  readonly rating?: { readonly stars: number; readonly comment?: string; readonly createdAt: string };
}

const newId = () => crypto.randomBytes(16).toString('base64url');

/** One participant for all the fact cases (cases need one). */
export async function factParticipant(db: Db): Promise<string> {
  const customerId = newId();
  const participantId = newId();
  const now = new Date().toISOString();
  await db.insertInto('customers').values({ id: customerId, number_hash: newId(), second_level_enabled: 0, created_at: now }).execute();
  await db.insertInto('participants').values({ id: participantId, customer_id: customerId, created_at: now }).execute();
  return participantId;
}

export async function insertInsurer(db: Db, name: string): Promise<string> {
  const id = newId();
  await db.insertInto('insurers').values({ id, name, display_name: null, created_at: new Date().toISOString() }).execute();
  return id;
}

/** Writes the cases in batches; returns their ids in order. */
export async function insertFactCases(db: Db, participantId: string, cases: readonly FactCase[]): Promise<string[]> {
  const ids: string[] = [];
  const batch = 200;
  for (let start = 0; start < cases.length; start += batch) {
    const slice = cases.slice(start, start + batch);
    const caseRows = [];
    const chatRows = [];
    const callbackRows = [];
    const ratingRows = [];
    for (const fact of slice) {
      const caseId = fact.id ?? newId();
      ids.push(caseId);
      caseRows.push({
        id: caseId,
        participant_id: participantId,
        description: fact.description ?? 'Frage zum Mietvertrag',
        email: null,
        verified_email: 0 as const,
        field_of_law: fact.fieldOfLaw ?? 3,
        field_of_law_long_name: fact.fieldOfLawName ?? 'Miet- und Wohnungseigentumsrecht',
        request_phone_number: 0 as const,
        protocol_email: null,
        protocol_sent_at: null,
        closed_at: null,
        disabled: 0 as const,
        next_seq: 1,
        created_at: fact.createdAt,
        retention_until: '2099-01-01T00:00:00.000Z',
        override_domain: null,
        insurer_id: fact.insurerId ?? null,
      });
      let previous: string | null = null;
      for (const [index, chat] of fact.chats.entries()) {
        const chatId = newId();
        const last = index === fact.chats.length - 1;
        const state = chat.state ?? (last ? (chat.closedAt ? 'closed' : chat.acceptedAt ? 'active' : 'waiting') : 'forwarded');
        chatRows.push({
          id: chatId,
          case_id: caseId,
          state,
          lawyer_id: chat.lawyerId ?? null,
          requested_lawyer_id: null,
          previous_chat_id: previous,
          close_reason: (chat.closeReason ?? (chat.closedAt ? (last ? 'lawyer' : 'forwarded') : null)) as ChatsTable['close_reason'],
          file_forwarding_revoked: 0 as const,
          created_at: chat.createdAt,
          accepted_at: chat.acceptedAt ?? null,
          accepted_lawyer_id: chat.acceptedAt ? (chat.lawyerId ?? null) : null,
          closed_at: chat.closedAt ?? null,
        });
        previous = chatId;
      }
      const firstChat = chatRows.find((row) => row.case_id === caseId);
      for (const callback of fact.callbacks ?? [])
        callbackRows.push({
          id: newId(),
          case_id: caseId,
          chat_id: firstChat?.id ?? '',
          phone: callback.phone ?? '+49301234567',
          availability: 'vormittags',
          created_at: callback.createdAt,
          done_at: callback.doneAt ?? null,
        });
      if (fact.rating)
        ratingRows.push({ id: newId(), case_id: caseId, stars: fact.rating.stars, comment: fact.rating.comment ?? null, created_at: fact.rating.createdAt });
    }
    await db.insertInto('cases').values(caseRows).execute();
    if (chatRows.length > 0) await db.insertInto('chats').values(chatRows).execute();
    if (callbackRows.length > 0) await db.insertInto('callbacks').values(callbackRows).execute();
    if (ratingRows.length > 0) await db.insertInto('ratings').values(ratingRows).execute();
  }
  return ids;
}
