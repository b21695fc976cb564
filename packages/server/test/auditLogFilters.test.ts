// The Protokoll's filters from outside, on both engines: GET api/admin/audit narrows by kind of entry, by who acted
// (operator commands included), by a period of Europe/Berlin days and by a text in target or details, all combined
// with the `before` paging; every filter it cannot apply exactly is refused with a German 400; kind and actor are read
// through an index.
import type { AuditLogPage } from '@rechtschat/core';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntriesQuery, insertAuditEntry } from '../src/features/admin/auditLogQueries.js';
import { newSortableId } from '../src/platform/ids.js';
import { connectLawyer, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('audit log filters on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: Participant;
  const url = (path: string) => `${app.chatUrl}${path}`;
  const ids = new Map<string, string>();

  /** Stores an entry as recordAdminAction would, at `at`; `name` is how the test refers to it. */
  const entry = async (name: string, at: string, over: { action: string; actor: 'anna' | 'markus' | 'server'; label?: string; details?: object }) => {
    const actor = over.actor === 'server' ? null : app.lawyers[over.actor === 'anna' ? 0 : 1]!;
    const id = newSortableId(new Date(at));
    ids.set(id, name);
    await insertAuditEntry(app.ctx.db, {
      id,
      at,
      actor_id: actor?.id ?? null,
      actor_name: actor?.name ?? 'Server-Befehl',
      action: over.action,
      target_kind: 'lawyer',
      target_id: `target-${name}`,
      target_label: over.label ?? null,
      details: JSON.stringify(over.details ?? {}),
      ip: null,
    });
  };
  const names = (page: AuditLogPage) => page.Entries.map((e) => ids.get(e.Id) ?? e.Id);
  const get = (query: string) => admin.http.get<AuditLogPage & { Error: string; Message: string }>(url(`/api/admin/audit?${query}`));

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = await connectLawyer(app, 0);
    // 30 Nov 22:59 UTC is 23:59 in Berlin (still 30 Nov); 23:30 UTC is already 1 Dec 00:30 in Berlin.
    await entry('invite-nov', '2026-11-10T09:00:00.000Z', { action: 'lawyer.invited', actor: 'anna', details: { role: 'lawyer' } });
    await entry('role-nov', '2026-11-30T22:59:00.000Z', { action: 'lawyer.role.changed', actor: 'markus', label: 'Bernd Müller' });
    await entry('invite-dec', '2026-11-30T23:30:00.000Z', { action: 'lawyer.invited', actor: 'markus', label: '100% sicher' });
    await entry('cli-dec', '2026-12-02T08:00:00.000Z', { action: 'lawyer.admin.created', actor: 'server', label: 'Clara Vogt' });
    await entry('invite-dec2', '2026-12-03T08:00:00.000Z', { action: 'lawyer.invited', actor: 'anna', details: { email: 'neu@kanzlei-mueller.de' } });
  }, 30_000);
  afterAll(async () => {
    await admin?.hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should list only the entries of the chosen kind, paging within the filter', async () => {
    const first = await get('action=lawyer.invited&limit=2');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['invite-dec2', 'invite-dec']);
    const second = await get(`action=lawyer.invited&limit=2&before=${first.body.NextBefore}`);
    expect(names(second.body)).toEqual(['invite-nov']);
    expect(second.body.NextBefore).toBeNull();
  });

  it('should list only what the chosen person did, and the operator commands as actor "server"', async () => {
    expect(names((await get(`actor=${app.lawyers[1]!.id}`)).body)).toEqual(['invite-dec', 'role-nov']);
    expect(names((await get('actor=server')).body)).toEqual(['cli-dec']);
  });

  it('should read the period as Europe/Berlin calendar days, both inclusive, from and to alone as open ends', async () => {
    expect(names((await get('from=2026-12-01&to=2026-12-01')).body)).toEqual(['invite-dec']);
    expect(names((await get('from=2026-11-30&to=2026-11-30')).body)).toEqual(['role-nov']);
    expect(names((await get('to=2026-11-30')).body)).toEqual(['role-nov', 'invite-nov']);
    expect(names((await get('from=2026-12-02')).body)).toEqual(['invite-dec2', 'cli-dec']);
  });

  it('should find a text in the target or the details, ignoring case and taking % and _ literally', async () => {
    expect(names((await get(`q=${encodeURIComponent('MÜLLER')}`)).body)).toEqual(['role-nov']);
    expect(names((await get(`q=${encodeURIComponent('müller')}`)).body)).toEqual(['role-nov']);
    expect(names((await get(`q=${encodeURIComponent('BERND')}`)).body)).toEqual(['role-nov']);
    expect(names((await get(`q=${encodeURIComponent('KANZLEI-MUELLER')}`)).body)).toEqual(['invite-dec2']);
    expect(names((await get(`q=${encodeURIComponent('100%')}`)).body)).toEqual(['invite-dec']);
    expect(names((await get(`q=${encodeURIComponent('%')}`)).body)).toEqual(['invite-dec']);
    expect(names((await get('q=_')).body)).toEqual([]);
  });

  it('should combine every filter given with AND and treat an empty value as no filter', async () => {
    const page = await get(`action=lawyer.invited&actor=${app.lawyers[0]!.id}&from=2026-12-01&to=2026-12-31&q=neu&limit=1`);
    expect(names(page.body)).toEqual(['invite-dec2']);
    expect(page.body.NextBefore).toBeNull();
    expect(names((await get('action=&actor=&from=&to=&q=%20')).body)).toHaveLength(5);
  });

  it('should refuse a filter it cannot apply with a German message in the error shape', async () => {
    const refusals: Array<[string, RegExp]> = [
      ['action=lawyer.unknown', /Diese Art von Eintrag gibt es im Protokoll nicht/],
      ['actor=niemand', /Diese Person gibt es nicht/],
      ['from=01.12.2026', /Datum JJJJ-MM-TT/],
      ['to=2026-02-30', /Datum JJJJ-MM-TT/],
      ['from=2026-12-02&to=2026-12-01', /Das Ende des Zeitraums liegt vor seinem Beginn/],
      [`q=${'a'.repeat(101)}`, /höchstens 100 Zeichen/],
      [`q=${encodeURIComponent('a\u202Eb')}`, /unsichtbare Zeichen/],
      ['action=lawyer.invited&action=lawyer.deactivated', /nur einmal/],
      ['aktion=lawyer.invited', /Den Parameter „aktion“ gibt es nicht/],
    ];
    for (const [query, message] of refusals) {
      const page = await get(query);
      expect({ query, status: page.status, error: page.body.Error, message: page.body.Message }).toEqual({
        query,
        status: 400,
        error: 'BadRequest',
        message: expect.stringMatching(message),
      });
    }
  });

  it('should read a page of one kind or one person through an index, not by scanning the log', async () => {
    const plan = async (query: Parameters<typeof auditEntriesQuery>[1]) => {
      const compiled = auditEntriesQuery(app.ctx.db, query).compile();
      return app.ctx.db.connection().execute(async (connection) => {
        // A test table is tiny: PostgreSQL would scan it anyway unless told that scanning is dear.
        if (engine === 'postgres') await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
        const explain = engine === 'postgres' ? 'explain ' : 'explain query plan ';
        const rows = await connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]));
        if (engine === 'postgres') await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
        return rows.rows.map((row) => Object.values(row).join(' ')).join('\n');
      });
    };
    expect(await plan({ limit: 51, action: 'lawyer.invited' })).toMatch(/admin_audit_log_action_id/);
    expect(await plan({ limit: 51, actorId: app.lawyers[0]!.id, before: 'f'.repeat(18) })).toMatch(/admin_audit_log_actor_id/);
  });
});
