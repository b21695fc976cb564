// Erasure (GDPR Art. 17) also reaches the outbox: without SMTP_URL the chat protocol the person had mailed lies as an
// .eml in DATA_DIR/outbox – the whole consultation as PDF, their address in the header – for up to 30 days
// (RetentionPolicy.outboxMs). Found from outside: after „Chats löschen“ the protocol mail was still in the folder.
// Now the erasure removes the outbox mails of the erased chat cases; another person's mail stays. And the open consoles
// hear which chat cases went (CasesErased), so a tab or callback does not keep showing them (found from outside too).
import { caseReferenceOf, type DataErasureResult, type DataSubjectSummary, type StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginLawyerHttp } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { confirmedProtocolAddress, connectLawyer, connectParticipant, startRequest, type Participant } from './support/flows.js';
import { outboxMailsTo } from './support/outbox.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('data-subject erasure and the outbox', () => {
  const now = new Date('2026-03-10T09:00:00.000Z');
  const clock = { now: () => now };
  let app: TestApp;
  let admin: CookieClient;
  let lawyerHub: Participant;
  const people: Participant[] = [];

  async function consultationWithProtocolMail(number: string, email: string): Promise<StartJoinResult> {
    const person = await connectParticipant(app, base64(number));
    people.push(person);
    // The address confirmed in the onboarding, and by the double opt-in's link before: the protocol is mailed when the lawyer closes the chat.
    const ids = await person.hub.connection.invoke<StartJoinResult>('StartChat', { ...startRequest(), EMailAddress: email });
    await confirmedProtocolAddress(app, ids.CaseId, email);
    await person.hub.connection.invoke('SendMessage', ids.ChatId, `Frage von ${number}`, `outbox-${number}`);
    await lawyerHub.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyerHub.hub.connection.invoke('CloseChat', ids.ChatId, false);
    await vi.waitFor(() => expect(outboxMailsTo(app.dataDir, email)).toHaveLength(1), { timeout: 10_000 });
    return ids;
  }

  beforeAll(async () => {
    app = await startTestApp({ clock });
    const adminAccount = app.lawyers[0];
    if (adminAccount === undefined) throw new Error('no lawyer');
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', adminAccount.id).execute();
    admin = await loginLawyerHttp(app, 0);
    lawyerHub = await connectLawyer(app, 1);
  });

  afterAll(async () => {
    for (const person of people) await person.hub.stop();
    await lawyerHub?.hub.stop();
    await app?.stop();
  });

  it('should delete the erased chat’s protocol mail from the outbox and keep another person’s', async () => {
    const erasedCase = await consultationWithProtocolMail('OUTBOXA1', 'erika@example.org');
    await consultationWithProtocolMail('OUTBOXB2', 'otto@example.org');
    expect(outboxMailsTo(app.dataDir, 'erika@example.org').join('')).toContain(caseReferenceOf(erasedCase.CaseId));
    expect(outboxMailsTo(app.dataDir, 'otto@example.org')).toHaveLength(1);

    const summary = await admin.post<DataSubjectSummary>(`${app.chatUrl}/api/admin/data-requests/search`, { InsuranceNumber: 'OUTBOXA1' });
    const erased = await admin.post<DataErasureResult>(`${app.chatUrl}/api/admin/data-requests/erase`, {
      InsuranceNumber: 'OUTBOXA1',
      ChatCaseIds: summary.body.ChatCases.map((c) => c.Id),
    });
    expect(erased.status).toBe(200);
    expect(erased.body.ErasedChatCases).toEqual([caseReferenceOf(erasedCase.CaseId)]);

    expect(outboxMailsTo(app.dataDir, 'erika@example.org')).toEqual([]);
    expect(outboxMailsTo(app.dataDir, 'otto@example.org')).toHaveLength(1);
  });

  it('should tell every open console which chat cases were erased, so no tab keeps showing them', async () => {
    const heard: unknown[] = [];
    lawyerHub.hub.connection.on('CasesErased', (ids: unknown) => heard.push(ids));
    const erasedCase = await consultationWithProtocolMail('OUTBOXC3', 'clara@example.org');
    const summary = await admin.post<DataSubjectSummary>(`${app.chatUrl}/api/admin/data-requests/search`, { InsuranceNumber: 'OUTBOXC3' });
    await admin.post<DataErasureResult>(`${app.chatUrl}/api/admin/data-requests/erase`, {
      InsuranceNumber: 'OUTBOXC3',
      ChatCaseIds: summary.body.ChatCases.map((c) => c.Id),
    });
    // The first test's erasure may still be on its way to this connection: look for this one's.
    await vi.waitFor(() => expect(heard).toContainEqual([erasedCase.CaseId]), { timeout: 5_000 });
  });
});
