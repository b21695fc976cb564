// The group commit on PostgreSQL: messages that arrive in the same event-loop round
// share one transaction, and the batch keeps every guarantee of a single append – dedupe by
// client id, refusal in a closed chat, per-chat order, and one failing message neither fails
// nor loses its neighbours. Rows written by one transaction share its id (the xmin column).
import { MessageType } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.js';
import { closeChatByTimeout, startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { DomainError } from '../src/platform/errors.js';
import { listCaseMessages } from '../src/features/chat/messageQueries.js';
import { createMessageWriter, type MessageWriter } from '../src/features/chat/messageWriter.js';
import { openDatabase, pgPoolOf, type Db } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { tempDir } from './support/testApp.js';

describe('message writer group commit on PostgreSQL', () => {
  let db: Db;
  let writer: MessageWriter;
  let schema: TestSchema;
  const deps = () => ({ db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret: 'x'.repeat(32) });

  beforeAll(async () => {
    schema = await createTestSchema();
    const opened = openDatabase({ databaseUrl: schema.url, dataDir: tempDir() });
    db = opened.db;
    await migrateToLatest(db);
    writer = createMessageWriter(db, systemClock, opened.engine);
  });

  afterAll(async () => {
    await db?.destroy();
    await schema?.drop();
  });

  async function openChat() {
    const participantId = await participantForNumber(deps(), `VN-BATCH-${Math.random()}`);
    const ids = await startChat({ db, clock: systemClock }, participantId, {
      Description: 'Testfall',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 2,
      FieldOfLawLongName: 'Sonstiges',
    });
    const message = (text: string, clientId: string, fileId?: string) => ({
      ...ids,
      clientId,
      type: MessageType.Message,
      text,
      author: { kind: 'participant' as const, id: participantId, name: null },
      onlyWhileChatOpen: true,
      ...(fileId ? { fileId } : {}),
    });
    return { participantId, ...ids, message };
  }

  async function transactionsOf(chatId: string): Promise<string[]> {
    const result = await (pgPoolOf(db) as NonNullable<ReturnType<typeof pgPoolOf>>).query<{ tx: string }>(
      'SELECT xmin::text AS tx FROM messages WHERE chat_id = $1 ORDER BY seq',
      [chatId],
    );
    return result.rows.map((row) => row.tx);
  }

  it('should store messages appended in the same round in one transaction, in the order they arrived', async () => {
    const first = await openChat();
    const second = await openChat();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => writer.append((i % 2 === 0 ? first : second).message(`Nachricht ${i}`, `batch-order-${i}`))),
    );
    expect(results.every(([, created]) => created)).toBe(true);
    expect(new Set([...(await transactionsOf(first.chatId)), ...(await transactionsOf(second.chatId))]).size).toBe(1);
    expect((await listCaseMessages(db, first.caseId)).map((m) => [m.seq, m.text])).toEqual([0, 2, 4, 6, 8].map((n, i) => [i + 1, `Nachricht ${n}`]));
  });

  it('should send a whole batch to PostgreSQL as one statement, its own transaction (no BEGIN or COMMIT round trips)', async () => {
    const first = await openChat();
    const second = await openChat();
    const pool = pgPoolOf(db) as NonNullable<ReturnType<typeof pgPoolOf>>;
    const statements: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const connect = pool.connect.bind(pool);
    // Statements on the pool are recorded; a connection checked out for a transaction of its own would show as 'connect'.
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0] as string | { text: string };
      statements.push(typeof config === 'string' ? config : config.text);
      return query(...args);
    };
    (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
      if (args.length === 0) statements.push('connect');
      return (connect as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => writer.append((i % 2 === 0 ? first : second).message(`Runde ${i}`, `batch-trips-${i}`))),
      );
      expect(results.every(([, created]) => created)).toBe(true);
    } finally {
      (pool as unknown as { query: typeof query }).query = query;
      (pool as unknown as { connect: typeof connect }).connect = connect;
    }
    expect(statements).toEqual(['SELECT * FROM rechtschat_append_messages($1::jsonb)']);
    expect(new Set([...(await transactionsOf(first.chatId)), ...(await transactionsOf(second.chatId))]).size).toBe(1);
    expect((await listCaseMessages(db, second.caseId)).map((m) => [m.seq, m.text])).toEqual([1, 3, 5, 7].map((n, i) => [i + 1, `Runde ${n}`]));
  });

  it('should store a client id repeated inside one batch once and answer every copy with that row', async () => {
    const chat = await openChat();
    const results = await Promise.all([
      writer.append(chat.message('Doppelt', 'batch-twice')),
      writer.append(chat.message('Andere', 'batch-other')),
      writer.append(chat.message('Doppelt', 'batch-twice')),
    ]);
    expect(results.map(([, created]) => created)).toEqual([true, true, false]);
    expect(results[2]?.[0].id).toBe(results[0]?.[0].id);
    expect((await listCaseMessages(db, chat.caseId)).map((m) => m.text)).toEqual(['Doppelt', 'Andere']);
  });

  it('should refuse another author’s message under a stored client id and answer the same author’s copy, in one batch', async () => {
    const chat = await openChat();
    const lawyer = { kind: 'lawyer' as const, id: 'lawyer-1', name: 'Anwältin' };
    const outcomes = await Promise.allSettled([
      writer.append(chat.message('Vom Klienten', 'batch-author')),
      writer.append({ ...chat.message('Von der Anwältin', 'batch-author'), author: lawyer }),
      writer.append(chat.message('Vom Klienten', 'batch-author')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/Ungültige Nachrichtenkennung/);
    // Alone (the single statement) the same.
    await expect(writer.append({ ...chat.message('Von der Anwältin', 'batch-author'), author: lawyer })).rejects.toThrow(/Ungültige Nachrichtenkennung/);
    expect((await listCaseMessages(db, chat.caseId)).map((m) => [m.text, m.author_kind])).toEqual([['Vom Klienten', 'participant']]);
  });

  it('should store and acknowledge the other messages of a batch when one of them fails in the database', async () => {
    const chat = await openChat();
    const outcomes = await Promise.allSettled([
      writer.append(chat.message('Vorher', 'batch-fail-before')),
      writer.append(chat.message('Mit fremder Datei', 'batch-fail-bad', 'no-such-file')),
      writer.append(chat.message('Nachher', 'batch-fail-after')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await listCaseMessages(db, chat.caseId)).map((m) => [m.seq, m.text])).toEqual([
      [1, 'Vorher'],
      [2, 'Nachher'],
    ]);
  });

  it('should refuse only the message of a closed chat and commit the rest of its batch', async () => {
    const open = await openChat();
    const closed = await openChat();
    await closeChatByTimeout({ db, clock: systemClock }, closed.participantId, closed.chatId);
    const outcomes = await Promise.allSettled([
      writer.append(open.message('Offen 1', 'batch-open-1')),
      writer.append(closed.message('Zu spät', 'batch-closed')),
      writer.append(open.message('Offen 2', 'batch-open-2')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect(new Set(await transactionsOf(open.chatId)).size).toBe(1);
    expect(await transactionsOf(closed.chatId)).toEqual([]);
  });

  it('should answer a message only after its batch is committed, so a fresh connection already sees it', async () => {
    const chat = await openChat();
    const [[row]] = await Promise.all([writer.append(chat.message('Sichtbar', 'batch-visible')), writer.append(chat.message('Zweite', 'batch-visible-2'))]);
    const other = new (await import('pg')).default.Client({ connectionString: schema.url });
    await other.connect();
    const seen = await other.query('SELECT text FROM messages WHERE id = $1', [row.id]);
    await other.end();
    expect(seen.rows).toEqual([{ text: 'Sichtbar' }]);
  });

  /** Holds the case row locked from another connection, as a long transaction would: a batch touching it waits. */
  async function lockCase(caseId: string): Promise<{ release(): Promise<void> }> {
    const client = new (await import('pg')).default.Client({ connectionString: schema.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM cases WHERE id = $1 FOR UPDATE', [caseId]);
    return {
      async release() {
        await client.query('ROLLBACK');
        await client.end();
      },
    };
  }

  /** The promise and whether it has settled yet. */
  function watched<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
    let done = false;
    const tracked = promise.finally(() => {
      done = true;
    });
    return { promise: tracked, settled: () => done };
  }

  /** Appends of this file waiting for a case row's lock (the single append's statement updates cases). */
  const LOCK_WAITS_ON_CASES =
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%UPDATE cases SET next_seq%'";

  const nextRound = () => new Promise((resolve) => setImmediate(resolve));

  it('should commit a batch of other cases while an earlier batch still waits for its case', async () => {
    const held = await openChat();
    const free = await openChat();
    const lock = await lockCase(held.caseId);
    try {
      const waiting = watched(writer.append(held.message('Wartet', 'pipeline-held')));
      await nextRound();
      const [row, created] = await writer.append(free.message('Überholt nicht, anderer Fall', 'pipeline-free'));
      expect([row.text, created]).toEqual(['Überholt nicht, anderer Fall', true]);
      expect(waiting.settled()).toBe(false);
      await lock.release();
      expect((await waiting.promise)[0].seq).toBe(1);
    } finally {
      await lock.release().catch(() => undefined);
    }
  });

  it("should keep a case's later messages behind its batch in flight, so they are stored and answered in order", async () => {
    const held = await openChat();
    const free = await openChat();
    const lock = await lockCase(held.caseId);
    try {
      const first = watched(writer.append(held.message('Erste', 'pipeline-order-1')));
      await nextRound();
      const second = watched(writer.append(held.message('Zweite', 'pipeline-order-2')));
      const third = watched(writer.append(held.message('Dritte', 'pipeline-order-3')));
      // A message of another case sent after them commits at once – proof that the queue moved on.
      await writer.append(free.message('Anderer Fall', 'pipeline-order-free'));
      expect([first.settled(), second.settled(), third.settled()]).toEqual([false, false, false]);
      const answered: string[] = [];
      const all = [first, second, third].map((w) => w.promise.then(([row]) => answered.push(row.text)));
      await lock.release();
      await Promise.all(all);
      expect(answered).toEqual(['Erste', 'Zweite', 'Dritte']);
      expect((await listCaseMessages(db, held.caseId)).map((m) => [m.seq, m.text])).toEqual([
        [1, 'Erste'],
        [2, 'Zweite'],
        [3, 'Dritte'],
      ]);
    } finally {
      await lock.release().catch(() => undefined);
    }
  });

  it('should have at most two batches in flight: a third waits even for a case of its own', async () => {
    const [a, b, c] = [await openChat(), await openChat(), await openChat()];
    const lockA = await lockCase(a.caseId);
    const lockB = await lockCase(b.caseId);
    try {
      const inA = watched(writer.append(a.message('Fall A', 'pipeline-bound-a')));
      await nextRound();
      const inB = watched(writer.append(b.message('Fall B', 'pipeline-bound-b')));
      await nextRound();
      const inC = watched(writer.append(c.message('Fall C', 'pipeline-bound-c')));
      // Case C's row is free, but both slots wait for locks: C goes only once one of them commits.
      const other = new (await import('pg')).default.Client({ connectionString: schema.url });
      await other.connect();
      try {
        await expect.poll(async () => (await other.query(LOCK_WAITS_ON_CASES)).rows[0].n).toBeGreaterThanOrEqual(2);
      } finally {
        await other.end();
      }
      expect([inA.settled(), inB.settled(), inC.settled()]).toEqual([false, false, false]);
      await lockA.release();
      await inA.promise;
      expect((await inC.promise)[0].text).toBe('Fall C');
      await lockB.release();
      await inB.promise;
    } finally {
      await lockA.release().catch(() => undefined);
      await lockB.release().catch(() => undefined);
    }
  });
});
