// The lawyer corrects a chat's field of law (PUT api/lawyer/chats/{chatId}/field-of-law) over real HTTP and the hub on
// both engines: only the lawyer who holds the chat, while it runs and after it ended; an unknown field is refused in
// German; the audit log says who changed it from what to what; the lawyer's consoles hear it; the report and the
// invoice count the corrected field.
import { caseReferenceOf, type AuditLogPage, type ChatFieldOfLaw, type Report } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectParticipant, startChat } from './support/flows.js';

/** Today as a Europe/Berlin calendar day, `YYYY-MM-DD` (the reports' period). */
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

describe.each(['sqlite', 'postgres'] as const)('correcting a chat’s field of law on %s', (engine) => {
  const on = engineAppWithLawyer(engine);
  const url = (chatId: string) => `${on.app.chatUrl}/api/lawyer/chats/${encodeURIComponent(chatId)}/field-of-law`;

  async function signIn(index: number, admin = false): Promise<CookieClient> {
    const lawyer = on.app.lawyers[index];
    if (!lawyer) throw new Error('no lawyer');
    if (admin) await on.app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', lawyer.id).execute();
    const client = new CookieClient();
    expect((await client.post(`${on.app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password })).status).toBe(200);
    return client;
  }

  async function acceptedChat() {
    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const ids = await startChat(participant);
    await on.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    return ids;
  }

  it('should let the lawyer who holds the chat correct it, tell their consoles, audit it and count it in the report and the invoice', async () => {
    const anna = await signIn(0, true);
    const ids = await acceptedChat();
    const signals = on.lawyer.hub.queueSignals.length;

    const changed = await anna.put<ChatFieldOfLaw>(url(ids.ChatId), { FieldOfLaw: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ChatId: ids.ChatId, FieldOfLaw: 10, FieldOfLawLongName: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)' });
    const stored = await on.app.ctx.db
      .selectFrom('cases')
      .select(['field_of_law', 'field_of_law_long_name'])
      .where('id', '=', ids.CaseId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ field_of_law: 10, field_of_law_long_name: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)' });

    const heard = await on.lawyer.hub.waitFor(
      () => on.lawyer.hub.notifications.find((n) => n.ChatId === ids.ChatId && n.Type === 'FieldOfLawChanged'),
      'the FieldOfLawChanged notice',
    );
    expect(heard.Data).toEqual({
      FieldOfLaw: 10,
      FieldOfLawLongName: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)',
    });
    await on.lawyer.hub.waitFor(() => (on.lawyer.hub.queueSignals.length > signals ? true : undefined), 'QueueChanged');

    const audit = await anna.get<AuditLogPage>(`${on.app.chatUrl}/api/admin/audit?action=chat.fieldOfLaw.changed`);
    expect(audit.status).toBe(200);
    expect(audit.body.Entries.filter((e) => e.TargetId === ids.ChatId)).toEqual([
      expect.objectContaining({
        ActorId: on.app.lawyers[0]?.id,
        Action: 'chat.fieldOfLaw.changed',
        TargetKind: 'chat',
        TargetLabel: caseReferenceOf(ids.CaseId),
        Details: { from: 'Miet- und Wohnungseigentumsrecht', to: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)' },
      }),
    ]);

    // The same field again changes nothing and writes no second entry.
    expect((await anna.put(url(ids.ChatId), { FieldOfLaw: 10 })).status).toBe(200);
    const again = await anna.get<AuditLogPage>(`${on.app.chatUrl}/api/admin/audit?action=chat.fieldOfLaw.changed`);
    expect(again.body.Entries.filter((e) => e.TargetId === ids.ChatId)).toHaveLength(1);

    // After the chat ended the lawyer may still correct it; the report and the invoice count the corrected field.
    await on.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
    expect((await anna.put(url(ids.ChatId), { FieldOfLaw: 9 })).status).toBe(200);
    const today = berlinToday();
    const report = await anna.get<Report>(`${on.app.chatUrl}/api/reports?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    expect(report.body.FieldsOfLaw).toContainEqual(expect.objectContaining({ FieldOfLaw: 9, Name: 'Vertragsrecht (Kauf-, Werk- und Dienstverträge)' }));
    const csv = await (await anna.raw(`${on.app.chatUrl}/api/reports/invoice.csv?from=${today}&to=${today}`)).text();
    const row = csv.split('\r\n').find((line) => line.includes(caseReferenceOf(ids.CaseId)));
    expect(row).toContain('Vertragsrecht (Kauf-, Werk- und Dienstverträge)');
  });

  it('should refuse an unknown field of law with a German message and change nothing', async () => {
    const anna = await signIn(0);
    const ids = await acceptedChat();
    for (const body of [{ FieldOfLaw: 99 }, { FieldOfLaw: 0 }, { FieldOfLaw: 'Urheberrecht' }, {}]) {
      const refused = await anna.put<{ Error: string; Message: string }>(url(ids.ChatId), body);
      expect(refused.status).toBe(400);
      expect(refused.body.Error).toBe('BadRequest');
    }
    expect((await anna.put<{ Message: string }>(url(ids.ChatId), { FieldOfLaw: 99 })).body.Message).toBe('Bitte wählen Sie ein Rechtsgebiet aus der Liste.');
    const stored = await on.app.ctx.db.selectFrom('cases').select('field_of_law').where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    expect(stored.field_of_law).toBe(3);
  });

  it('should answer another lawyer, a waiting chat and a visitor without a session like an unknown chat or 401', async () => {
    const markus = await signIn(1);
    const ids = await acceptedChat();
    const other = await markus.put<{ Error: string }>(url(ids.ChatId), { FieldOfLaw: 1 });
    expect(other.status).toBe(404);
    expect(other.body.Error).toBe('NotFound');
    expect((await markus.put(url('no-such-chat'), { FieldOfLaw: 1 })).status).toBe(404);

    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const waiting = await startChat(participant);
    expect((await (await signIn(0)).put(url(waiting.ChatId), { FieldOfLaw: 1 })).status).toBe(404);

    expect((await new CookieClient().put(url(ids.ChatId), { FieldOfLaw: 1 })).status).toBe(401);
    const stored = await on.app.ctx.db.selectFrom('cases').select('field_of_law').where('id', '=', ids.CaseId).executeTakeFirstOrThrow();
    expect(stored.field_of_law).toBe(3);
  });
});
