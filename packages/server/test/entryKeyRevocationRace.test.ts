// A login in the moment an insurer key is revoked (found from outside, 2026-12-07, second pass): the customer login
// checks the entry key at its start and stored the session at its end, the chat host's login stored the chat session
// after redeeming a ticket the key's web session had asked for. A revocation – which deletes the key's sessions and
// tickets in its commit – that came in between left a session under the revoked key open for up to 12 hours (100
// logins while the key was revoked: one of them stayed signed in). Sessions are now kept only when the key is still
// valid after they were stored (features/insurers/keyUse.ts › openEntrySession).
//
// Made deterministic on PostgreSQL: the test holds, on its own connection, what the login writes between its key
// check and its session – the token's jti, or the chat ticket's row – and revokes the key while the login waits for
// it; then it lets go. SQLite has no second connection to hold a row with; its one connection runs the revocation's
// transaction alone, between the login's statements, which is the same order as here.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, IssuedInsurerKey } from '@rechtschat/core';
import { signEntryToken } from '../src/features/product/entryToken.js';
import { createInsurerAs, createKeyAs, signInAdminAndLawyer } from './support/adminSignIn.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

/** Polls `condition` until it holds; fails after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('a login in the moment its insurer key is revoked on postgres', () => {
  let app: TestApp;
  let schema: TestSchema;
  let holder: pg.Client;
  let holderPid: number;
  const admin = new CookieClient();
  const lawyer = new CookieClient();
  let counter = 0;

  /** How many of the app's connections wait for the test's connection, directly or behind another waiting one. */
  const waitingForHolder = async () => {
    const waiting = await holder.query<{ n: string }>(
      `with recursive w(pid) as (
         select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))
         union select a.pid from pg_stat_activity a join w on w.pid = any(pg_blocking_pids(a.pid))
       ) select count(*) as n from w`,
      [holderPid],
    );
    return Number(waiting.rows[0]?.n ?? 0);
  };

  const usedKey = async (): Promise<{ insurerId: string; key: IssuedInsurerKey }> => {
    counter += 1;
    const insurer = await createInsurerAs(app, admin, `Widerruf im Anmelden ${counter}`);
    const key = await createKeyAs(app, admin, insurer.Id);
    // Used once before: the race is about a key that has signed clients in (its first use is guarded on its own).
    expect((await enter(key, crypto.randomUUID())).response.status).toBe(200);
    return { insurerId: insurer.Id, key };
  };

  const enter = async (key: IssuedInsurerKey, jti: string) => {
    const client = new CookieClient();
    const value = await signEntryToken(key.Secret, { number: `VN-${crypto.randomUUID().slice(0, 8)}`, exp: Math.floor(Date.now() / 1000) + 300, jti }, key.Kid);
    const response = await client.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: b64(value),
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    return { client, response };
  };

  const revoke = (insurerId: string, kid: string) => admin.post(`${app.chatUrl}/api/admin/insurers/${insurerId}/keys/${kid}/revoke`);

  beforeAll(async () => {
    schema = await createTestSchema();
    app = await startTestApp({
      env: { ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET, SESSION_SECRET: TEST_SESSION_SECRET, DATABASE_URL: schema.url },
    });
    await signInAdminAndLawyer(app, admin, lawyer);
    holder = new pg.Client({ connectionString: schema.url });
    await holder.connect();
    holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? -1;
  });

  afterAll(async () => {
    await holder?.end();
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse a customer login whose key was revoked after the login had checked it, and keep no session of it', async () => {
    const { insurerId, key } = await usedKey();
    const jti = crypto.randomUUID();
    // The login has checked the key and waits to record its token's jti, which the test holds.
    await holder.query('begin');
    await holder.query('insert into used_entry_tokens (jti, expires_at) values ($1, $2)', [
      `${insurerId}:${jti}`,
      new Date(Date.now() + 600_000).toISOString(),
    ]);
    const login = enter(key, jti);
    try {
      await until(async () => (await waitingForHolder()) === 1, 'the login to wait for the held jti');
      expect((await revoke(insurerId, key.Kid)).status).toBe(200);
    } finally {
      await holder.query('rollback');
    }
    const { client, response } = await login;
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ Error: 'NotAuthenticated', Message: 'Der Zugangslink ist ungültig oder abgelaufen.' });
    expect((await client.get<CurrentUser | null>(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
    const left = await app.ctx.db.selectFrom('sessions').select('token_hash').where('entry_kid', '=', key.Kid).execute();
    expect(left).toEqual([]);
  });

  it('should refuse a chat login whose ticket was redeemed just before its key was revoked, and keep no chat session of it', async () => {
    const { insurerId, key } = await usedKey();
    const { client, response } = await enter(key, crypto.randomUUID());
    expect(response.status).toBe(200);
    const ticket = (await client.get<string>(`${app.webUrl}/api/chat/session`)).text;
    // The chat host's login waits to redeem the ticket, whose row the test holds; the revocation then waits for it too.
    await holder.query('begin');
    await holder.query('select ticket_hash from login_tickets where entry_kid = $1 for update', [key.Kid]);
    const chatLogin = client.post(`${app.chatUrl}/api/login`, { Value: ticket });
    let revocation: ReturnType<typeof revoke> | undefined;
    try {
      await until(async () => (await waitingForHolder()) === 1, 'the chat login to wait for the held ticket');
      revocation = revoke(insurerId, key.Kid);
      await until(async () => (await waitingForHolder()) === 2, 'the revocation to wait for the held ticket');
    } finally {
      await holder.query('rollback');
    }
    expect((await revocation)?.status).toBe(200);
    expect((await chatLogin).status).toBe(401);
    const left = await app.ctx.db.selectFrom('sessions').select('kind').where('entry_kid', '=', key.Kid).execute();
    expect(left).toEqual([]);
  });
});
