// What a participant can make the server do with StartChat alone (found from outside, 2026-11-27): one consultation at a
// time per person, a single checked address for the protocol, the field of law from the server's own list, and no
// protocol mail for a chat no lawyer ever took.
import fs from 'node:fs';
import path from 'node:path';
import type { StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeChatByTimeout, START_LIMIT, startChat } from '../src/features/chat/chats.js';
import { participantForNumber } from '../src/features/product/customers.js';
import { systemClock } from '../src/platform/clock.js';
import { DomainError } from '../src/platform/errors.js';
import { openDatabase, type Db } from '../src/platform/storage/database.js';
import { migrateToLatest } from '../src/platform/storage/migrate.js';
import { connectParticipant, startRequest, useAppWithLawyer } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { storageEngines } from './support/migrationOnBothEngines.js';

describe('StartChat over the hub', () => {
  const running = useAppWithLawyer();
  const outbox = () => {
    const dir = path.join(running.app.dataDir, 'outbox');
    // Only finished mails: the mailer writes `*.eml.partial` first and renames it.
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      : [];
  };
  const caseCount = async () => (await running.app.ctx.db.selectFrom('cases').select('id').execute()).length;

  it('should refuse a list of addresses or a malformed one as the protocol address, and create no case', async () => {
    const participant = await connectParticipant(running.app);
    try {
      const before = await caseCount();
      for (const address of [
        'a@example.org, b@example.org',
        'a@example.org;b@example.org',
        'a@example.org\r\nBcc: b@example.org',
        `${'x'.repeat(250)}@example.org`,
      ]) {
        await expect(participant.hub.connection.invoke('StartChat', { ...startRequest(), EMailAddress: address })).rejects.toThrow(/gültige E-Mail-Adresse/);
      }
      expect(await caseCount()).toBe(before);
    } finally {
      await participant.hub.stop();
    }
  });

  it('should store the long name of the field of law from its own list, whatever the request says', async () => {
    const participant = await connectParticipant(running.app);
    try {
      const ids = await participant.hub.connection.invoke<StartJoinResult>('StartChat', {
        ...startRequest(),
        FieldOfLaw: 3,
        FieldOfLawLongName: 'Zahlungsaufforderung: bitte überweisen Sie '.repeat(700),
      });
      const stored = await running.app.ctx.db
        .selectFrom('cases')
        .select(['field_of_law', 'field_of_law_long_name'])
        .where('id', '=', ids.CaseId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ field_of_law: 3, field_of_law_long_name: 'Miet- und Wohnungseigentumsrecht' });
      await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId);
      const unknown = await participant.hub.connection.invoke<StartJoinResult>('StartChat', {
        ...startRequest(),
        FieldOfLaw: 999,
        FieldOfLawLongName: 'Erfunden',
      });
      const fallback = await running.app.ctx.db
        .selectFrom('cases')
        .select(['field_of_law', 'field_of_law_long_name'])
        .where('id', '=', unknown.CaseId)
        .executeTakeFirstOrThrow();
      expect(fallback).toEqual({ field_of_law: 2, field_of_law_long_name: 'Allgemeines Zivilrecht/Sonstiges' });
    } finally {
      await participant.hub.stop();
    }
  });

  it('should refuse a second chat while the first still waits, and allow a new one after it ended', async () => {
    const participant = await connectParticipant(running.app);
    try {
      const first = await participant.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
      const before = await caseCount();
      await expect(participant.hub.connection.invoke('StartChat', startRequest('Noch ein Anliegen, ganz ohne Bezug zum ersten.'))).rejects.toThrow(
        /Ihre Beratung läuft bereits/,
      );
      const waitingOfThisPerson = (await running.lawyer.http.get<{ CaseId: string }[]>(`${running.app.chatUrl}/api/lawyer/queue`)).body.filter(
        (e) => e.CaseId === first.CaseId,
      );
      expect(waitingOfThisPerson).toHaveLength(1);
      expect(await caseCount()).toBe(before);
      await participant.hub.connection.invoke('CloseChatByTimeout', first.ChatId);
      await expect(participant.hub.connection.invoke<StartJoinResult>('StartChat', startRequest())).resolves.toMatchObject({ CaseId: expect.any(String) });
    } finally {
      await participant.hub.stop();
    }
  });

  it('should refuse a seventh consultation within an hour (a loop of requests would ring every lawyer’s queue), and allow one again after the hour', async () => {
    const participant = await connectParticipant(running.app);
    try {
      const caseIds: string[] = [];
      for (let i = 0; i < START_LIMIT.max; i += 1) {
        const ids = await participant.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
        caseIds.push(ids.CaseId);
        await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId);
      }
      const before = await caseCount();
      const refused = await participant.hub.connection.invoke('StartChat', startRequest()).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(Error);
      // The code tells the client why (its own German text); the message says what to do.
      expect(JSON.parse((refused as Error).message.replace(/^.*?(\{.*\})\s*$/s, '$1'))).toMatchObject({
        Error: 'TooManyRequests',
        Message: expect.stringMatching(/^Sie haben in der letzten Stunde bereits mehrere Beratungen begonnen\./),
      });
      expect(await caseCount()).toBe(before);
      // An hour later the person may ask again.
      const anHourAgo = new Date(Date.now() - START_LIMIT.windowMs - 1000).toISOString();
      await running.app.ctx.db.updateTable('cases').set({ created_at: anHourAgo }).where('id', 'in', caseIds).execute();
      await expect(participant.hub.connection.invoke<StartJoinResult>('StartChat', startRequest())).resolves.toMatchObject({ CaseId: expect.any(String) });
    } finally {
      await participant.hub.stop();
    }
  });

  it('should mail no protocol when a chat no lawyer took is closed by the participant, and refuse to mail one on request', async () => {
    const participant = await connectParticipant(running.app);
    try {
      const mailsBefore = outbox().length;
      const ids = await participant.hub.connection.invoke<StartJoinResult>('StartChat', {
        ...startRequest(),
        EMailAddress: 'opfer@example.org',
        VerifiedEmail: true,
      });
      await participant.hub.connection.invoke('CloseChatByTimeout', ids.ChatId);
      const requested = await participant.http.post(`${running.app.webUrl}/api/chat/protocol/${ids.CaseId}`, { Value: 'opfer@example.org' });
      expect(requested.status).toBe(409);
      expect(requested.body).toMatchObject({ Message: expect.stringMatching(/erst, wenn eine Anwältin oder ein Anwalt/) });
      // The hub's mail after the close runs in the background: a chat with a lawyer, closed the same way, shows when it
      // would have come (its address only retyped, so the protocol's confirmation link).
      const consulted = await participant.hub.connection.invoke<StartJoinResult>('StartChat', {
        ...startRequest(),
        EMailAddress: 'ratsuchend@example.org',
        VerifiedEmail: true,
      });
      await running.lawyer.hub.connection.invoke('AcceptChat', consulted.ChatId);
      await participant.hub.connection.invoke('CloseChatByTimeout', consulted.ChatId);
      await waitUntil(() => (outbox().length > mailsBefore ? true : undefined), 'the protocol mail', 20_000);
      const mails = outbox().slice(mailsBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/^To: ratsuchend@example\.org/m);
    } finally {
      await participant.hub.stop();
    }
  });
});

