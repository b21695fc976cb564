// Insurers as tenants (issue "Run the firm", point 3): an administrator manages insurers and their entry-token keys;
// entry tokens name their key by `kid`; cases record their insurer; the same insurance number at two insurers is two
// people; every refused chat link is logged with its reason while the client always gets the same 401. Each key shows
// when it was last used (an accepted token), written at most about once a minute per key.
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveChatEntry, CurrentUser, Insurer, InsurerList, IssuedInsurerKey, QueueEntry, ReportFilters, TeamMember } from '@rechtschat/core';
import { signEntryToken } from '../src/features/product/entryToken.js';
import { listAdminActions } from '../src/features/admin/auditLog.js';
import { touchInsurerKeyUse } from '../src/features/insurers/insurerQueries.js';
import { createInsurerAs, createKeyAs, signInAdminAndLawyer } from './support/adminSignIn.js';
import { CookieClient } from './support/cookieClient.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { startRequest } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const DEFAULT_SECRET = TEST_ENTRY_TOKEN_SECRET;
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(['sqlite', 'postgres'] as const)('insurers and their entry-token keys on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  const admin = new CookieClient();
  const lawyer = new CookieClient();
  const api = () => `${app.chatUrl}/api/admin/insurers`;
  const nowS = () => Math.floor(Date.now() / 1000);
  const token = (secret: string, kid: string | undefined, number = 'VN-2026-1', jti: string = crypto.randomUUID()) =>
    signEntryToken(secret, { number, exp: nowS() + 300, jti }, kid);
  const enter = async (value: string) => {
    const client = new CookieClient();
    const response = await client.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: b64(value),
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    return { client, response };
  };
  const createInsurer = (Name: string, DisplayName: string | null = null) => createInsurerAs(app, admin, Name, DisplayName);
  const createKey = (insurerId: string) => createKeyAs(app, admin, insurerId);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({
      logger: pino({ level: 'info' }, sink),
      env: { ENTRY_TOKEN_SECRET: DEFAULT_SECRET, SESSION_SECRET: TEST_SESSION_SECRET, ...(schema ? { DATABASE_URL: schema.url } : {}) },
    });
    await signInAdminAndLawyer(app, admin, lawyer);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse every insurer route without a session (401) and to a lawyer who is not an administrator (403)', async () => {
    const insurer = await createInsurer(`Refused ${engine}`);
    const key = await createKey(insurer.Id);
    const routes: [string, string, unknown?][] = [
      ['GET', api()],
      ['POST', api(), { Name: 'X', DisplayName: null }],
      ['PUT', `${api()}/${insurer.Id}`, { Name: 'X', DisplayName: null }],
      ['POST', `${api()}/${insurer.Id}/keys`],
      ['POST', `${api()}/${insurer.Id}/keys/${key.Kid}/revoke`],
    ];
    for (const [method, url, body] of routes) {
      expect((await new CookieClient().request(method, url, body)).status, `${method} ${url} without session`).toBe(401);
      const refused = await lawyer.request(method, url, body);
      expect(refused.status, `${method} ${url} as lawyer`).toBe(403);
      expect(refused.body).toMatchObject({ Error: 'Forbidden' });
    }
    const [after] = (await admin.get<InsurerList>(api())).body.filter((row) => row.Id === insurer.Id);
    expect(after).toMatchObject({ Name: `Refused ${engine}`, Keys: [{ Kid: key.Kid, RevokedAt: null }] });
  });

  it('should create, list and rename insurers and audit every change; keys are listed without their secret', async () => {
    const insurer = await createInsurer(`Allianz ${engine}`, '  ');
    expect(insurer).toMatchObject({ Name: `Allianz ${engine}`, DisplayName: null, Keys: [] });
    const renamed = await admin.put<Insurer>(`${api()}/${insurer.Id}`, { Name: `Allianz Rechtsschutz ${engine}`, DisplayName: 'Allianz' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ Name: `Allianz Rechtsschutz ${engine}`, DisplayName: 'Allianz' });
    // Saved again unchanged (a blank display name is none): the same insurer, and no „Versicherer geändert“ in the Protokoll.
    const unchanged = await admin.put<Insurer>(`${api()}/${insurer.Id}`, { Name: `Allianz Rechtsschutz ${engine}`, DisplayName: ' Allianz ' });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ Name: `Allianz Rechtsschutz ${engine}`, DisplayName: 'Allianz' });
    const key = await createKey(insurer.Id);
    expect(key).toMatchObject({ InsurerId: insurer.Id, Algorithm: 'HS256' });
    expect(key.Secret.length).toBeGreaterThanOrEqual(43);
    const list = await admin.get<InsurerList>(api());
    expect(list.text).not.toContain(key.Secret);
    expect(list.body.find((row) => row.Id === insurer.Id)?.Keys).toEqual([{ Kid: key.Kid, CreatedAt: key.CreatedAt, RevokedAt: null, LastUsedAt: null }]);
    const stored = await app.ctx.db.selectFrom('insurer_keys').select('secret_enc').where('kid', '=', key.Kid).executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(key.Secret);
    expect((await admin.post(`${api()}/${insurer.Id}/keys/${key.Kid}/revoke`)).status).toBe(200);
    expect((await admin.post(`${api()}/${insurer.Id}/keys/${key.Kid}/revoke`)).status).toBe(409);

    const actions = (await listAdminActions(app.ctx.db, { limit: 100 })).filter((entry) => entry.target_id === insurer.Id);
    expect(actions.map((entry) => entry.action).reverse()).toEqual(['insurer.created', 'insurer.updated', 'insurer.key.created', 'insurer.key.revoked']);
    expect(actions.every((entry) => entry.actor_id === app.lawyers[0]!.id)).toBe(true);
    expect(JSON.stringify(actions)).not.toContain(key.Secret);
    expect(log).not.toContain(key.Secret);
  });

  it('should list insurers and lawyers in German order on both engines: Ä with A, upper and lower case together, Nr. 2 before Nr. 10', async () => {
    const names = [
      'Zurich Rechtsschutz',
      'Ärzte-Rechtsschutz',
      'allrecht Versicherung',
      'Versicherung Nr. 10',
      'Versicherung Nr. 2',
      'Öffentliche Rechtsschutz',
    ].map((name) => `${name} (Reihenfolge ${engine})`);
    for (const name of names) await createInsurer(name);
    const expected = [
      'allrecht Versicherung',
      'Ärzte-Rechtsschutz',
      'Öffentliche Rechtsschutz',
      'Versicherung Nr. 2',
      'Versicherung Nr. 10',
      'Zurich Rechtsschutz',
    ].map((name) => `${name} (Reihenfolge ${engine})`);
    const ours = (listed: readonly string[]) => listed.filter((name) => name.endsWith(`(Reihenfolge ${engine})`));
    // The insurers' screen and the reports' insurer filter.
    expect(ours((await admin.get<InsurerList>(api())).body.map((row) => row.Name))).toEqual(expected);
    expect(ours((await admin.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`)).body.Insurers.map((row) => row.Name))).toEqual(expected);
    // The team table and the reports' lawyer filter: „Änne Ahrens“ among the A, „de Vries“ with the D.
    const markus = app.lawyers[1]!;
    await app.ctx.db.updateTable('lawyers').set({ name: 'de Vries, Markus' }).where('id', '=', markus.id).execute();
    const added = [
      { id: `order-a-${engine}`, name: 'Änne Ahrens' },
      { id: `order-z-${engine}`, name: 'Zoe Zander' },
      { id: `order-b-${engine}`, name: 'Bernd Brandt' },
    ];
    for (const lawyer of added)
      await app.ctx.db
        .insertInto('lawyers')
        .values({
          ...(await app.ctx.db.selectFrom('lawyers').selectAll().where('id', '=', markus.id).executeTakeFirstOrThrow()),
          ...lawyer,
          email: `${lawyer.id}@test.example`,
        })
        .execute();
    const team = (await admin.get<TeamMember[]>(`${app.chatUrl}/api/admin/lawyers`)).body.map((member) => member.Name);
    const inOrder = ['Änne Ahrens', 'Bernd Brandt', 'de Vries, Markus', 'Zoe Zander'];
    expect(team.filter((name) => inOrder.includes(name))).toEqual(inOrder);
    const filterLawyers = (await admin.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`)).body.Lawyers.map((row) => row.Name);
    expect(filterLawyers.filter((name) => inOrder.includes(name))).toEqual(inOrder);
    await app.ctx.db
      .deleteFrom('lawyers')
      .where(
        'id',
        'in',
        added.map((lawyer) => lawyer.id),
      )
      .execute();
    await app.ctx.db.updateTable('lawyers').set({ name: markus.name }).where('id', '=', markus.id).execute();
  });

  it('should write into the audit log only what a change of an insurer changed', async () => {
    const insurer = await createInsurer(`Roland ${engine}`);
    expect((await admin.put(`${api()}/${insurer.Id}`, { Name: `Roland ${engine}`, DisplayName: 'Roland' })).status).toBe(200);
    expect((await admin.put(`${api()}/${insurer.Id}`, { Name: `Roland Rechtsschutz ${engine}`, DisplayName: 'Roland' })).status).toBe(200);
    const updates = (await listAdminActions(app.ctx.db, { limit: 100 }))
      .filter((entry) => entry.target_id === insurer.Id && entry.action === 'insurer.updated')
      .reverse();
    expect(updates.map((entry) => [entry.target_label, JSON.parse(entry.details ?? 'null')])).toEqual([
      [`Roland ${engine}`, { previousDisplayName: null, displayName: 'Roland' }],
      [`Roland Rechtsschutz ${engine}`, { previousName: `Roland ${engine}` }],
    ]);
  });

  it('should refuse an empty or over-long name and a second insurer of the same name', async () => {
    expect((await admin.post(api(), { Name: ' ', DisplayName: null })).status).toBe(400);
    // Invisible format characters count as nothing.
    expect((await admin.post(api(), { Name: '\u200B\u2060', DisplayName: null })).status).toBe(400);
    expect((await admin.post(api(), { Name: 'x'.repeat(101), DisplayName: null })).status).toBe(400);
    expect((await admin.post(api(), { Name: 'Ok', DisplayName: 'y'.repeat(61) })).status).toBe(400);
    await createInsurer(`Doppelt ${engine}`);
    expect((await admin.post(api(), { Name: `doppelt ${engine}`, DisplayName: null })).status).toBe(409);
    expect((await admin.post(api(), { Name: `Doppelt\u200B ${engine}`, DisplayName: null })).status).toBe(409);
    const turned = await admin.post<Insurer>(api(), { Name: `Gedreht ${engine}`, DisplayName: '\u202Eztuhcssthcer\u200B' });
    expect(turned.body).toMatchObject({ Name: `Gedreht ${engine}`, DisplayName: 'ztuhcssthcer' });
    expect((await admin.put(`${api()}/nichtda`, { Name: 'Neu', DisplayName: null })).status).toBe(404);
  });

  it('should answer a blank name on creating or renaming with „Bitte geben Sie einen Namen ein.“, not the length message', async () => {
    const renamed = await createInsurer(`Leer ${engine}`);
    const blanks = [' ', '   \t ', '\u200B\u2060'];
    for (const Name of blanks) {
      for (const response of [
        await admin.post<{ Message: string }>(api(), { Name, DisplayName: null }),
        await admin.put<{ Message: string }>(`${api()}/${renamed.Id}`, { Name, DisplayName: null }),
      ]) {
        expect(response.status).toBe(400);
        expect(response.body.Message).toBe('Bitte geben Sie einen Namen ein.');
      }
    }
    const long = await admin.post<{ Message: string }>(api(), { Name: 'x'.repeat(101), DisplayName: null });
    expect(long.body.Message).toBe('Bitte geben Sie einen Namen mit höchstens 100 Zeichen an.');
  });

  it('should let a token signed with a new kid in, refuse the revoked kid, and record the insurer on the case', async () => {
    const insurer = await createInsurer(`Rotation ${engine}`, 'ARAG');
    const oldKey = await createKey(insurer.Id);
    const newKey = await createKey(insurer.Id);
    expect(newKey.Kid).not.toBe(oldKey.Kid);
    expect((await enter(await token(oldKey.Secret, oldKey.Kid, 'VN-ROT'))).response.status).toBe(200);
    expect((await admin.post(`${api()}/${insurer.Id}/keys/${oldKey.Kid}/revoke`)).status).toBe(200);
    expect((await enter(await token(oldKey.Secret, oldKey.Kid, 'VN-ROT'))).response.status).toBe(401);

    log = '';
    const { client, response } = await enter(await token(newKey.Secret, newKey.Kid, 'VN-ROT'));
    expect(response.status).toBe(200);
    // The operator follows a rotation by the kid of each sign-in (never the number).
    const signIns = log.split('\n').filter((line) => line.includes('"customer-login"'));
    expect(signIns.map((line) => (JSON.parse(line) as { kid: string }).kid)).toEqual([newKey.Kid]);
    expect(log).not.toContain('VN-ROT');
    expect(response.body).toMatchObject({ Role: 'participant', InsurerName: 'ARAG' });
    expect((await client.get<CurrentUser>(`${app.webUrl}/api/authentication/whoami`)).body).toMatchObject({ InsurerName: 'ARAG' });
    const ticket = await client.get<string>(`${app.webUrl}/api/chat/session`);
    expect((await client.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);
    const hub = await connectHub(app.chatUrl, client, { role: 'participant' });
    try {
      const started = await hub.connection.invoke<{ CaseId: string; ChatId: string }>('StartChat', startRequest());
      const row = await app.ctx.db.selectFrom('cases').select('insurer_id').where('id', '=', started.CaseId).executeTakeFirstOrThrow();
      expect(row.insurer_id).toBe(insurer.Id);
      // The lawyers see which insurer the client came through, by its administration name, in the queue and the chat.
      const queue = await lawyer.get<QueueEntry[]>(`${app.chatUrl}/api/lawyer/queue`);
      expect(queue.body.find((entry) => entry.ChatId === started.ChatId)?.InsurerName).toBe(`Rotation ${engine}`);
      const lawyerHub = await connectHub(app.chatUrl, lawyer, { role: 'lawyer' });
      try {
        await lawyerHub.connection.invoke('AcceptChat', started.ChatId);
        const chats = await lawyer.get<ActiveChatEntry[]>(`${app.chatUrl}/api/lawyer/chats`);
        expect(chats.body.find((chat) => chat.ChatId === started.ChatId)?.InsurerName).toBe(`Rotation ${engine}`);
      } finally {
        await lawyerHub.stop();
      }
    } finally {
      await hub.stop();
    }
  });

  it("should end the web and chat sessions a revoked key opened, close their chats and refuse their tickets, and keep the other keys' clients", async () => {
    const insurer = await createInsurer(`Stolen ${engine}`);
    const stolen = await createKey(insurer.Id);
    const spare = await createKey(insurer.Id);
    const signInToChat = async (key: IssuedInsurerKey, number: string) => {
      const { client, response } = await enter(await token(key.Secret, key.Kid, number));
      expect(response.status).toBe(200);
      const ticket = await client.get<string>(`${app.webUrl}/api/chat/session`);
      expect((await client.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);
      const hub = await connectHub(app.chatUrl, client, { role: 'participant' });
      let closedWith: Error | undefined | null = null;
      hub.connection.onclose((error) => (closedWith = error));
      await hub.connection.invoke('StartChat', startRequest());
      return { client, hub, closed: () => closedWith };
    };
    const victim = await signInToChat(stolen, 'VN-STOLEN');
    const bystander = await signInToChat(spare, 'VN-SPARE');
    // A ticket the thief asked for before the revocation but has not redeemed yet.
    const pendingTicket = (await victim.client.get<string>(`${app.webUrl}/api/chat/session`)).text;
    try {
      expect((await admin.post(`${api()}/${insurer.Id}/keys/${stolen.Kid}/revoke`)).status).toBe(200);

      // whoami answers null for nobody signed in.
      expect((await victim.client.get<CurrentUser | null>(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
      expect((await victim.client.get(`${app.webUrl}/api/chat/session`)).status).toBe(401);
      expect((await new CookieClient().post(`${app.chatUrl}/api/login`, { Value: pendingTicket })).status).toBe(401);
      await waitUntil(() => (victim.closed() !== null ? true : undefined), 'the hub connection opened with the revoked key to close', 3000);
      expect(String(victim.closed())).toMatch(/nicht mehr gültig/);

      expect((await bystander.client.get<CurrentUser | null>(`${app.webUrl}/api/authentication/whoami`)).body).toMatchObject({ Role: 'participant' });
      expect(bystander.closed()).toBeNull();
      expect(bystander.hub.connection.state).toBe('Connected');
      const entry = (await listAdminActions(app.ctx.db, { limit: 100 })).find(
        (row) => row.action === 'insurer.key.revoked' && row.details.includes(stolen.Kid),
      );
      expect(JSON.parse(entry!.details)).toEqual({ kid: stolen.Kid, endedSessions: 2 });
    } finally {
      await victim.hub.stop();
      await bystander.hub.stop();
    }
  });

  it('should keep ENTRY_TOKEN_SECRET as the single-insurer default: a token without kid opens a case without insurer', async () => {
    const { client, response } = await enter(await token(DEFAULT_SECRET, undefined, 'VN-DEFAULT'));
    expect(response.status).toBe(200);
    expect(response.body.InsurerName).toBeUndefined();
    const ticket = await client.get<string>(`${app.webUrl}/api/chat/session`);
    expect((await client.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);
    const hub = await connectHub(app.chatUrl, client, { role: 'participant' });
    try {
      const started = await hub.connection.invoke<{ CaseId: string }>('StartChat', startRequest());
      const row = await app.ctx.db.selectFrom('cases').select('insurer_id').where('id', '=', started.CaseId).executeTakeFirstOrThrow();
      expect(row.insurer_id).toBeNull();
    } finally {
      await hub.stop();
    }
  });

  it('should make the same insurance number at two insurers (and the default) three different people', async () => {
    const first = await createKey((await createInsurer(`Erste ${engine}`)).Id);
    const second = await createKey((await createInsurer(`Zweite ${engine}`)).Id);
    const ids: string[] = [];
    for (const [secret, kid] of [
      [first.Secret, first.Kid],
      [second.Secret, second.Kid],
      [DEFAULT_SECRET, undefined],
      [first.Secret, first.Kid],
    ] as const) {
      const { response } = await enter(await token(secret, kid, 'VN 4711/SAME'));
      expect(response.status).toBe(200);
      ids.push(response.body.Id);
    }
    expect(new Set(ids.slice(0, 3)).size).toBe(3);
    expect(ids[3]).toBe(ids[0]);
    const customers = await app.ctx.db
      .selectFrom('participants')
      .innerJoin('customers', 'customers.id', 'participants.customer_id')
      .select(['participants.id', 'customers.insurer_id'])
      .where('participants.id', 'in', ids)
      .execute();
    expect(customers.find((row) => row.id === ids[0])?.insurer_id).toBe(first.InsurerId);
    expect(customers.find((row) => row.id === ids[1])?.insurer_id).toBe(second.InsurerId);
    expect(customers.find((row) => row.id === ids[2])?.insurer_id).toBeNull();
  });

  it('should log every refused token with its reason, count it, and answer all of them with the same 401 body', async () => {
    const insurer = await createInsurer(`Ablehnung ${engine}`);
    const key = await createKey(insurer.Id);
    const revoked = await createKey(insurer.Id);
    expect((await admin.post(`${api()}/${insurer.Id}/keys/${revoked.Kid}/revoke`)).status).toBe(200);
    const replayed = await token(key.Secret, key.Kid, 'VN-REPLAY');
    expect((await enter(replayed)).response.status).toBe(200);
    const claims = (exp: number) => ({ number: 'VN-REFUSED', exp, jti: crypto.randomUUID() });
    const hs512 = (() => {
      const header = Buffer.from(JSON.stringify({ alg: 'HS512', kid: key.Kid })).toString('base64url');
      const body = Buffer.from(JSON.stringify({ sub: 'VN-REFUSED', exp: nowS() + 60, jti: crypto.randomUUID() })).toString('base64url');
      return `${header}.${body}.${crypto.createHmac('sha512', key.Secret).update(`${header}.${body}`).digest('base64url')}`;
    })();
    const cases: [string, string][] = [
      ['malformed', 'bm8taGVhZGVyLWF0LWFsbA.bm8tY2xhaW1z.c2lnbmF0dXJlLXdpdGhvdXQta2V5'],
      ['signature', await signEntryToken('f'.repeat(43), claims(nowS() + 60), key.Kid)],
      ['algorithm', hs512],
      ['expired', await signEntryToken(key.Secret, claims(nowS() - 3600), key.Kid)],
      ['lifetime', await signEntryToken(key.Secret, claims(nowS() + 3600), key.Kid)],
      ['unknownKid', await signEntryToken(key.Secret, claims(nowS() + 60), 'k-nobody')],
      ['revokedKey', await signEntryToken(revoked.Secret, claims(nowS() + 60), revoked.Kid)],
      ['replay', replayed],
    ];
    const bodies = new Set<string>();
    for (const [reason, value] of cases) {
      log = '';
      const { response } = await enter(value);
      expect(response.status, reason).toBe(401);
      bodies.add(response.text);
      const entries = log
        .split('\n')
        .filter((line) => line.includes('customer-login-failed'))
        .map((line) => JSON.parse(line) as { reason?: string; kid?: string | null });
      expect(
        entries.map((entry) => entry.reason),
        reason,
      ).toEqual([reason]);
      expect(log, reason).not.toContain(value);
      expect(log, reason).not.toContain('VN-REFUSED');
      expect(log, reason).not.toContain('VN-REPLAY');
    }
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({ Error: 'NotAuthenticated', Message: 'Der Zugangslink ist ungültig oder abgelaufen.' });
    const metrics = (await new CookieClient().get<string>(`${app.webUrl}/metrics`)).text;
    for (const [reason] of cases) expect(metrics).toMatch(new RegExp(`rechtschat_entry_token_rejections_total\\{reason="${reason}"\\} [1-9]`));
  });
});

describe.each(['sqlite', 'postgres'] as const)('the last use of an insurer key on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const admin = new CookieClient();
  const api = () => `${app.chatUrl}/api/admin/insurers`;
  const enter = async (secret: string, kid: string) => {
    const value = await signEntryToken(
      secret,
      { number: `VN-USE-${engine}`, exp: Math.floor(clock.now().getTime() / 1000) + 300, jti: crypto.randomUUID() },
      kid,
    );
    return (
      await new CookieClient().post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
        InsuranceNumber: b64(value),
        AgreedPrivacy: true,
        AgreedTermsOfService: true,
      })
    ).status;
  };
  const keysOf = async (insurerId: string) => {
    const list = await admin.get<InsurerList>(api());
    expect(list.status).toBe(200);
    return Object.fromEntries((list.body.find((row) => row.Id === insurerId)?.Keys ?? []).map((key) => [key.Kid, key.LastUsedAt]));
  };
  const storedLastUse = async (kid: string) =>
    (await app.ctx.db.selectFrom('insurer_keys').select('last_used_at').where('kid', '=', kid).executeTakeFirstOrThrow()).last_used_at;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, env: { SESSION_SECRET: TEST_SESSION_SECRET, ...(schema ? { DATABASE_URL: schema.url } : {}) } });
    const [first] = app.lawyers;
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', first!.id).execute();
    expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: first!.email, Password: first!.password })).status).toBe(200);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should show when a key last signed an accepted token, writing it at most about once a minute, and never for a refused one', async () => {
    const insurer = (await admin.post<Insurer>(api(), { Name: `Benutzung ${engine}`, DisplayName: null })).body;
    const used = (await admin.post<IssuedInsurerKey>(`${api()}/${insurer.Id}/keys`)).body;
    const spare = (await admin.post<IssuedInsurerKey>(`${api()}/${insurer.Id}/keys`)).body;
    expect(await keysOf(insurer.Id)).toEqual({ [used.Kid]: null, [spare.Kid]: null });

    const before = clock.now().toISOString();
    expect(await enter(used.Secret, used.Kid)).toBe(200);
    const first = (await keysOf(insurer.Id))[used.Kid];
    expect(first).not.toBeNull();
    expect(first! >= before && first! <= clock.now().toISOString()).toBe(true);

    // Within the minute: the logins are let in, but the stored time stays (no write per request under load).
    offset += 20_000;
    for (let i = 0; i < 3; i += 1) expect(await enter(used.Secret, used.Kid)).toBe(200);
    expect((await keysOf(insurer.Id))[used.Kid]).toBe(first);

    // A minute later the next use is written.
    offset += 45_000;
    const later = clock.now().toISOString();
    expect(await enter(used.Secret, used.Kid)).toBe(200);
    const second = (await keysOf(insurer.Id))[used.Kid];
    expect(second! >= later).toBe(true);

    // A token that is refused (a wrong secret with the spare key's kid, then the revoked key) is no use of the key.
    expect(await enter(used.Secret, spare.Kid)).toBe(401);
    expect((await keysOf(insurer.Id))[spare.Kid]).toBeNull();
    expect((await admin.post(`${api()}/${insurer.Id}/keys/${used.Kid}/revoke`)).status).toBe(200);
    offset += 120_000;
    expect(await enter(used.Secret, used.Kid)).toBe(401);
    expect(await keysOf(insurer.Id)).toEqual({ [used.Kid]: second, [spare.Kid]: null });
  });

  it('should never set the last use back in time, e.g. when another instance writes a use it saw earlier', async () => {
    const insurer = (await admin.post<Insurer>(api(), { Name: `Zwei Instanzen ${engine}`, DisplayName: null })).body;
    const key = (await admin.post<IssuedInsurerKey>(`${api()}/${insurer.Id}/keys`)).body;
    expect(await enter(key.Secret, key.Kid)).toBe(200);
    const stored = await storedLastUse(key.Kid);
    const now = clock.now().getTime();
    await touchInsurerKeyUse(app.ctx.db, key.Kid, new Date(now - 30_000).toISOString(), new Date(now - 90_000).toISOString());
    expect(await storedLastUse(key.Kid)).toBe(stored);
  });
});

