// The storage layer behaves the same on SQLite and PostgreSQL.
import { MessageType } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChat as startChatRow, acceptChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { appendMessage } from '../src/features/chat/messages.js';
import { listCaseMessages } from '../src/features/chat/messageQueries.js';
import { createSessionStore } from '../src/platform/sessions.js';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { storageEngines } from './support/migrationOnBothEngines.js';

const fixedClock = (iso: string) => {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => void (now = new Date(next)) };
};

describe.each(storageEngines)('storage on %s', (_name, setup) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const clock = fixedClock('2026-11-23T10:00:00.000Z');
  const deps = () => ({ db, clock, production: false, entryTokenSecret: null, sessionSecret: 'x'.repeat(32) });

  beforeAll(async () => {
    const target = await setup();
    cleanup = target.cleanup;
    db = openDatabase({ databaseUrl: target.url, dataDir: target.dataDir }).db;
    await migrateToLatest(db);
    await migrateToLatest(db); // idempotent on a migrated database
  });

  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  async function newCase() {
    const participantId = await participantForNumber(deps(), `VN-${Math.random()}`);
    const ids = await startChatRow({ db, clock }, participantId, {
      Description: 'Testfall',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 2,
      FieldOfLawLongName: 'Allgemeines Zivilrecht/Sonstiges',
    });
    return { participantId, ...ids };
  }

  it('should map one insurance number to one participant, also under concurrency', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => participantForNumber(deps(), 'VN 4711')));
    expect(new Set(ids).size).toBe(1);
    expect(await participantForNumber(deps(), 'vn4711')).toBe(ids[0]);
  });

  it('should number messages of a case without gaps under concurrent writes', async () => {
    const { caseId, chatId } = await newCase();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendMessage(db, clock, {
          caseId,
          chatId,
          clientId: `c-${i}-abcdef`,
          type: MessageType.Message,
          text: `Nachricht ${i}`,
          author: { kind: 'participant', id: 'p', name: null },
        }),
      ),
    );
    const rows = await listCaseMessages(db, caseId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('should store a message sent three times with one client id once', async () => {
    const { caseId, chatId } = await newCase();
    const input = {
      caseId,
      chatId,
      clientId: 'same-client-id',
      type: MessageType.Message,
      text: 'Einmal',
      author: { kind: 'participant' as const, id: 'p', name: null },
    };
    const results = await Promise.all([appendMessage(db, clock, input), appendMessage(db, clock, input), appendMessage(db, clock, input)]);
    expect(new Set(results.map(([row]) => row.id)).size).toBe(1);
    expect(results.filter(([, created]) => created)).toHaveLength(1);
    expect(await listCaseMessages(db, caseId)).toHaveLength(1);
  });

  it('should let exactly one of two lawyers accept a waiting chat', async () => {
    const { chatId } = await newCase();
    const a = await createLawyer(db, clock, { email: `a-${Math.random()}@x.de`, name: 'A', gender: 'other', password: 'passwort-lang', phone: '1' });
    const b = await createLawyer(db, clock, { email: `b-${Math.random()}@x.de`, name: 'B', gender: 'other', password: 'passwort-lang', phone: '1' });
    const results = await Promise.allSettled([acceptChat({ db, clock }, a.id, chatId), acceptChat({ db, clock }, b.id, chatId)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('should expire sessions after the idle time and use tickets once', async () => {
    const sessions = createSessionStore(db, clock);
    const { participantId } = await newCase();
    const token = await sessions.create('chat', participantId);
    expect(await sessions.resolve('chat', token)).toBe(participantId);
    expect(await sessions.resolve('web', token)).toBeNull();
    clock.set('2026-11-23T10:31:00.000Z');
    expect(await sessions.resolve('chat', token)).toBeNull();
    const ticket = await sessions.issueTicket(participantId);
    expect(await Promise.all([sessions.redeemTicket(ticket), sessions.redeemTicket(ticket)])).toEqual(
      expect.arrayContaining([{ participantId, entryKid: null, browserKey: null }, null]),
    );
    clock.set('2026-11-23T10:00:00.000Z');
  });

  it('should keep a session alive through hub activity and report it live until it lapses', async () => {
    const sessions = createSessionStore(db, clock);
    const { participantId } = await newCase();
    const token = await sessions.create('chat', participantId);
    clock.set('2026-11-23T10:25:00.000Z');
    await sessions.touchSubject('chat', participantId);
    clock.set('2026-11-23T10:50:00.000Z');
    expect(await sessions.hasLiveSession('chat', participantId)).toBe(true);
    expect(await sessions.hasLiveSession('lawyer', participantId)).toBe(false);
    clock.set('2026-11-23T10:56:00.000Z');
    expect(await sessions.hasLiveSession('chat', participantId)).toBe(false);
    expect(await sessions.resolve('chat', token)).toBeNull();
    clock.set('2026-11-23T10:00:00.000Z');
  });

  it('should touch and check many subjects at once like one at a time', async () => {
    const sessions = createSessionStore(db, clock);
    const [a, b, idle] = [(await newCase()).participantId, (await newCase()).participantId, (await newCase()).participantId];
    for (const subject of [a, b, idle]) await sessions.create('chat', subject);
    clock.set('2026-11-23T10:25:00.000Z');
    await sessions.touchSubjects('chat', [a, b]);
    clock.set('2026-11-23T10:50:00.000Z');
    expect(await sessions.liveSubjects('chat', [a, b, idle, 'unbekannt'])).toEqual(new Set([a, b]));
    expect(await sessions.liveSubjects('lawyer', [a, b])).toEqual(new Set());
    clock.set('2026-11-23T10:00:00.000Z');
  });
});
