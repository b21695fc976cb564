// Group commit on SQLite: concurrent appends share transactions, stay deduplicated and
// gap-free, and one broken message does not fail the others in its batch.
import fs from 'node:fs';
import { MessageType } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.js';
import { startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { createMessageWriter } from '../src/features/chat/messageWriter.js';
import { listCaseMessages } from '../src/features/chat/messageQueries.js';
import { appendMessage } from '../src/features/chat/messages.js';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { tempDir } from './support/testApp.js';

describe('message writer (SQLite group commit)', () => {
  const dir = tempDir();
  let db: Db;
  let ids: { caseId: string; chatId: string };

  beforeAll(async () => {
    db = openDatabase({ databaseUrl: null, dataDir: dir }).db;
    await migrateToLatest(db);
    const participantId = await participantForNumber(
      { db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret: 's'.repeat(32) },
      'VN-WRITER',
    );
    ids = await startChat({ db, clock: systemClock }, participantId, {
      Description: 'x',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 2,
      FieldOfLawLongName: 'y',
    });
  });

  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const message = (text: string, clientId: string | null, caseId = ids.caseId) => ({
    caseId,
    chatId: ids.chatId,
    clientId,
    type: MessageType.Message,
    text,
    author: { kind: 'participant' as const, id: 'p', name: null },
  });

  it('should store concurrent appends gap-free and deduplicate repeated client ids inside one batch', async () => {
    const writer = createMessageWriter(db, systemClock, 'sqlite');
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => writer.append(message(`m${i}`, `writer-${i}-xyz`))),
      writer.append(message('m0', 'writer-0-xyz')),
    ]);
    expect(results.at(-1)?.[0].id).toBe(results[0]?.[0].id);
    expect(results.at(-1)?.[1]).toBe(false);
    const rows = await listCaseMessages(db, ids.caseId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('should give stored messages ids that sort as they were stored, so the id index grows at its end', async () => {
    const writer = createMessageWriter(db, systemClock, 'sqlite');
    const stored: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const batch = await Promise.all(Array.from({ length: 3 }, (_, j) => writer.append(message(`sorted-${i}-${j}`, `sorted-${i}-${j}-xyz`))));
      stored.push(...batch.map(([row]) => row.id));
    }
    expect([...stored].sort()).toEqual(stored);
    expect(new Set(stored).size).toBe(stored.length);
  });

  it('should reject only the broken message of a batch', async () => {
    const writer = createMessageWriter(db, systemClock, 'sqlite');
    const outcomes = await Promise.allSettled([
      writer.append(message('gut 1', 'good-000001')),
      writer.append(message('kaputt', 'bad-0000001', 'no-such-case')),
      writer.append(message('gut 2', 'good-000002')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await listCaseMessages(db, ids.caseId)).map((r) => r.text).slice(-2)).toEqual(['gut 1', 'gut 2']);
  });

  it('should refuse another author’s message under a stored client id, in a batch and on the Kysely path', async () => {
    const writer = createMessageWriter(db, systemClock, 'sqlite');
    const lawyer = { kind: 'lawyer' as const, id: 'l', name: 'Anwältin' };
    const outcomes = await Promise.allSettled([
      writer.append(message('vom Klienten', 'author-id-0001')),
      writer.append({ ...message('von der Anwältin', 'author-id-0001'), author: lawyer }),
      writer.append(message('vom Klienten', 'author-id-0001')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/Ungültige Nachrichtenkennung/);
    await expect(appendMessage(db, systemClock, { ...message('von der Anwältin', 'author-id-0001'), author: lawyer })).rejects.toThrow(
      /Ungültige Nachrichtenkennung/,
    );
    const [resent, created] = await appendMessage(db, systemClock, message('vom Klienten', 'author-id-0001'));
    expect([resent.text, created]).toEqual(['vom Klienten', false]);
    expect((await listCaseMessages(db, ids.caseId)).filter((r) => r.client_id === 'author-id-0001').map((r) => r.author_kind)).toEqual(['participant']);
  });

  it('should keep its commit out of a Kysely transaction that is open across awaits', async () => {
    const writer = createMessageWriter(db, systemClock, 'sqlite');
    let pending: Promise<unknown> | undefined;
    const rolledBack = await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('cases').set({ closed_at: 'x' }).where('id', '=', ids.caseId).execute();
        pending = writer.append(message('während einer Transaktion', 'inside-trx-01'));
        // Give the writer its turn while the transaction is still open.
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('rollback');
      })
      .catch((error: unknown) => (error as Error).message);
    expect(rolledBack).toBe('rollback');
    await pending;
    const stored = await listCaseMessages(db, ids.caseId);
    expect(stored.map((r) => r.text)).toContain('während einer Transaktion');
    const theCase = await db.selectFrom('cases').select('closed_at').where('id', '=', ids.caseId).executeTakeFirstOrThrow();
    expect(theCase.closed_at).toBeNull();
  });
});