describe('refused chat links in production', () => {
  let app: TestApp;
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });

  beforeAll(async () => {
    app = await startTestApp({
      logger: pino({ level: 'info' }, sink),
      env: { NODE_ENV: 'production', ENTRY_TOKEN_SECRET: DEFAULT_SECRET, SESSION_SECRET: TEST_SESSION_SECRET },
    });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should log a bare insurance number as unsigned and answer it with the same body as a forged token', async () => {
    const enter = (value: string) =>
      new CookieClient().post(`${app.webUrl}/api/authentication/customer`, { InsuranceNumber: b64(value), AgreedPrivacy: true, AgreedTermsOfService: true });
    const bare = await enter('VN-BARE-4711');
    const reasons = () =>
      log
        .split('\n')
        .filter((line) => line.includes('customer-login-failed'))
        .map((line) => (JSON.parse(line) as { reason: string }).reason);
    expect(bare.status).toBe(401);
    expect(reasons()).toEqual(['unsigned']);
    const forged = await enter(
      await signEntryToken('x'.repeat(40), { number: 'VN-BARE-4711', exp: Math.floor(Date.now() / 1000) + 60, jti: crypto.randomUUID() }),
    );
    expect(reasons()).toEqual(['unsigned', 'signature']);
    expect(forged.text).toBe(bare.text);
    expect(log).not.toContain('VN-BARE-4711');
  });
});
