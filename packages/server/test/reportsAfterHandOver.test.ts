// A consultation stays the work of the lawyer who held it, on both engines and over HTTP: when an administrator
// deactivates a lawyer and hands their open work to a colleague, only the open work moves (the active chat now belongs
// to the colleague) – the reports, the lawyer filter, the invoice CSV and the usage confirmation keep crediting the
// lawyer who accepted the chat, for a consultation they closed and for the one the colleague finished.
import type { Report, StartJoinResult } from '@rechtschat/core';
import { caseReferenceOf } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { connectLawyer, connectParticipant, startRequest, type Participant } from './support/flows.js';
import { connectHub } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { pdfText } from './pdf/pdfText.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';

/** The Berlin calendar day `offsetDays` from now, as the report period takes it. */
const berlinDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() + offsetDays * 86_400_000));

describe.each(['sqlite', 'postgres'] as const)('reports after a lawyer was deactivated on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: Participant;
  let markus: Participant;
  const url = (path: string) => `${app.chatUrl}${path}`;
  const period = () => `from=${berlinDay(-1)}&to=${berlinDay(1)}`;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = await connectLawyer(app, 0);
    markus = await connectLawyer(app, 1);
  }, 30_000);
  afterAll(async () => {
    await admin?.hub.stop();
    await markus?.hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should keep crediting consultations to the lawyer who held them after their deactivation with a hand-over', async () => {
    const tom = await createLawyer(app.ctx.db, app.ctx.clock, {
      email: `tom-${engine}@test.example`,
      name: 'Tom Geht',
      gender: 'male',
      password: LAWYER_PASSWORD,
      phone: '+49 30 5550000',
    });
    app.lawyers.push({ id: tom.id, email: tom.email, password: LAWYER_PASSWORD, name: tom.name });
    const tomConsole = await connectLawyer(app, app.lawyers.length - 1);
    const markusId = app.lawyers[1]!.id;

    // Tom holds a consultation and closes it.
    const client1 = await connectParticipant(app);
    const closed = await client1.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await tomConsole.hub.connection.invoke('AcceptChat', closed.ChatId);
    await tomConsole.hub.connection.invoke('SendMessage', closed.ChatId, 'Guten Tag, Sie können der Kündigung widersprechen.');
    await tomConsole.hub.connection.invoke('CloseChat', closed.ChatId, false);
    // Tom holds a second one when he is deactivated; Markus takes it over and closes it.
    const client2 = await connectParticipant(app);
    const held = await client2.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await tomConsole.hub.connection.invoke('AcceptChat', held.ChatId);
    await tomConsole.hub.connection.invoke('SendMessage', held.ChatId, 'Guten Tag, ich sehe mir Ihren Mietvertrag an.');

    const deactivated = await admin.http.post(url(`/api/admin/lawyers/${tom.id}/deactivate`), { ReassignTo: markusId });
    expect(deactivated.status).toBe(200);
    // Only the open work moved: the closed consultation was not touched, the active one is Markus's now.
    const active = await markus.http.get<{ ChatId: string }[]>(url('/api/lawyer/chats'));
    expect(active.body.map((c) => c.ChatId)).toContain(held.ChatId);
    expect(active.body.map((c) => c.ChatId)).not.toContain(closed.ChatId);
    // The server reconnects the colleague's open consoles on a hand-over; Markus opens his console again.
    const markusConsole = await connectHub(app.chatUrl, markus.http, { role: 'lawyer' });
    await markusConsole.connection.invoke('SendMessage', held.ChatId, 'Ich übernehme Ihre Beratung.');
    await markusConsole.connection.invoke('CloseChat', held.ChatId, false);

    const firm = await admin.http.get<Report>(url(`/api/reports?${period()}`));
    expect(firm.status).toBe(200);
    expect(firm.body.Counts).toMatchObject({ Started: 2, Taken: 2, Completed: 2 });
    expect(firm.body.Lawyers.map((l) => ({ Name: l.Name, Taken: l.Taken, Completed: l.Completed }))).toEqual([{ Name: 'Tom Geht', Taken: 2, Completed: 2 }]);
    const ofTom = await admin.http.get<Report>(url(`/api/reports?${period()}&lawyer=${tom.id}`));
    expect(ofTom.body.Counts).toMatchObject({ Started: 2, Taken: 2, Completed: 2 });
    const ofMarkus = await admin.http.get<Report>(url(`/api/reports?${period()}&lawyer=${markusId}`));
    expect(ofMarkus.body.Counts).toMatchObject({ Started: 0, Taken: 0 });
    // Markus, asking for his own figures, does not get Tom's consultation either.
    expect((await markus.http.get<Report>(url(`/api/reports?${period()}`))).body.Counts.Taken).toBe(0);
    // The deactivated lawyer stays in the report's lawyer filter, marked so, and his figures can still be chosen.
    const filters = await admin.http.get<{ Lawyers: { Id: string; Name: string; Deactivated: boolean }[] }>(url('/api/reports/filters'));
    expect(filters.body.Lawyers).toContainEqual({ Id: tom.id, Name: 'Tom Geht', Deactivated: true });

    // The invoice CSV bills both consultations.
    const csv = await admin.http.raw(url(`/api/reports/invoice.csv?${period()}`));
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).split('\r\n').filter((line) => line.includes('RC-'));
    expect(rows.map((row) => row.split(';')[1])).toEqual([caseReferenceOf(closed.CaseId), caseReferenceOf(held.CaseId)]);

    // The usage confirmation of the taken-over consultation names the lawyer who advised first, as after a forward.
    const confirmation = await client2.http.raw(`${app.webUrl}/api/chat/usage-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ CaseId: held.CaseId }),
    });
    expect(confirmation.status).toBe(200);
    const text = await pdfText(new Uint8Array(await confirmation.arrayBuffer()));
    expect(text).toContain('Tom Geht');
    expect(text).not.toContain('Markus Hoffmann');

    for (const c of [client1, client2, tomConsole]) await c.hub.stop();
    await markusConsole.stop();
  }, 30_000);
});
