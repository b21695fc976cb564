// The Protokoll's CSV export over HTTP on both engines: GET api/admin/audit.csv gives an administrator the entries that
// pass the list's filters as a file for German Excel (BOM, `;`, Berlin times, German headings, kinds and details,
// quoting, formula cells neutralised), named by its period; a lawyer gets 403, no session 401; a period longer than the bound,
// a missing period and a filter matching too many entries are refused in German; every export is itself audited.
import { AUDIT_EXPORT_MAX_ROWS } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntry } from '../src/features/admin/auditLogQueries.js';
import type { AdminAuditLogTable } from '../src/features/admin/tables.js';
import { newSortableId } from '../src/platform/ids.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const HEADER = 'Zeitpunkt;Wer;Aktion;Aktionscode;Betroffen;Kennung des Betroffenen;Einzelheiten;IP-Adresse';

describe.each(['sqlite', 'postgres'] as const)('audit log CSV export on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: CookieClient;
  let lawyer: CookieClient;
  const anonymous = new CookieClient();
  const anna = () => app.lawyers[0]!.name;
  const url = (query: string) => `${app.chatUrl}/api/admin/audit.csv?${query}`;

  const row = (at: string, over: Partial<AdminAuditLogTable> & { action: string }): AdminAuditLogTable => ({
    id: newSortableId(new Date(at)),
    at,
    actor_id: app.lawyers[0]!.id,
    actor_name: app.lawyers[0]!.name,
    target_kind: 'lawyer',
    target_id: null,
    target_label: null,
    details: '{}',
    ip: '127.0.0.1',
    ...over,
  });
  const login = async (index: number) => {
    const client = new CookieClient();
    const who = app.lawyers[index]!;
    expect((await client.post(`${app.chatUrl}/api/lawyer/login`, { Email: who.email, Password: who.password })).status).toBe(200);
    return client;
  };
  const csvOf = async (response: Response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bom: [...bytes.subarray(0, 3)], lines: bytes.toString('utf8').slice(1).split('\r\n') };
  };
  const exports = () => app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'auditLog.exported').orderBy('id', 'asc').execute();

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = await login(0);
    lawyer = await login(1);
    const markus = app.lawyers[1]!;
    // 30 Nov 22:59:07 UTC is 23:59:07 in Berlin (still November); 23:30 UTC is already 1 December.
    await insertAuditEntry(
      app.ctx.db,
      row('2026-11-30T22:59:07.000Z', { action: 'lawyer.invited', target_id: 'inv-1', target_label: 'neu@kanzlei.de', details: '{"role":"lawyer"}' }),
    );
    await insertAuditEntry(
      app.ctx.db,
      row('2026-11-30T23:30:00.000Z', {
        action: 'lawyer.role.changed',
        actor_id: markus.id,
        actor_name: markus.name,
        target_id: 'l-2',
        target_label: 'Müller; "Bernd"\nJunior',
      }),
    );
    await insertAuditEntry(
      app.ctx.db,
      row('2026-12-02T08:00:00.000Z', {
        action: 'insurer.created',
        actor_id: null,
        actor_name: 'Server-Befehl',
        target_id: 'i-1',
        target_label: '=HYPERLINK("http://evil")',
        ip: null,
      }),
    );
    await insertAuditEntry(
      app.ctx.db,
      row('2026-12-03T08:00:00.000Z', { action: 'lawyer.invited', target_id: 'inv-2', target_label: '@SUMME(A1)', details: '{"role":"admin"}' }),
    );
    // Outside every period asked below.
    await insertAuditEntry(app.ctx.db, row('2026-10-01T08:00:00.000Z', { action: 'lawyer.invited', target_label: 'Oktober' }));
  }, 30_000);
  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should export the period’s entries for German Excel: BOM, semicolons, German headings, Berlin times with seconds, newest first', async () => {
    const response = await admin.raw(url('from=2026-11-30&to=2026-12-31'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Protokoll_2026-11-30_2026-12-31.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { bom, lines } = await csvOf(response);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      HEADER,
      `03.12.2026 09:00:00;${anna()};Eingeladen;lawyer.invited;'@SUMME(A1);inv-2;Rolle: Administration;127.0.0.1`,
      `02.12.2026 09:00:00;Server-Befehl;Versicherer angelegt;insurer.created;"'=HYPERLINK(""http://evil"")";i-1;;`,
      `01.12.2026 00:30:00;${app.lawyers[1]!.name};Rolle geändert;lawyer.role.changed;"Müller; ""Bernd""\nJunior";l-2;;127.0.0.1`,
      `30.11.2026 23:59:07;${anna()};Eingeladen;lawyer.invited;neu@kanzlei.de;inv-1;Rolle: Anwältin/Anwalt;127.0.0.1`,
      '',
    ]);
  });

  it('should write the details in the German words of the console’s Protokoll, never as JSON or "[object Object]"', async () => {
    const details: Array<[string, string]> = [
      ['insurer.key.revoked', '{"kid":"k-123","endedSessions":3}'],
      ['insurer.ended', '{"revokedKeys":"k-b, k-a","endedSessions":0}'],
      // Codes, an instant (Berlin time), yes/no, and the colleague's id left out beside the name.
      ['lawyer.invited', '{"role":"lawyer","expiresAt":"2027-06-04T22:30:00.000Z","mailed":false,"delivery":"outbox"}'],
      ['lawyer.deactivated', '{"reassignedTo":"law-3","reassignedToName":"Clara Vogt","chats":1}'],
      // A label of its own for this kind of entry; calendar days; an invoice of every insurer.
      ['reports.invoice.exported', '{"from":"2027-05-01","to":"2027-05-31","insurer":null,"insurerName":null,"rows":4}'],
      // Keys this version does not know: their name and value, an object as its JSON, a list joined – and a cell that
      // would start with "=" is neutralised as every other.
      ['insurer.updated', '{"=cmd|calc":"x","nested":{"a":1},"list":["RC-1","RC-2"]}'],
      ['lawyer.invitation.withdrawn', '{}'],
    ];
    for (const [index, [action, stored]] of details.entries())
      await insertAuditEntry(
        app.ctx.db,
        row(`2027-06-0${index + 1}T08:00:00.000Z`, { action, details: stored, target_id: `d-${index}`, target_label: 'Ziel', ip: null }),
      );
    const { lines } = await csvOf(await admin.raw(url('from=2027-06-01&to=2027-06-30')));
    // Each line: …;Ziel;d-<n>;<Einzelheiten>; (no IP address) – the details cell between the id and the last separator.
    const detailsById = Object.fromEntries(
      lines.slice(1, -1).map((line) => {
        const [, id = '', cell = ''] = /;Ziel;(d-\d);(.*);$/.exec(line) ?? [];
        return [id, cell];
      }),
    );
    expect(detailsById).toEqual({
      'd-0': '"Schlüssel-ID (kid): k-123; beendete Anmeldungen: 3"',
      'd-1': '"widerrufene Schlüssel: k-b, k-a; beendete Anmeldungen: 0"',
      'd-2': '"Rolle: Anwältin/Anwalt; gültig bis: 05.06.2027, 00:30; E-Mail: nur im Postausgang-Ordner (kein Mailserver eingerichtet)"',
      'd-3': '"übernommen von: Clara Vogt; Chats: 1"',
      'd-4': '"von: 01.05.2027; bis: 31.05.2027; Versicherer: Alle Versicherer; Zeilen: 4"',
      'd-5': `"'=cmd|calc: x; nested: {""a"":1}; list: RC-1, RC-2"`,
      'd-6': '',
    });
    expect(lines.join('\n')).not.toContain('[object Object]');
  });

  it('should hold exactly what the list shows for the same filters: kind, person and text', async () => {
    const byKind = await csvOf(await admin.raw(url('from=2026-11-01&to=2026-12-31&action=lawyer.invited')));
    expect(byKind.lines.slice(1, -1).map((line) => line.split(';')[5])).toEqual(['inv-2', 'inv-1']);
    const byPerson = await csvOf(await admin.raw(url(`from=2026-11-01&to=2026-12-31&actor=${app.lawyers[1]!.id}`)));
    expect(byPerson.lines.slice(1, -1)).toHaveLength(1);
    expect(byPerson.lines[1]).toContain('lawyer.role.changed');
    const byServer = await csvOf(await admin.raw(url('from=2026-11-01&to=2026-12-31&actor=server')));
    expect(byServer.lines.slice(1, -1).map((line) => line.split(';')[3])).toEqual(['insurer.created']);
    const byText = await csvOf(await admin.raw(url(`from=2026-11-01&to=2026-12-31&q=${encodeURIComponent('SUMME')}`)));
    expect(byText.lines.slice(1, -1).map((line) => line.split(';')[5])).toEqual(['inv-2']);
    const list = await admin.get<{ Entries: Array<{ TargetId: string }> }>(
      `${app.chatUrl}/api/admin/audit?from=2026-11-01&to=2026-12-31&action=lawyer.invited`,
    );
    expect(list.body.Entries.map((e) => e.TargetId)).toEqual(['inv-2', 'inv-1']);
    // Only the header when nothing matches: a valid, empty file rather than an error.
    expect((await csvOf(await admin.raw(url('from=2026-01-01&to=2026-01-31')))).lines).toEqual([HEADER, '']);
  });

  it('should record every export in the log with who exported which period and filters, and not in the file it wrote', async () => {
    const before = (await exports()).length;
    const response = await admin.raw(url(`from=2026-12-01&to=2026-12-31&actor=${app.lawyers[1]!.id}&q=Bernd`));
    expect(response.status).toBe(200);
    expect((await csvOf(response)).lines.join('\n')).not.toContain('auditLog.exported');
    const written = await exports();
    expect(written).toHaveLength(before + 1);
    const entry = written[written.length - 1]!;
    expect(entry).toMatchObject({ actor_id: app.lawyers[0]!.id, actor_name: anna(), ip: expect.any(String) });
    expect(JSON.parse(entry.details)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      actor: app.lawyers[1]!.id,
      actorName: app.lawyers[1]!.name,
      q: 'Bernd',
      rows: 1,
    });
    // The next export of the period lists the first one.
    const next = await csvOf(await admin.raw(url(`from=2026-12-01&to=2026-12-31&action=auditLog.exported`)));
    expect(next.lines[1]).toMatch(
      new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2};${anna()};Protokoll als CSV heruntergeladen;auditLog\\.exported;`),
    );
  });

  it('should refuse the export to a lawyer without the admin role (403) and without a session (401), writing nothing', async () => {
    const before = (await exports()).length;
    const refused = await lawyer.raw(url('from=2026-12-01&to=2026-12-31'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ Error: 'Forbidden' });
    const signedOut = await anonymous.raw(url('from=2026-12-01&to=2026-12-31'));
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('content-type')).toContain('application/json');
    expect(await exports()).toHaveLength(before);
  });

  it('should refuse a missing or too long period and a filter it cannot apply with a German message, exporting and recording nothing', async () => {
    const before = (await exports()).length;
    const refusals: Array<[string, RegExp]> = [
      ['', /Zeitraum mit Anfang und Ende/],
      ['from=2026-12-01', /Zeitraum mit Anfang und Ende/],
      ['from=2025-11-30&to=2026-12-01', /höchstens 366 Tage/],
      ['from=2026-12-02&to=2026-12-01', /Das Ende des Zeitraums liegt vor seinem Beginn/],
      ['from=01.12.2026&to=2026-12-31', /Datum JJJJ-MM-TT/],
      ['from=2026-12-01&to=2026-12-31&action=lawyer.unknown', /Diese Art von Eintrag gibt es im Protokoll nicht/],
      ['from=2026-12-01&to=2026-12-31&actor=niemand', /Diese Person gibt es nicht/],
      ['from=2026-12-01&to=2026-12-31&limit=10', /Den Parameter „limit“ gibt es nicht/],
    ];
    for (const [query, message] of refusals) {
      const response = await admin.raw(url(query));
      expect({ query, status: response.status, body: await response.json() }).toEqual({
        query,
        status: 400,
        body: { Error: 'BadRequest', Message: expect.stringMatching(message) },
      });
    }
    // 366 days, both ends counted, is the most a file holds (a leap year).
    expect((await admin.raw(url('from=2028-01-01&to=2028-12-31'))).status).toBe(200);
    expect(await exports()).toHaveLength(before + 1);
  });

  it('should refuse a filter that matches more entries than one file holds rather than cut the file short', async () => {
    const start = Date.parse('2027-03-01T08:00:00.000Z');
    const rows = Array.from({ length: AUDIT_EXPORT_MAX_ROWS + 1 }, (_, i) => {
      const at = new Date(start + i * 1000).toISOString();
      return row(at, { action: 'lawyer.invited', id: newSortableId(new Date(at)) });
    });
    for (let i = 0; i < rows.length; i += 1000)
      await app.ctx.db
        .insertInto('admin_audit_log')
        .values(rows.slice(i, i + 1000))
        .execute();
    const before = (await exports()).length;
    const tooMany = await admin.raw(url('from=2027-03-01&to=2027-03-31'));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ Error: 'BadRequest', Message: expect.stringContaining('mehr als 10.000 Einträge') });
    expect(await exports()).toHaveLength(before);
    // Narrowed by a filter, the same period exports.
    expect((await admin.raw(url('from=2027-03-01&to=2027-03-31&action=lawyer.role.changed'))).status).toBe(200);
  }, 60_000);
});
