// The message writer on both engines: a participant message is stored only while its chat is
// open, decided in the transaction that stores it, and a resend of a stored message still
// gets its stored answer. The hub relies on this instead of re-reading the chat per message.
import fs from 'node:fs';
import { MessageType } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/platform/clock.js';
import { closeChatByTimeout, startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { DomainError } from '../src/platform/errors.js';
import { listCaseMessages } from '../src/features/chat/messageQueries.js';
import { createMessageWriter, type MessageWriter } from '../src/features/chat/messageWriter.js';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { appendMessage } from '../src/features/chat/messages.js';
import { storageEngines } from './support/migrationOnBothEngines.js';
import { tempDir } from './support/testApp.js';

describe.each(storageEngines)('message writer on %s', (_name, setup) => {
  let db: Db;
  let writer: MessageWriter;
  let cleanup: () => Promise<void>;
  const deps = () => ({ db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret: 'x'.repeat(32) });

  beforeAll(async () => {
    const target = await setup();
    cleanup = target.cleanup;
    const opened = openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
    db = opened.db;
    await migrateToLatest(db);
    writer = createMessageWriter(db, systemClock, opened.engine);
  });

  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  async function openChat() {
    const participantId = await participantForNumber(deps(), `VN-GUARD-${Math.random()}`);
    const ids = await startChat({ db, clock: systemClock }, participantId, {
      Description: 'Testfall',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 2,
      FieldOfLawLongName: 'Sonstiges',
    });
    const message = (text: string, clientId: string) => ({
      ...ids,
      clientId,
      type: MessageType.Message,
      text,
      author: { kind: 'participant' as const, id: participantId, name: null },
      onlyWhileChatOpen: true,
    });
    return { participantId, ...ids, message };
  }

  it('should store messages of a waiting chat gap-free and answer a resend with the stored row', async () => {
    const chat = await openChat();
    const [first, created] = await writer.append(chat.message('Erste Frage', 'guard-first-1'));
    const [second] = await writer.append(chat.message('Zweite Frage', 'guard-second'));
    const [again, createdAgain] = await writer.append(chat.message('Erste Frage', 'guard-first-1'));
    expect([created, createdAgain]).toEqual([true, false]);
    expect(again).toMatchObject({ id: first.id, seq: first.seq, text: 'Erste Frage' });
    expect(second.seq).toBe(first.seq + 1);
  });

  it('should refuse a new message once the chat is closed, but still acknowledge a resend of a stored one', async () => {
    const chat = await openChat();
    const [stored] = await writer.append(chat.message('Vor dem Ende', 'guard-before'));
    await closeChatByTimeout({ db, clock: systemClock }, chat.participantId, chat.chatId);
    const refused = await writer.append(chat.message('Nach dem Ende', 'guard-after-')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe('Dieser Chat ist beendet.');
    const [resent, created] = await writer.append(chat.message('Vor dem Ende', 'guard-before'));
    expect(created).toBe(false);
    expect(resent.id).toBe(stored.id);
    expect((await listCaseMessages(db, chat.caseId)).map((m) => m.text)).not.toContain('Nach dem Ende');
  });

  it('should refuse a message to a chat that does not exist and store nothing', async () => {
    const chat = await openChat();
    const refused = await writer.append({ ...chat.message('Ins Leere', 'guard-nochat'), chatId: 'no-such-chat' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).message).toBe('Dieser Chat ist beendet.');
    expect(await listCaseMessages(db, chat.caseId)).toEqual([]);
  });

  it('should answer a resend with the first stored row when its text differs, and store the message once', async () => {
    const chat = await openChat();
    const [first] = await writer.append(chat.message('Ursprünglicher Text', 'guard-changed'));
    const [again, created] = await writer.append(chat.message('Geänderter Text', 'guard-changed'));
    expect(created).toBe(false);
    expect(again).toMatchObject({ id: first.id, seq: first.seq, text: 'Ursprünglicher Text' });
    const [next] = await writer.append(chat.message('Nächste Frage', 'guard-next-1'));
    expect(next.seq).toBe(first.seq + 1);
    expect((await listCaseMessages(db, chat.caseId)).map((m) => m.text)).toEqual(['Ursprünglicher Text', 'Nächste Frage']);
  });

  it('should keep concurrent appends gap-free and store a repeated client id once', async () => {
    const chat = await openChat();
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => writer.append(chat.message(`Nachricht ${i}`, `guard-many-${i}`))),
      ...Array.from({ length: 3 }, () => writer.append(chat.message('Doppelt', 'guard-twice'))),
    ]);
    const twice = results.slice(20);
    expect(new Set(twice.map(([row]) => row.id)).size).toBe(1);
    expect(twice.filter(([, created]) => created)).toHaveLength(1);
    const rows = await listCaseMessages(db, chat.caseId);
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });

  it('should continue one gap-free sequence when the hub writer and the transactional insert take turns', async () => {
    const chat = await openChat();
    for (let i = 0; i < 3; i += 1) {
      await writer.append(chat.message(`Hub ${i}`, `guard-turn-hub-${i}`));
      await appendMessage(db, systemClock, chat.message(`Direkt ${i}`, `guard-turn-own-${i}`));
    }
    const rows = await listCaseMessages(db, chat.caseId);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.map((row) => row.text)).toEqual(['Hub 0', 'Direkt 0', 'Hub 1', 'Direkt 1', 'Hub 2', 'Direkt 2']);
  });
});

describe('migration 0009 on SQLite', () => {
  it('should give cases.next_seq back its meaning for an older release when migrated down', async () => {
    const dir = tempDir();
    const { db, engine } = openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await migrateToLatest(db);
      const participantId = await participantForNumber(
        { db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret: 'x'.repeat(32) },
        'VN-SEQ-DOWN',
      );
      const ids = await startChat({ db, clock: systemClock }, participantId, {
        Description: 'Testfall',
        EMailAddress: null,
        VerifiedEmail: false,
        FieldOfLaw: 2,
        FieldOfLawLongName: 'Sonstiges',
      });
      const writer = createMessageWriter(db, systemClock, engine);
      const author = { kind: 'participant' as const, id: participantId, name: null };
      for (const n of [1, 2, 3]) await writer.append({ ...ids, clientId: `seq-down-${n}`, type: MessageType.Message, text: `M${n}`, author });
      await migrateTo(db, '0008_case_file_platform');
      const theCase = await db.selectFrom('cases').select('next_seq').where('id', '=', ids.caseId).executeTakeFirstOrThrow();
      expect(theCase.next_seq).toBe(4);
      await migrateToLatest(db);
      const [fourth] = await writer.append({ ...ids, clientId: 'seq-down-4', type: MessageType.Message, text: 'M4', author });
      expect(fourth.seq).toBe(4);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
