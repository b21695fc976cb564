// Textbausteine (migration 0028, features/textTemplates) over real HTTP on SQLite and PostgreSQL: every lawyer keeps
// their own and reads the firm's; another lawyer's template or a firm one is not found through the personal routes
// (404, nothing revealed); the firm's templates are the administrators' (403 for a lawyer, 401 without a session,
// foreign Origin refused) with an audit entry per change; German validation messages with the field at fault; at most
// 200 templates per lawyer and for the firm, also when many creates arrive at once (count and insert atomic per owner).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextTemplate, TextTemplates } from '@rechtschat/core';
import { listAdminActions } from '../src/features/admin/auditLog.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TEST_SESSION_SECRET } from './support/secrets.js';

describe.each(['sqlite', 'postgres'] as const)('text templates on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  const admin = new CookieClient();
  const anna = new CookieClient();
  const markus = new CookieClient();
  const own = () => `${app.chatUrl}/api/lawyer/text-templates`;
  const firm = () => `${app.chatUrl}/api/admin/text-templates`;
  const list = async (client: CookieClient) => {
    const answer = await client.get<TextTemplates>(own());
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const actions = async () => (await listAdminActions(app.ctx.db, { limit: 100 })).filter((entry) => entry.action.startsWith('textTemplate.'));
  const fill = async (owner: string | null, count: number) => {
    const at = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `fill-${owner ?? 'firm'}-${i}`,
      owner_lawyer_id: owner,
      title: `Vorlage ${i}`,
      text: 'Text',
      created_at: at,
      updated_at: at,
      updated_by: null,
    }));
    await app.ctx.db.insertInto('text_templates').values(rows).execute();
  };
  const countOf = async (owner: string | null) => {
    const query = app.ctx.db.selectFrom('text_templates').select((eb) => eb.fn.countAll<number>().as('n'));
    const row = await (owner === null ? query.where('owner_lawyer_id', 'is', null) : query.where('owner_lawyer_id', '=', owner)).executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET, ...(schema ? { DATABASE_URL: schema.url } : {}) } });
    const [first, second] = app.lawyers;
    const { id: adminId } = await app.ctx.db
      .insertInto('lawyers')
      .values({
        ...(await app.ctx.db.selectFrom('lawyers').selectAll().where('id', '=', first!.id).executeTakeFirstOrThrow()),
        id: 'admin-1',
        email: 'admin@test.example',
        role: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(adminId).toBe('admin-1');
    expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: 'admin@test.example', Password: first!.password })).status).toBe(200);
    expect((await anna.post(`${app.chatUrl}/api/lawyer/login`, { Email: first!.email, Password: first!.password })).status).toBe(200);
    expect((await markus.post(`${app.chatUrl}/api/lawyer/login`, { Email: second!.email, Password: second!.password })).status).toBe(200);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse every route without a session (401) and the firm routes to a lawyer (403)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', own()],
      ['POST', own(), { Title: 'Gruß', Text: 'Guten Tag' }],
      ['PUT', `${own()}/abc`, { Title: 'Gruß', Text: 'Guten Tag' }],
      ['DELETE', `${own()}/abc`],
      ['POST', firm(), { Title: 'Gruß', Text: 'Guten Tag' }],
      ['PUT', `${firm()}/abc`, { Title: 'Gruß', Text: 'Guten Tag' }],
      ['DELETE', `${firm()}/abc`],
    ];
    for (const [method, url, body] of routes) {
      expect((await new CookieClient().request(method, url, body)).status, `${method} ${url}`).toBe(401);
      if (url.includes('/admin/')) {
        const refused = await anna.request(method, url, body);
        expect(refused.status, `${method} ${url}`).toBe(403);
        expect(refused.body).toMatchObject({ Error: 'Forbidden' });
      }
    }
    const foreign = await admin.raw(firm(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ Title: 'Gruß', Text: 'Guten Tag' }),
    });
    expect(foreign.status).toBe(403);
    expect(await list(admin)).toEqual({ Own: [], Firm: [] });
    expect(await actions()).toEqual([]);
  });

  it('should let a lawyer create, change and delete their own templates, listed by title', async () => {
    const created = await anna.post<TextTemplate>(own(), { Title: '  Unterlagen ', Text: 'Bitte senden Sie mir den Mietvertrag.\n' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ Title: 'Unterlagen', Text: 'Bitte senden Sie mir den Mietvertrag.\n' });
    const greeting = (await anna.post<TextTemplate>(own(), { Title: 'Begrüßung', Text: 'Guten Tag, mein Name ist Berger.' })).body;
    expect((await list(anna)).Own.map((t) => t.Title)).toEqual(['Begrüßung', 'Unterlagen']);
    expect((await list(markus)).Own).toEqual([]);

    const changed = await anna.put<TextTemplate>(`${own()}/${greeting.Id}`, { Title: 'Zur Begrüßung', Text: 'Guten Tag!' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ Id: greeting.Id, Title: 'Zur Begrüßung', Text: 'Guten Tag!' });
    expect((await list(anna)).Own.map((t) => t.Title)).toEqual(['Unterlagen', 'Zur Begrüßung']);

    const deleted = await anna.request('DELETE', `${own()}/${greeting.Id}`);
    expect(deleted.status).toBe(204);
    expect((await list(anna)).Own.map((t) => t.Id)).toEqual([created.body.Id]);
    // A lawyer's own templates are no administrative action.
    expect(await actions()).toEqual([]);
  });

  it('should answer 404 for another lawyer’s template and a firm template through the personal routes', async () => {
    const annas = (await anna.post<TextTemplate>(own(), { Title: 'Privat', Text: 'Nur für mich' })).body;
    const firms = (await admin.post<TextTemplate>(firm(), { Title: 'Kanzlei', Text: 'Für alle' })).body;
    for (const id of [annas.Id, firms.Id, 'does-not-exist']) {
      const changed = await markus.put(`${own()}/${id}`, { Title: 'Übernommen', Text: 'x' });
      expect(changed.status).toBe(404);
      expect(changed.body).toEqual({ Error: 'NotFound', Message: 'Der Textbaustein wurde nicht gefunden.' });
      expect((await markus.request('DELETE', `${own()}/${id}`)).status).toBe(404);
    }
    // The admin's personal routes do not reach the firm's templates either, nor the firm routes a lawyer's.
    expect((await admin.request('DELETE', `${own()}/${firms.Id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${firm()}/${annas.Id}`)).status).toBe(404);
    expect((await list(markus)).Own).toEqual([]);
    expect((await list(anna)).Own.find((t) => t.Id === annas.Id)).toMatchObject({ Title: 'Privat', Text: 'Nur für mich' });
    expect((await list(markus)).Firm.map((t) => t.Id)).toContain(firms.Id);
    await admin.request('DELETE', `${firm()}/${firms.Id}`);
    await anna.request('DELETE', `${own()}/${annas.Id}`);
  });

  it('should let administrators keep the firm’s templates, every lawyer read them, and write an audit entry per change', async () => {
    const created = await admin.post<TextTemplate>(firm(), { Title: 'Abschied', Text: 'Vielen Dank für Ihr Vertrauen.' });
    expect(created.status).toBe(201);
    expect((await list(markus)).Firm).toEqual([created.body]);
    const changed = await admin.put<TextTemplate>(`${firm()}/${created.body.Id}`, { Title: 'Verabschiedung', Text: 'Auf Wiederhören.' });
    expect(changed.status).toBe(200);
    expect((await list(anna)).Firm).toEqual([changed.body]);
    // Saved again unchanged (the title trimmed as always): the stored template, same time, no audit entry.
    const again = await admin.put<TextTemplate>(`${firm()}/${created.body.Id}`, { Title: ' Verabschiedung ', Text: 'Auf Wiederhören.' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(changed.body);
    expect((await admin.request('DELETE', `${firm()}/${created.body.Id}`)).status).toBe(204);
    expect((await list(anna)).Firm).toEqual([]);
    expect((await admin.request('DELETE', `${firm()}/${created.body.Id}`)).status).toBe(404);

    const entries = (await actions()).filter((entry) => entry.target_id === created.body.Id);
    expect(entries.map((entry) => [entry.action, entry.actor_id, entry.target_label, JSON.parse(entry.details)])).toEqual([
      ['textTemplate.firm.removed', 'admin-1', 'Verabschiedung', {}],
      ['textTemplate.firm.updated', 'admin-1', 'Verabschiedung', { previousTitle: 'Abschied' }],
      ['textTemplate.firm.created', 'admin-1', 'Abschied', {}],
    ]);
    // The text itself stays out of the log.
    expect(JSON.stringify(entries)).not.toContain('Vertrauen');
  });

  it.each([
    [{ Title: '   ', Text: 'Guten Tag' }, 'Title', 'Bitte geben Sie dem Textbaustein einen Titel.'],
    [{ Title: 'T'.repeat(81), Text: 'Guten Tag' }, 'Title', 'Der Titel darf höchstens 80 Zeichen lang sein.'],
    [{ Title: 'Zwei\nZeilen', Text: 'Guten Tag' }, 'Title', 'Der Titel muss in eine Zeile passen und darf keine Steuerzeichen enthalten.'],
    [{ Title: 'Leer', Text: ' \n ' }, 'Text', 'Bitte geben Sie den Text des Textbausteins ein.'],
    // Zero-width characters look empty in every list and put nothing visible into the chat.
    [{ Title: '\u200b\u200b', Text: 'Guten Tag' }, 'Title', 'Bitte geben Sie dem Textbaustein einen Titel.'],
    [{ Title: 'Unsichtbar', Text: '\u200b \u2060' }, 'Text', 'Bitte geben Sie den Text des Textbausteins ein.'],
    [{ Title: 'Lang', Text: 'x'.repeat(751) }, 'Text', 'Der Text darf höchstens 750 Zeichen lang sein, so lang wie eine Chat-Nachricht.'],
  ])('should refuse %j in German, naming the field', async (body, field, message) => {
    for (const [client, url] of [
      [anna, own()],
      [admin, firm()],
    ] as const) {
      const refused = await client.post(url, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ Error: 'BadRequest', Message: message, Field: field });
    }
    expect((await list(anna)).Own.map((t) => t.Title)).not.toContain(body.Title.trim());
  });

  it('should accept a text of exactly the chat message maximum and refuse wrong types and unknown fields via the schema', async () => {
    const longest = await anna.post<TextTemplate>(own(), { Title: 'Lang', Text: 'x'.repeat(750) });
    expect(longest.status).toBe(201);
    await anna.request('DELETE', `${own()}/${longest.body.Id}`);
    for (const body of [{ Title: 1, Text: 'x' }, { Title: 'Gruß' }, { Title: 'Gruß', Text: 'x', Owner: 'someone-else' }, 'Gruß']) {
      const refused = await anna.post(own(), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ Error: 'BadRequest' });
    }
  });

  it('should end with exactly 200 when two administrators and a lawyer send many creates at once at 199', async () => {
    const first = app.lawyers[0]!;
    await app.ctx.db
      .insertInto('lawyers')
      .values({
        ...(await app.ctx.db.selectFrom('lawyers').selectAll().where('id', '=', 'admin-1').executeTakeFirstOrThrow()),
        id: 'admin-2',
        email: 'admin2@test.example',
      })
      .execute();
    const secondAdmin = new CookieClient();
    expect((await secondAdmin.post(`${app.chatUrl}/api/lawyer/login`, { Email: 'admin2@test.example', Password: first.password })).status).toBe(200);
    await fill(null, 199 - (await countOf(null)));
    await fill(first.id, 199 - (await countOf(first.id)));
    const creates = Array.from({ length: 12 }, (_, i) => [
      admin.post(firm(), { Title: `Gleichzeitig A ${i}`, Text: 'x' }),
      secondAdmin.post(firm(), { Title: `Gleichzeitig B ${i}`, Text: 'x' }),
      anna.post(own(), { Title: `Gleichzeitig ${i}`, Text: 'x' }),
    ]).flat();
    const statuses = (await Promise.all(creates)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(34);
    expect([await countOf(null), await countOf(first.id)]).toEqual([200, 200]);
    expect((await actions()).filter((entry) => entry.action === 'textTemplate.firm.created' && entry.target_label?.startsWith('Gleichzeitig'))).toHaveLength(1);
    // Back to where the next test expects the firm and Anna to be.
    await app.ctx.db.deleteFrom('text_templates').where('owner_lawyer_id', 'is', null).execute();
    await app.ctx.db.deleteFrom('text_templates').where('id', 'like', 'fill-%').execute();
    await app.ctx.db.deleteFrom('text_templates').where('title', 'like', 'Gleichzeitig%').execute();
  });

  it('should keep at most 200 templates per lawyer and for the firm', async () => {
    const markusId = app.lawyers[1]!.id;
    await fill(markusId, 199);
    expect((await markus.post(own(), { Title: 'Nummer 200', Text: 'x' })).status).toBe(201);
    const refused = await markus.post(own(), { Title: 'Nummer 201', Text: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      Error: 'Conflict',
      Message: 'Sie haben bereits 200 Textbausteine, mehr sind nicht möglich. Bitte löschen Sie zuerst einen, den Sie nicht mehr brauchen.',
    });
    // Another lawyer's count is their own.
    expect((await anna.post(own(), { Title: 'Weiter möglich', Text: 'x' })).status).toBe(201);

    await fill(null, 200);
    const firmRefused = await admin.post(firm(), { Title: 'Zu viel', Text: 'x' });
    expect(firmRefused.status).toBe(409);
    expect(firmRefused.body).toMatchObject({ Error: 'Conflict', Message: expect.stringContaining('Die Kanzlei hat bereits 200 Textbausteine') });
    expect((await list(markus)).Firm).toHaveLength(200);
    expect((await actions()).filter((entry) => entry.target_label === 'Zu viel')).toEqual([]);
  });
});
