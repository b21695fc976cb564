// Creates N participants, N lawyers and N accepted chats straight in the database, so the
// benchmark measures the hub and message path rather than login rate limits.
import crypto from 'node:crypto';
import { systemClock } from '../src/platform/clock.js';
import { acceptChat, startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { hashPassword } from '../src/features/lawyer/lawyers.js';
import { createSessionStore } from '../src/platform/sessions.js';
import type { Db } from '../src/platform/storage/database.js';

export interface BenchPair {
  readonly chatId: string;
  readonly participantCookie: string;
  readonly lawyerCookie: string;
}

/** Creates `count` accepted chats; `onPair` sees each as soon as it exists (the CLI streams them). */
export async function createPairs(db: Db, count: number, sessionSecret: string, onPair?: (pair: BenchPair) => void): Promise<BenchPair[]> {
  const sessions = createSessionStore(db, systemClock);
  const passwordHash = await hashPassword(crypto.randomBytes(16).toString('hex'));
  const pairs: BenchPair[] = [];
  const run = crypto.randomBytes(4).toString('hex');
  for (let i = 0; i < count; i += 1) {
    const participantId = await participantForNumber({ db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret }, `BENCH${run}${i}`);
    const lawyerId = crypto.randomBytes(16).toString('base64url');
    await db
      .insertInto('lawyers')
      .values({
        id: lawyerId,
        email: `bench-${run}-${i}@bench.invalid`,
        name: `Bench Anwalt ${i}`,
        gender: 'other',
        password_hash: passwordHash,
        phone: '',
        created_at: systemClock.now().toISOString(),
        role: 'lawyer',
        active: 1,
      })
      .execute();
    const { chatId } = await startChat({ db, clock: systemClock }, participantId, {
      Description: `Benchmark-Fall ${i}`,
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 2,
      FieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges',
    });
    await acceptChat({ db, clock: systemClock }, lawyerId, chatId);
    const pair: BenchPair = {
      chatId,
      participantCookie: `rc_chat_session=${await sessions.create('chat', participantId)}`,
      lawyerCookie: `rc_lawyer_session=${await sessions.create('lawyer', lawyerId)}`,
    };
    pairs.push(pair);
    onPair?.(pair);
  }
  return pairs;
}
