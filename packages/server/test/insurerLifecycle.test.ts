// An insurer's lifecycle beyond its keys (console → Verwaltung → Versicherer): the firm ends the collaboration (every
// key revoked in the same step, its clients signed out and disconnected, no new key while it is ended, its cases and
// reports kept), resumes it (with a new key), or deletes an insurer created by mistake – only one that was never used,
// decided in the deleting transaction so a first login with its key at the same moment cannot slip between. Both engines.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, Insurer, InsurerList, IssuedInsurerKey, ReportFilters } from '@rechtschat/core';
import { signEntryToken } from '../src/features/product/entryToken.js';
import { listAdminActions } from '../src/features/admin/auditLog.js';
import { entryKeyOf, type InsurerDeps } from '../src/features/insurers/insurers.js';
import { recordFirstEntryKeyUse } from '../src/features/insurers/keyUse.js';
import { createInsurerAs, createKeyAs, signInAdminAndLawyer } from './support/adminSignIn.js';
import { CookieClient } from './support/cookieClient.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { startRequest } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { factParticipant, insertFactCases } from './support/reportFacts.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(['sqlite', 'postgres'] as const)('the lifecycle of an insurer on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  const admin = new CookieClient();
  const lawyer = new CookieClient();
  const api = () => `${app.chatUrl}/api/admin/insurers`;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${engine} ${(counter += 1)}`;
  const token = (key: IssuedInsurerKey, number: string) =>
    signEntryToken(key.Secret, { number, exp: Math.floor(Date.now() / 1000) + 300, jti: crypto.randomUUID() }, key.Kid);
  const enter = async (key: IssuedInsurerKey, number = `VN-${crypto.randomUUID().slice(0, 8)}`) => {
    const client = new CookieClient();
    const response = await client.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: b64(await token(key, number)),
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    return { client, response };
  };
  const createInsurer = (Name: string, DisplayName: string | null = null) => createInsurerAs(app, admin, Name, DisplayName);
  const createKey = (insurerId: string) => createKeyAs(app, admin, insurerId);
  const listed = async (insurerId: string) => (await admin.get<InsurerList>(api())).body.find((row) => row.Id === insurerId);
  const auditOf = async (insurerId: string) => (await listAdminActions(app.ctx.db, { limit: 500 })).filter((entry) => entry.target_id === insurerId).reverse();
  const deps = (): InsurerDeps => ({ db: app.ctx.db, clock: app.ctx.clock, sessionSecret: TEST_SESSION_SECRET });

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({
      env: { ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET, SESSION_SECRET: TEST_SESSION_SECRET, ...(schema ? { DATABASE_URL: schema.url } : {}) },
    });
    await signInAdminAndLawyer(app, admin, lawyer);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse ending, resuming and deleting without a session (401) and to a lawyer (403), and answer an unknown insurer with 404', async () => {
    const insurer = await createInsurer(unique('Verboten'));
    const routes: [string, string][] = [
      ['POST', `${api()}/${insurer.Id}/end`],
      ['POST', `${api()}/${insurer.Id}/resume`],
      ['DELETE', `${api()}/${insurer.Id}`],
    ];
    for (const [method, url] of routes) {
      expect((await new CookieClient().request(method, url)).status, `${method} ${url} without session`).toBe(401);
      const refused = await lawyer.request(method, url);
      expect(refused.status, `${method} ${url} as lawyer`).toBe(403);
      expect(refused.body).toMatchObject({ Error: 'Forbidden' });
    }
    expect(await listed(insurer.Id)).toMatchObject({ Name: insurer.Name, EndedAt: null });
    for (const [method, url] of [
      ['POST', `${api()}/unbekannt/end`],
      ['POST', `${api()}/unbekannt/resume`],
      ['DELETE', `${api()}/unbekannt`],
      ['DELETE', `${api()}/${encodeURIComponent('../x')}`],
    ] as const) {
      const missing = await admin.request(method, url);
      expect(missing.status, `${method} ${url}`).toBe(404);
      expect(missing.headers.get('content-type')).toContain('application/json');
      expect((missing.body as { Error: string }).Error).toBe('NotFound');
    }
    expect(await auditOf(insurer.Id)).toHaveLength(1);
  });

  it('should end the collaboration: every key revoked in the same step, its clients signed out and disconnected, its links and new keys refused, audited', async () => {
    const insurer = await createInsurer(unique('Ende'));
    const retired = await createKey(insurer.Id);
    expect((await admin.post(`${api()}/${insurer.Id}/keys/${retired.Kid}/revoke`)).status).toBe(200);
    const retiredAt = (await listed(insurer.Id))?.Keys[0]?.RevokedAt;
    const used = await createKey(insurer.Id);
    const spare = await createKey(insurer.Id);
    const { client, response } = await enter(used, 'VN-ENDE');
    expect(response.status).toBe(200);
    const ticket = await client.get<string>(`${app.webUrl}/api/chat/session`);
    expect((await client.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);
    const hub = await connectHub(app.chatUrl, client, { role: 'participant' });
    let closedWith: Error | undefined | null = null;
    hub.connection.onclose((error) => (closedWith = error));
    try {
      const started = await hub.connection.invoke<{ CaseId: string }>('StartChat', startRequest());

      const ended = await admin.post<Insurer>(`${api()}/${insurer.Id}/end`);
      expect(ended.status).toBe(200);
      expect(ended.body.EndedAt).not.toBeNull();
      // Every key revoked at the end; the one revoked before keeps its own time.
      expect(Object.fromEntries(ended.body.Keys.map((key) => [key.Kid, key.RevokedAt]))).toEqual({
        [retired.Kid]: retiredAt,
        [used.Kid]: ended.body.EndedAt,
        [spare.Kid]: ended.body.EndedAt,
      });
      expect(await listed(insurer.Id)).toEqual(ended.body);

      // The client's sessions ended and its chat connection closed with the notice, as for a revoked key.
      expect((await client.get<CurrentUser | null>(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
      await waitUntil(() => (closedWith !== null ? true : undefined), 'the hub connection of the ended insurer’s client to close', 3000);
      expect(String(closedWith)).toMatch(/nicht mehr gültig/);
      // New entry links are refused with every key of the insurer, the unused one too.
      expect((await enter(used)).response.status).toBe(401);
      expect((await enter(spare)).response.status).toBe(401);
      // No new key while it is ended; a second end is refused.
      const newKey = await admin.post<{ Error: string; Message: string }>(`${api()}/${insurer.Id}/keys`);
      expect(newKey.status).toBe(409);
      expect(newKey.body).toEqual({
        Error: 'Conflict',
        Message: 'Die Zusammenarbeit mit diesem Versicherer ist beendet. Nehmen Sie sie zuerst wieder auf, wenn er einen neuen Schlüssel bekommen soll.',
      });
      const again = await admin.post<{ Message: string }>(`${api()}/${insurer.Id}/end`);
      expect(again.status).toBe(409);
      expect(again.body.Message).toBe('Die Zusammenarbeit mit diesem Versicherer ist bereits beendet.');
      // Its case stays, with its insurer.
      const row = await app.ctx.db.selectFrom('cases').select('insurer_id').where('id', '=', started.CaseId).executeTakeFirstOrThrow();
      expect(row.insurer_id).toBe(insurer.Id);
      // The name can still be corrected.
      expect((await admin.put(`${api()}/${insurer.Id}`, { Name: `${insurer.Name} AG`, DisplayName: null })).status).toBe(200);
    } finally {
      await hub.stop();
    }
    const entries = await auditOf(insurer.Id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'insurer.created',
      'insurer.key.created',
      'insurer.key.revoked',
      'insurer.key.created',
      'insurer.key.created',
      'insurer.ended',
      'insurer.updated',
    ]);
    const end = entries.find((entry) => entry.action === 'insurer.ended');
    expect(end).toMatchObject({ actor_id: app.lawyers[0]!.id, target_label: insurer.Name });
    // The keys it revoked, newest first, and the sessions it ended (web and chat) – never a secret.
    expect(JSON.parse(end!.details)).toEqual({ revokedKeys: `${spare.Kid}, ${used.Kid}`, endedSessions: 2 });
    expect(end!.details).not.toContain(used.Secret);
  });

  it('should keep an ended insurer in the report filters, its reports and the invoice of a past period', async () => {
    const insurer = await createInsurer(unique('Abgerechnet'));
    const participant = await factParticipant(app.ctx.db);
    const lawyerId = app.lawyers[0]!.id;
    await insertFactCases(app.ctx.db, participant, [
      {
        createdAt: '2025-01-15T09:00:00.000Z',
        insurerId: insurer.Id,
        chats: [{ createdAt: '2025-01-15T09:00:00.000Z', acceptedAt: '2025-01-15T09:01:00.000Z', closedAt: '2025-01-15T09:11:00.000Z', lawyerId }],
      },
    ]);
    expect((await admin.post(`${api()}/${insurer.Id}/end`)).status).toBe(200);

    const filters = await admin.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`);
    expect(filters.body.Insurers).toContainEqual({ Id: insurer.Id, Name: insurer.Name });
    const report = await admin.get<{ Counts: { Completed: number }; Insurers: { InsurerId: string | null; Name: string }[] }>(
      `${app.chatUrl}/api/reports?from=2025-01-01&to=2025-01-31&insurer=${insurer.Id}`,
    );
    expect(report.status).toBe(200);
    expect(report.body.Counts.Completed).toBe(1);
    expect(report.body.Insurers).toContainEqual(expect.objectContaining({ InsurerId: insurer.Id, Name: insurer.Name }));
    const invoice = await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?from=2025-01-01&to=2025-01-31&insurer=${insurer.Id}`);
    expect(invoice.status).toBe(200);
    const lines = (await invoice.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;${insurer.Name};`);
  });

  it('should resume an ended collaboration: its old keys stay revoked, a new key lets its clients in again', async () => {
    const insurer = await createInsurer(unique('Wieder'));
    const old = await createKey(insurer.Id);
    const notEnded = await admin.post<{ Message: string }>(`${api()}/${insurer.Id}/resume`);
    expect(notEnded.status).toBe(409);
    expect(notEnded.body.Message).toBe('Die Zusammenarbeit mit diesem Versicherer läuft bereits.');
    const ended = (await admin.post<Insurer>(`${api()}/${insurer.Id}/end`)).body;

    const resumed = await admin.post<Insurer>(`${api()}/${insurer.Id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ EndedAt: null, Keys: [{ Kid: old.Kid, RevokedAt: ended.EndedAt }] });
    expect((await enter(old)).response.status).toBe(401);
    const fresh = await createKey(insurer.Id);
    expect((await enter(fresh)).response.status).toBe(200);

    const resume = (await auditOf(insurer.Id)).find((entry) => entry.action === 'insurer.resumed');
    expect(JSON.parse(resume!.details)).toEqual({ endedAt: ended.EndedAt });
  });

  it('should delete an insurer that was never used, with its unused keys, and audit it under its name', async () => {
    const insurer = await createInsurer(unique('Versehen'));
    const key = await createKey(insurer.Id);
    const deleted = await admin.request('DELETE', `${api()}/${insurer.Id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await listed(insurer.Id)).toBeUndefined();
    expect(await app.ctx.db.selectFrom('insurer_keys').select('kid').where('kid', '=', key.Kid).executeTakeFirst()).toBeUndefined();
    // Its key is unknown now: the link is refused like any unknown kid.
    expect((await enter(key)).response.status).toBe(401);
    expect((await admin.request('DELETE', `${api()}/${insurer.Id}`)).status).toBe(404);
    const entries = await auditOf(insurer.Id);
    expect(entries.map((entry) => entry.action)).toEqual(['insurer.created', 'insurer.key.created', 'insurer.deleted']);
    expect(entries[2]).toMatchObject({ target_label: insurer.Name, actor_id: app.lawyers[0]!.id });
    expect(JSON.parse(entries[2]!.details)).toEqual({ deletedKeys: key.Kid });

    // An ended insurer that was never used can be deleted too.
    const endedUnused = await createInsurer(unique('Versehen beendet'));
    expect((await admin.post(`${api()}/${endedUnused.Id}/end`)).status).toBe(200);
    expect((await admin.request('DELETE', `${api()}/${endedUnused.Id}`)).status).toBe(204);
  });

  it('should list an insurer as Deletable only while its deletion would succeed: no used key, no customer, no case', async () => {
    const fresh = await createInsurer(unique('Frisch'));
    expect(fresh.Deletable).toBe(true);
    const key = await createKey(fresh.Id);
    expect(await listed(fresh.Id)).toMatchObject({ Deletable: true });
    expect((await enter(key)).response.status).toBe(200);
    expect(await listed(fresh.Id)).toMatchObject({ Deletable: false });

    // No key at all, but a case (consultations) names it: the list says so, as the deletion's 409 would.
    const withCase = await createInsurer(unique('Nur Fall'));
    await insertFactCases(app.ctx.db, await factParticipant(app.ctx.db), [
      { createdAt: '2025-02-01T09:00:00.000Z', insurerId: withCase.Id, chats: [{ createdAt: '2025-02-01T09:00:00.000Z' }] },
    ]);
    expect(await listed(withCase.Id)).toMatchObject({ Keys: [], Deletable: false });
    expect((await admin.request('DELETE', `${api()}/${withCase.Id}`)).status).toBe(409);
    // Every answer that carries an insurer says it too (here the end's).
    const ended = await admin.post<Insurer>(`${api()}/${withCase.Id}/end`);
    expect(ended.body.Deletable).toBe(false);
  });

  it('should refuse deleting an insurer that was used – a used key, a case, an ended one – with 409 pointing to „Zusammenarbeit beenden“', async () => {
    const used = await createInsurer(unique('Genutzt'));
    const key = await createKey(used.Id);
    expect((await enter(key)).response.status).toBe(200);
    const refused = await admin.request<{ Error: string; Message: string }>('DELETE', `${api()}/${used.Id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.Error).toBe('Conflict');
    expect(refused.body.Message).toBe(
      'Dieser Versicherer kann nicht gelöscht werden, weil er bereits genutzt wurde: Einer seiner Schlüssel wurde benutzt, oder es gibt Kundinnen, Kunden oder Fälle zu ihm. Beenden Sie stattdessen die Zusammenarbeit („Zusammenarbeit beenden“): Seine Schlüssel werden widerrufen, seine Fälle und Berichte bleiben erhalten.',
    );
    // Nothing went: not the insurer, not its key (the transaction rolled back), and no audit entry.
    expect(await listed(used.Id)).toMatchObject({ Keys: [{ Kid: key.Kid, RevokedAt: null }] });
    expect((await enter(key)).response.status).toBe(200);
    // Ended: the message does not send the administrator to end it again.
    expect((await admin.post(`${api()}/${used.Id}/end`)).status).toBe(200);
    const endedRefusal = await admin.request<{ Message: string }>('DELETE', `${api()}/${used.Id}`);
    expect(endedRefusal.status).toBe(409);
    expect(endedRefusal.body.Message).toMatch(
      /^Dieser Versicherer kann nicht gelöscht werden, .* Die Zusammenarbeit mit ihm ist beendet; seine Fälle und Berichte bleiben erhalten\.$/,
    );
    expect((await auditOf(used.Id)).map((entry) => entry.action)).not.toContain('insurer.deleted');

    // A case that names it (e.g. kept for the invoice after the person's data was erased), though no key was ever used.
    const withCase = await createInsurer(unique('Mit Fall'));
    const unusedKey = await createKey(withCase.Id);
    await insertFactCases(app.ctx.db, await factParticipant(app.ctx.db), [
      { createdAt: '2025-02-01T09:00:00.000Z', insurerId: withCase.Id, chats: [{ createdAt: '2025-02-01T09:00:00.000Z' }] },
    ]);
    expect((await admin.request('DELETE', `${api()}/${withCase.Id}`)).status).toBe(409);
    expect(await listed(withCase.Id)).toMatchObject({ Keys: [{ Kid: unusedKey.Kid }] });
  });

  it('should never both delete an insurer and let a first login with its key in when both happen at once', async () => {
    for (let round = 0; round < 16; round += 1) {
      const insurer = await createInsurer(unique('Wettlauf'));
      const key = await createKey(insurer.Id);
      // The deletion starts a little later each round, so that it meets the login at each of its steps.
      const [login, deletion] = await Promise.all([
        enter(key),
        new Promise((resolve) => setTimeout(resolve, round)).then(() => admin.request('DELETE', `${api()}/${insurer.Id}`)),
      ]);
      const customers = await app.ctx.db.selectFrom('customers').select('id').where('insurer_id', '=', insurer.Id).execute();
      if (deletion.status === 204) {
        // Deleted: the login was refused and left no customer of an insurer that is gone.
        expect(login.response.status, `round ${round}`).toBe(401);
        expect(customers, `round ${round}`).toHaveLength(0);
      } else {
        expect(deletion.status, `round ${round}`).toBe(409);
        expect(login.response.status, `round ${round}`).toBe(200);
        expect(await listed(insurer.Id), `round ${round}`).toBeDefined();
      }
    }
  });

  it('should refuse a first login whose key was deleted, or revoked by the end, after the login had read it', async () => {
    const insurer = await createInsurer(unique('Gelesen'));
    const key = await createKey(insurer.Id);
    // The login has checked the key (active, never used) …
    expect(await entryKeyOf(deps(), key.Kid)).toMatchObject({ kind: 'active', used: false });
    // … the insurer is deleted before its first use is written: the write finds no key, the login is refused.
    expect((await admin.request('DELETE', `${api()}/${insurer.Id}`)).status).toBe(204);
    expect(await recordFirstEntryKeyUse(deps(), key.Kid)).toBe(false);

    const ending = await createInsurer(unique('Gelesen beendet'));
    const endingKey = await createKey(ending.Id);
    expect(await entryKeyOf(deps(), endingKey.Kid)).toMatchObject({ kind: 'active', used: false });
    expect((await admin.post(`${api()}/${ending.Id}/end`)).status).toBe(200);
    expect(await recordFirstEntryKeyUse(deps(), endingKey.Kid)).toBe(false);

    // Without either, the first use is written and the key counts as used from then on.
    const running = await createKey((await createInsurer(unique('Gelesen läuft'))).Id);
    expect(await recordFirstEntryKeyUse(deps(), running.Kid)).toBe(true);
    expect(await entryKeyOf(deps(), running.Kid)).toMatchObject({ kind: 'active', used: true });
  });

  it('should leave no active key on an ended insurer when a key is made while the collaboration ends', async () => {
    for (let round = 0; round < 6; round += 1) {
      const insurer = await createInsurer(unique('Gleichzeitig'));
      await createKey(insurer.Id);
      const [made, ended] = await Promise.all([admin.post(`${api()}/${insurer.Id}/keys`), admin.post(`${api()}/${insurer.Id}/end`)]);
      expect(ended.status, `round ${round}`).toBe(200);
      expect([201, 409], `round ${round}`).toContain(made.status);
      const keys = (await listed(insurer.Id))?.Keys ?? [];
      expect(
        keys.filter((key) => key.RevokedAt === null),
        `round ${round}`,
      ).toEqual([]);
      expect(keys).toHaveLength(made.status === 201 ? 2 : 1);
    }
  });
});
