// Creates the soak's chats straight in the database (like bench/setup.ts): participants, lawyers, accepted
// chats and sessions, so the soak measures delivery under faults rather than login rate limits.
// Every chat crosses the instances: its participant is on one, its lawyer on the other.
import crypto from 'node:crypto';
import { systemClock } from '../src/platform/clock.js';
import { acceptChat, startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { hashPassword } from '../src/features/lawyer/lawyers.js';
import { createSessionStore } from '../src/platform/sessions.js';
import type { Db } from '../src/platform/storage/database.js';

export interface SoakChat {
  readonly index: number;
  readonly caseId: string;
  readonly chatId: string;
  readonly participantCookie: string;
  /** 0 = A, 1 = B; the lawyer is on the other one. */
  readonly participantInstance: 0 | 1;
  readonly lawyer: number;
}

export interface SoakLawyer {
  readonly index: number;
  readonly cookie: string;
  readonly instance: 0 | 1;
  readonly chats: number[];
}

export const CHATS_PER_LAWYER = 10;

export async function createPopulation(db: Db, count: number, sessionSecret: string): Promise<{ chats: SoakChat[]; lawyers: SoakLawyer[] }> {
  const deps = { db, clock: systemClock };
  const sessions = createSessionStore(db, systemClock);
  const passwordHash = await hashPassword(crypto.randomBytes(16).toString('hex'));
  const run = crypto.randomBytes(4).toString('hex');
  const chats: SoakChat[] = [];
  const lawyers: SoakLawyer[] = [];
  const lawyerIds: string[] = [];
  // Lawyers serve chats of one parity, so a lawyer sits on the other instance than all its participants.
  const openLawyer = new Map<0 | 1, SoakLawyer>();
  for (let i = 0; i < count; i += 1) {
    const participantInstance = (i % 2) as 0 | 1;
    let lawyer = openLawyer.get(participantInstance);
    if (lawyer === undefined || lawyer.chats.length >= CHATS_PER_LAWYER) {
      const id = crypto.randomBytes(16).toString('base64url');
      await db
        .insertInto('lawyers')
        .values({
          id,
          email: `soak-${run}-${lawyers.length}@soak.invalid`,
          name: `Soak Anwalt ${lawyers.length}`,
          gender: 'other',
          password_hash: passwordHash,
          phone: '',
          created_at: systemClock.now().toISOString(),
          role: 'lawyer',
          active: 1,
        })
        .execute();
      lawyer = {
        index: lawyers.length,
        cookie: `rc_lawyer_session=${await sessions.create('lawyer', id)}`,
        instance: participantInstance === 0 ? 1 : 0,
        chats: [],
      };
      lawyers.push(lawyer);
      lawyerIds.push(id);
      openLawyer.set(participantInstance, lawyer);
    }
    const participantId = await participantForNumber({ db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret }, `SOAK${run}${i}`);
    const { caseId, chatId } = await startChat(deps, participantId, {
      Description: `Soak-Fall ${i}: Frage zum Mietvertrag`,
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 5,
      FieldOfLawLongName: 'Mietrecht',
    });
    await acceptChat(deps, lawyerIds[lawyer.index] ?? '', chatId);
    lawyer.chats.push(i);
    chats.push({
      index: i,
      caseId,
      chatId,
      participantCookie: `rc_chat_session=${await sessions.create('chat', participantId)}`,
      participantInstance,
      lawyer: lawyer.index,
    });
  }
  return { chats, lawyers };
}
