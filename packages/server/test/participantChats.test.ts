// Chat ownership for hub calls: looked up once, then answered from memory, and somebody
// else's chat answers NotFound exactly like an unknown one.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.js';
import { startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { DomainError } from '../src/platform/errors.js';
import { participantChats } from '../src/features/chat/participantChats.js';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { tempDir } from './support/testApp.js';

describe('participant chat ownership', () => {
  const dir = tempDir();
  let db: Db;
  const deps = () => ({ db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret: 'x'.repeat(32) });
  const request = { Description: 'Testfall', EMailAddress: null, VerifiedEmail: false, FieldOfLaw: 2, FieldOfLawLongName: 'Sonstiges' };

  beforeAll(async () => {
    db = openDatabase({ databaseUrl: null, dataDir: dir }).db;
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should answer the owner from memory after the first lookup and refuse everybody else as not found', async () => {
    const owner = await participantForNumber(deps(), 'VN-OWNER');
    const other = await participantForNumber(deps(), 'VN-OTHER');
    const { caseId, chatId } = await startChat({ db, clock: systemClock }, owner, request);
    const ownChat = participantChats(db);
    expect(await ownChat(owner, chatId)).toEqual({ caseId, participantId: owner });
    // From memory: the row is gone, the answer stays (ownership never changes while the chat lives;
    // whether it still takes messages is checked when a message is stored).
    await db.deleteFrom('chats').where('id', '=', chatId).execute();
    expect(await ownChat(owner, chatId)).toEqual({ caseId, participantId: owner });
    for (const [who, id] of [
      [other, chatId],
      [owner, 'gibt-es-nicht'],
    ] as const) {
      const error = await ownChat(who, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('NotFound');
    }
  });
});
