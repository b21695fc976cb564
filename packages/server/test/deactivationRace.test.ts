// A lawyer being deactivated cannot take, close or forward a chat in the moment between the deactivation's commit and
// the closing of their sessions and hub connections: the chat writes check the account in the same transaction as
// the write (chatQueries.ts › lockActiveLawyer), on SQLite and PostgreSQL. On PostgreSQL an accept that runs while
// the deactivation's transaction is still open waits for it and is then refused.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { CookieClient } from './support/cookieClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectLawyer, connectParticipant, startChat } from './support/flows.js';
import { LAWYER_PASSWORD } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('a lawyer deactivated while still connected on %s', (engine) => {
  const setup = engineAppWithLawyer(engine);
  const setActive = (lawyerId: string, active: boolean) =>
    setup.app.ctx.db
      .updateTable('lawyers')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', lawyerId)
      .execute();
  const chatRow = (chatId: string) => setup.app.ctx.db.selectFrom('chats').select(['state', 'lawyer_id']).where('id', '=', chatId).executeTakeFirstOrThrow();

  it('should refuse the accept of a lawyer whose deactivation committed before the connection closed, and leave the chat waiting', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    // The deactivation's transaction has committed; its sessions and hub connections are not closed yet.
    await setActive(app.lawyers[0]!.id, false);
    try {
      await expect(lawyer.hub.connection.invoke('AcceptChat', ids.ChatId)).rejects.toThrow(/Bitte melden Sie sich an/);
      expect(await chatRow(ids.ChatId)).toEqual({ state: 'waiting', lawyer_id: null });
      // The connection is still usable for the server's close; nothing was announced to the client.
      expect(participant.hub.notifications.filter((n) => n.Type === 'Joined')).toEqual([]);
    } finally {
      await setActive(app.lawyers[0]!.id, true);
    }
    // Active again: the same accept goes through.
    await expect(lawyer.hub.connection.invoke('AcceptChat', ids.ChatId)).resolves.toMatchObject({ ChatId: ids.ChatId });
    await participant.hub.connection.invoke('CloseChat', ids.ChatId).catch(() => undefined);
  });

  it('should refuse closing and forwarding by a deactivated lawyer, and forwarding to a deactivated colleague', async () => {
    const { app, lawyer } = setup;
    const colleague = await connectLawyer(app, 1);
    setup.keep(colleague);
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);

    await setActive(app.lawyers[0]!.id, false);
    try {
      await expect(lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false)).rejects.toThrow(/Bitte melden Sie sich an/);
      await expect(lawyer.hub.connection.invoke('ForwardChat', ids.ChatId, app.lawyers[1]!.id)).rejects.toThrow(/Bitte melden Sie sich an/);
      expect(await chatRow(ids.ChatId)).toEqual({ state: 'active', lawyer_id: app.lawyers[0]!.id });
    } finally {
      await setActive(app.lawyers[0]!.id, true);
    }

    await setActive(app.lawyers[1]!.id, false);
    try {
      await expect(lawyer.hub.connection.invoke('ForwardChat', ids.ChatId, app.lawyers[1]!.id)).rejects.toThrow(/nicht gefunden|gibt es nicht/);
      expect(await chatRow(ids.ChatId)).toEqual({ state: 'active', lawyer_id: app.lawyers[0]!.id });
      const successors = await app.ctx.db.selectFrom('chats').select('id').where('previous_chat_id', '=', ids.ChatId).execute();
      expect(successors).toEqual([]);
    } finally {
      await setActive(app.lawyers[1]!.id, true);
    }
    await expect(lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false)).resolves.toBeDefined();
    expect((await chatRow(ids.ChatId)).state).toBe('closed');
  });

  it("should end the lawyer's sessions with the deactivation's commit, before anything that follows it", async () => {
    const { app } = setup;
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    const leaving = await createLawyer(app.ctx.db, app.ctx.clock, {
      email: `leaving-${engine}@test.example`,
      name: 'Lea Geht',
      gender: 'female',
      password: LAWYER_PASSWORD,
      phone: '+49 30 5550000',
    });
    const http = new CookieClient();
    expect((await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: leaving.email, Password: LAWYER_PASSWORD })).status).toBe(200);
    // Hold the deactivation right after its commit, where it ends sessions and closes hub connections.
    const sessions = app.ctx.sessions as { destroyOthers: typeof app.ctx.sessions.destroyOthers };
    const original = sessions.destroyOthers.bind(app.ctx.sessions);
    let reached!: () => void;
    const atSessionEnd = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    sessions.destroyOthers = async (...args) => {
      if (!held) {
        held = true;
        reached();
        await released;
      }
      return original(...args);
    };
    try {
      const deactivation = setup.lawyer.http.post<{ EndedSessions: number }>(`${app.chatUrl}/api/admin/lawyers/${leaving.id}/deactivate`, { ReassignTo: null });
      await atSessionEnd;
      // The account is off: the lawyer's next request is refused already, not only once the sessions are ended.
      expect((await http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
      expect((await http.post(`${app.chatUrl}/api/lawyer/sessions/end-others`)).status).toBe(401);
      release();
      const done = await deactivation;
      expect(done.status).toBe(200);
      expect(done.body.EndedSessions).toBe(1);
    } finally {
      release();
      sessions.destroyOthers = original;
    }
  });

  it.runIf(engine === 'postgres')('should make an accept wait for a deactivation still in progress and then refuse it', async () => {
    const { app, lawyer } = setup;
    const participant = await connectParticipant(app);
    setup.keep(participant);
    const ids = await startChat(participant);
    // The administration's deactivation, on its own connection: the account is switched off, not yet committed.
    const admin = new pg.Client({ connectionString: app.ctx.config.databaseUrl! });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('UPDATE lawyers SET active = 0 WHERE id = $1', [app.lawyers[0]!.id]);
      let settled = false;
      const accept = lawyer.hub.connection.invoke('AcceptChat', ids.ChatId).finally(() => void (settled = true));
      accept.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 400));
      // Without the check in the accept's transaction it went through at once, and the deactivation's hand-over
      // (which reads the open work after switching the account off) would not have seen the chat.
      expect(settled).toBe(false);
      await admin.query('COMMIT');
      await expect(accept).rejects.toThrow(/Bitte melden Sie sich an/);
      expect(await chatRow(ids.ChatId)).toEqual({ state: 'waiting', lawyer_id: null });
    } finally {
      await admin.query('ROLLBACK').catch(() => undefined);
      await admin.end();
      await setActive(app.lawyers[0]!.id, true);
    }
    await participant.hub.connection.invoke('CloseChat', ids.ChatId).catch(() => undefined);
  });
});