describe.each(storageEngines)('one consultation at a time on %s', (_name, setup) => {
  let db: Db;
  let close: () => Promise<void>;
  let cleanup: () => Promise<void>;
  const deps = () => ({ db, clock: systemClock, production: false, entryTokenSecret: null, sessionSecret: 'x'.repeat(32) });

  beforeAll(async () => {
    const target = await setup();
    cleanup = target.cleanup;
    const opened = openDatabase({ databaseUrl: target.url, dataDir: target.dataDir });
    db = opened.db;
    close = () => db.destroy();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await close?.();
    await cleanup?.();
  });

  it('should let exactly one of eight simultaneous StartChats of one person through', async () => {
    const participantId = await participantForNumber(deps(), `VN-PARALLEL-${Date.now()}`);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => startChat(deps(), participantId, startRequest())));
    const started = outcomes.filter((o) => o.status === 'fulfilled');
    expect(started).toHaveLength(1);
    for (const refused of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(refused.reason).toBeInstanceOf(DomainError);
      expect((refused.reason as DomainError).code).toBe('Conflict');
    }
    const chats = await db
      .selectFrom('chats')
      .innerJoin('cases', 'cases.id', 'chats.case_id')
      .select('chats.id')
      .where('cases.participant_id', '=', participantId)
      .execute();
    expect(chats).toHaveLength(1);
    const { chatId } = (started[0] as PromiseFulfilledResult<{ chatId: string }>).value;
    await closeChatByTimeout(deps(), participantId, chatId);
    await expect(startChat(deps(), participantId, startRequest())).resolves.toMatchObject({ chatId: expect.any(String) });
  });
});
