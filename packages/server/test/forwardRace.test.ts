// A change of the case sent in the moment of the lawyer's own forward (found in review, 2026-12-06): the field of law
// and a case file from the chat checked "the lawyer still holds the case" before their write's transaction, so a
// forward that committed in between let the forwarder change the colleague's case. The check now runs in the write's
// transaction with the case's row held, which the forward holds too (chat/chatQueries.ts › holdCase).
//
// Made deterministic on PostgreSQL: the test itself holds the case's row (on its own connection), sends the
// change, waits until PostgreSQL reports it waiting for that row, then sends the forward and waits until the forward
// waits too (the old code: only after it had handed the chat on); then it lets go. Whatever the order the
// database then picks, the forwarder's change must not land after the forward: either it is refused with 403
// ChatForwarded, or it landed first – and then the forward recorded the changed field as the field at the forward.
// SQLite has no second connection to hold a row with; the rule itself is tested on it in forwardedCase.test.ts.
import type { CreateCaseFileResult, StartJoinResult } from '@rechtschat/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** Polls `condition` until it holds; fails after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Settles with the promise's outcome, and tells whether it settled already. */
function tracked<T>(promise: Promise<T>): { readonly done: () => boolean; readonly result: Promise<T> } {
  let settled = false;
  const result = promise.finally(() => {
    settled = true;
  });
  return { done: () => settled, result };
}

describe('a change of the case in the moment of the own forward on postgres', () => {
  let app: TestApp;
  let schema: TestSchema;
  let holder: pg.Client;
  let holderPid: number;
  let anna: Participant;
  let markus: Participant;

  beforeAll(async () => {
    schema = await createTestSchema();
    app = await startTestApp({ env: { DATABASE_URL: schema.url } });
    [anna, markus] = await Promise.all([connectLawyer(app, 0), connectLawyer(app, 1)]);
    holder = new pg.Client({ connectionString: schema.url });
    await holder.connect();
    holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? -1;
  });

  afterAll(async () => {
    await holder?.end();
    await Promise.all([anna, markus].map((p) => p?.hub.stop()));
    await app?.stop();
    await schema?.drop();
  });

  /** Statements of the app that wait for the test's hold, directly or behind another that waits for it. */
  const waitingForHolder = async (): Promise<number> =>
    (
      await holder.query<{ n: number }>(
        `with recursive behind(pid) as (
           select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))
           union
           select a.pid from pg_stat_activity a join behind b on b.pid = any(pg_blocking_pids(a.pid))
         )
         select count(*)::int as n from behind`,
        [holderPid],
      )
    ).rows[0]?.n ?? 0;

  /** Anna's accepted chat with a new client. */
  async function annasChat(): Promise<StartJoinResult> {
    const client = await connectParticipant(app);
    const ids = await startChat(client);
    await anna.hub.connection.invoke('AcceptChat', ids.ChatId);
    await client.hub.stop();
    return ids;
  }

  /**
   * Holds the case's row, sends `change`, and once it waits for the row sends Anna's forward to Markus; lets go once
   * the forward waits as well. Answers the change's status and whether the forward had committed by then.
   */
  async function changeInTheMomentOfTheForward(ids: StartJoinResult, change: () => Promise<{ status: number }>) {
    await holder.query('begin');
    let changing: ReturnType<typeof tracked<{ status: number }>> | undefined;
    let forwarding: ReturnType<typeof tracked<StartJoinResult>> | undefined;
    let forwardCommittedWhileChangeWaited: boolean;
    try {
      // The lock of an UPDATE of the row: it keeps the change's write (and a hold) waiting, but not the insert of a row
      // under the case (FOR KEY SHARE), so a forward that does not hold the case runs through.
      await holder.query('select id from cases where id = $1 for no key update', [ids.CaseId]);
      changing = tracked(change());
      await until(async () => (await waitingForHolder()) === 1, 'the change to wait for the held case');
      forwarding = tracked(anna.hub.connection.invoke<StartJoinResult>('ForwardChat', ids.ChatId, app.lawyers[1]?.id));
      // The forward waits too: before the fix only for its notice to the client (a message takes the case's next
      // number on the case's row), after it already for the hold of the case, before it hands the chat on.
      await until(async () => (await waitingForHolder()) === 2, 'the forward to wait as well');
      const chat = await holder.query<{ state: string }>('select state from chats where id = $1', [ids.ChatId]);
      forwardCommittedWhileChangeWaited = chat.rows[0]?.state === 'forwarded';
    } finally {
      await holder.query('commit');
    }
    const [changed] = await Promise.all([changing.result, forwarding.result]);
    return { status: changed.status, forwardCommittedWhileChangeWaited };
  }

  it('should refuse the field of law, or take it before the forward and record it as the field at the forward', async () => {
    const ids = await annasChat();
    const before = await app.ctx.db.selectFrom('cases').select('field_of_law').where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    expect(before.field_of_law).toBe(3);

    const { status, forwardCommittedWhileChangeWaited } = await changeInTheMomentOfTheForward(ids, () =>
      anna.http.put(`${app.chatUrl}/api/lawyer/chats/${ids.ChatId}/field-of-law`, { FieldOfLaw: 10 }),
    );

    expect([200, 403]).toContain(status);
    // The forward waits for the change that holds the case (before the fix it committed, and the change landed after it).
    expect(forwardCommittedWhileChangeWaited).toBe(false);
    const theCase = await app.ctx.db.selectFrom('cases').select('field_of_law').where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    const forwarded = await app.ctx.db.selectFrom('chats').select(['state', 'field_of_law_at_forward']).where('id', '=', ids.ChatId).executeTakeFirstOrThrow();
    expect(forwarded.state).toBe('forwarded');
    if (status === 200) {
      // Landed before the forward: the forward saw it.
      expect(theCase.field_of_law).toBe(10);
      expect(Number(forwarded.field_of_law_at_forward)).toBe(10);
    } else {
      expect(theCase.field_of_law).toBe(3);
      expect(Number(forwarded.field_of_law_at_forward)).toBe(3);
    }
    // Either way the forwarder changes nothing any more now.
    expect((await anna.http.put(`${app.chatUrl}/api/lawyer/chats/${ids.ChatId}/field-of-law`, { FieldOfLaw: 5 })).status).toBe(403);
  });

  it('should refuse a case file from the chat, or make it before the forward', async () => {
    const ids = await annasChat();
    const request = { FirstName: 'Max', LastName: 'Mustermann', Phone: '0170 5550123', Title: 'Kündigung', ChatCaseId: ids.CaseId };

    const { status, forwardCommittedWhileChangeWaited } = await changeInTheMomentOfTheForward(ids, () =>
      anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, request),
    );

    expect([200, 403]).toContain(status);
    // Before the fix the forward committed while the creation waited, and the file was made after it.
    expect(forwardCommittedWhileChangeWaited).toBe(false);
    const files = await app.ctx.db.selectFrom('case_files').select('id').where('chat_case_id', '=', ids.CaseId).execute();
    expect(files).toHaveLength(status === 200 ? 1 : 0);
    expect((await anna.http.post(`${app.chatUrl}/api/lawyer/case-files`, { ...request, ConfirmSecond: true })).status).toBe(403);
  });
});
