// „Fallakte zurückziehen“ over real HTTP on both engines: a case file created by mistake is withdrawn by its lawyer or an
// administrator with a reason, only while the client has never signed in. Its link and PIN open nothing at once (the
// link's check says it was withdrawn), it leaves the lawyer's list and the chat's files, the chat may get a new file
// without ConfirmSecond, the audit log says who, when and why, and the consultation stays in the report and the invoice.
import { caseReferenceOf, type AuditLogPage, type CreateCaseFileResult, type DataErasureResult, type LawyerCaseFileSummary } from '@rechtschat/core';
import type { Report, WithdrawnCaseFile } from '@rechtschat/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWN_RETENTION_MS } from '../src/features/casefile/withdrawal.js';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp, signedInAdmin } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectParticipant, startChat } from './support/flows.js';

/** Today as a Europe/Berlin calendar day, `YYYY-MM-DD` (the reports' period). */
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

type Refusal = { Error: string; Message: string; SignedInAt?: string | null };

describe.each(['sqlite', 'postgres'] as const)('withdrawing a case file created by mistake on %s', (engine) => {
  const on = engineAppWithLawyer(engine);
  let anna: CookieClient;
  let markus: CookieClient;
  let admin: CookieClient;
  let adminId: string;
  const lawyerUrl = (id: string, path = '') => `${on.app.chatUrl}/api/lawyer/case-files/${encodeURIComponent(id)}${path}`;
  const clientUrl = (token: string, path: string) => `${on.app.webUrl}/api/case-file/${token}/${path}`;
  const stored = (id: string) => on.app.ctx.db.selectFrom('case_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const withdraw = (who: CookieClient, id: string, reason: unknown = 'Aus dem falschen Chat angelegt') =>
    who.post<WithdrawnCaseFile & Refusal>(lawyerUrl(id, '/withdraw'), { Reason: reason });
  const auditEntries = async (caseFileId: string) =>
    (await admin.get<AuditLogPage>(`${on.app.chatUrl}/api/admin/audit?action=caseFile.withdrawn`)).body.Entries.filter((e) => e.TargetId === caseFileId);

  beforeAll(async () => {
    anna = await loginLawyerHttp(on.app, 0);
    markus = await loginLawyerHttp(on.app, 1);
    ({ id: adminId, client: admin } = await signedInAdmin(on.app));
  });

  it('should refuse another lawyer and an unknown id (404), no session (401) and a missing or too long reason (400), and change nothing', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    expect((await withdraw(markus, created.CaseId)).status).toBe(404);
    expect((await withdraw(anna, 'unbekannt')).status).toBe(404);
    expect((await withdraw(new CookieClient(), created.CaseId)).status).toBe(401);
    const empty = await withdraw(anna, created.CaseId, '   ');
    expect([empty.status, empty.body.Error]).toEqual([400, 'WithdrawalReasonRequired']);
    expect(empty.body.Message).toBe('Bitte geben Sie kurz an, warum die Fallakte zurückgezogen wird.');
    const long = await withdraw(anna, created.CaseId, 'x'.repeat(301));
    expect([long.status, long.body.Error]).toEqual([400, 'WithdrawalReasonTooLong']);
    expect((await anna.post(lawyerUrl(created.CaseId, '/withdraw'), {})).status).toBe(400);
    expect((await stored(created.CaseId)).withdrawn_at).toBeNull();
    expect((await new CookieClient().get(clientUrl(created.Token, 'check'))).status).toBe(200);
    expect(await auditEntries(created.CaseId)).toEqual([]);
  });

  it('should let the holder withdraw an unused file: its link and PIN open nothing at once, it leaves the list, and the audit log says who and why', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    const res = await withdraw(anna, created.CaseId, '  Doppelt angelegt, die richtige Akte besteht schon ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ CaseId: created.CaseId, CaseNumber: created.CaseNumber, WithdrawnAt: expect.any(String) });
    const withdrawnAt = res.body.WithdrawnAt;

    // The link says what happened; the right PIN opens nothing, as for a link that never existed.
    const check = await new CookieClient().get<Refusal>(clientUrl(created.Token, 'check'));
    expect(check.status).toBe(410);
    expect(check.body).toEqual({
      Error: 'CaseFileWithdrawn',
      Message: 'Diese Fallakte wurde von Ihrer Kanzlei zurückgezogen. Der Link gilt nicht mehr. Bei Fragen wenden Sie sich bitte an Ihre Kanzlei.',
    });
    expect((await loginCaseFileClient(on.app, created)).status).toBe(401);
    expect((await new CookieClient().get(clientUrl(created.Token, 'login-information'))).status).toBe(404);

    // Gone for the lawyer: not listed, not to be opened or changed, not to be withdrawn twice.
    const list = await anna.get<LawyerCaseFileSummary[]>(`${on.app.chatUrl}/api/lawyer/case-files`);
    expect(list.body.map((f) => f.CaseId)).not.toContain(created.CaseId);
    for (const path of ['', '/close', '/new-link']) {
      const answer = path === '' ? await anna.get(lawyerUrl(created.CaseId)) : await anna.post(lawyerUrl(created.CaseId, path));
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const again = await withdraw(anna, created.CaseId);
    expect([again.status, again.body.Error]).toEqual([409, 'AlreadyWithdrawn']);

    // The row stays (the logs name it) until the retention job takes it.
    expect(await stored(created.CaseId)).toMatchObject({
      withdrawn_at: withdrawnAt,
      closed: 1,
      status: 'Zurückgezogen',
      first_name: 'Erika',
      retention_until: new Date(Date.parse(withdrawnAt) + WITHDRAWN_RETENTION_MS).toISOString(),
    });
    expect(await auditEntries(created.CaseId)).toEqual([
      expect.objectContaining({
        At: withdrawnAt,
        ActorId: on.app.lawyers[0]?.id,
        ActorName: 'Dr. Anna Berger',
        TargetKind: 'caseFile',
        TargetLabel: created.CaseNumber,
        Details: { reason: 'Doppelt angelegt, die richtige Akte besteht schon', holder: 'Dr. Anna Berger', chat: null },
      }),
    ]);
    const access = await on.app.ctx.db.selectFrom('case_file_access_log').select(['action', 'lawyer_id']).where('case_file_id', '=', created.CaseId).execute();
    expect(access.filter((a) => a.action === 'withdraw')).toEqual([
      { action: 'withdraw', lawyer_id: on.app.lawyers[0]?.id },
      { action: 'withdraw', lawyer_id: on.app.lawyers[0]?.id },
    ]);
  });

  it('should refuse with 409 CaseFileInUse once the client has signed in, and keep the file and the client’s session', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    const { client, status } = await loginCaseFileClient(on.app, created);
    expect(status).toBe(204);
    const refused = await withdraw(anna, created.CaseId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ Error: 'CaseFileInUse', SignedInAt: (await stored(created.CaseId)).consent_privacy_at });
    expect(refused.body.Message).toMatch(
      /^Diese Fallakte kann nicht mehr zurückgezogen werden: Ihre Mandantin oder Ihr Mandant hat sich am \d\d\.\d\d\.\d{4} bereits angemeldet\./,
    );
    // Also for an administrator: a file the client has opened is a real file.
    expect((await withdraw(admin, created.CaseId)).body.Error).toBe('CaseFileInUse');
    expect((await stored(created.CaseId)).withdrawn_at).toBeNull();
    expect((await client.get(clientUrl(created.Token, 'person'))).status).toBe(200);
    expect(await auditEntries(created.CaseId)).toEqual([]);
  });

  it('should let an administrator withdraw another lawyer’s file', async () => {
    const created = await createCaseFileAsLawyer(on.app, markus);
    const res = await withdraw(admin, created.CaseId, 'Mandant hat sich an eine andere Kanzlei gewandt, Akte irrtümlich angelegt');
    expect(res.status).toBe(200);
    expect((await new CookieClient().get(clientUrl(created.Token, 'check'))).status).toBe(410);
    expect(await auditEntries(created.CaseId)).toEqual([
      expect.objectContaining({ ActorId: adminId, ActorName: 'Clara Admin', Details: expect.objectContaining({ holder: 'Markus Hoffmann' }) }),
    ]);
    const list = await markus.get<LawyerCaseFileSummary[]>(`${on.app.chatUrl}/api/lawyer/case-files`);
    expect(list.body.map((f) => f.CaseId)).not.toContain(created.CaseId);
  });

  async function acceptedChat() {
    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const chat = await startChat(participant);
    await on.lawyer.hub.connection.invoke('AcceptChat', chat.ChatId);
    return chat;
  }
  const fromChat = (chatCaseId: string) => ({ FirstName: 'Max', LastName: 'Mustermann', Phone: '0170 5550123', Title: 'Kündigung', ChatCaseId: chatCaseId });
  const createFromChat = (chatCaseId: string) => anna.post<CreateCaseFileResult & Refusal>(`${on.app.chatUrl}/api/lawyer/case-files`, fromChat(chatCaseId));

  it('should let the chat get a new file without ConfirmSecond, and leave the consultation in the report and the invoice', async () => {
    const chat = await acceptedChat();
    const first = await createFromChat(chat.CaseId);
    expect(first.status).toBe(200);
    expect((await createFromChat(chat.CaseId)).body.Error).toBe('CaseFileExists');
    await on.lawyer.hub.connection.invoke('CloseChat', chat.ChatId, false);
    const today = berlinToday();
    const report = async () => (await anna.get<Report>(`${on.app.chatUrl}/api/reports?from=${today}&to=${today}`)).body;
    const invoice = async () => (await admin.raw(`${on.app.chatUrl}/api/reports/invoice.csv?from=${today}&to=${today}`)).text();
    const [reportBefore, invoiceBefore] = [await report(), await invoice()];
    expect(invoiceBefore).toContain(caseReferenceOf(chat.CaseId));

    expect((await withdraw(anna, first.body.CaseId)).status).toBe(200);
    type Listed = { ChatId: string; CaseFiles?: { CaseId: string }[] };
    const finished = await anna.get<Listed[]>(`${on.app.chatUrl}/api/lawyer/chats/finished`);
    expect(finished.body.find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([]);
    // The advice was given: withdrawing the file typed afterwards changes no figure and no invoice line.
    expect(await report()).toEqual(reportBefore);
    expect(await invoice()).toBe(invoiceBefore);
    const audited = await auditEntries(first.body.CaseId);
    expect(audited.map((e) => e.Details['chat'])).toEqual([caseReferenceOf(chat.CaseId)]);

    const second = await createFromChat(chat.CaseId);
    expect(second.status).toBe(200);
    expect((await anna.get<Listed[]>(`${on.app.chatUrl}/api/lawyer/chats/finished`)).body.find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([
      expect.objectContaining({ CaseId: second.body.CaseId }),
    ]);
  });

  it('should keep no chat from an erasure request, and be due for deletion at once then', async () => {
    const chat = await acceptedChat();
    const created = await createFromChat(chat.CaseId);
    await on.lawyer.hub.connection.invoke('CloseChat', chat.ChatId, false);
    expect((await withdraw(anna, created.body.CaseId)).status).toBe(200);
    const erased = await admin.post<DataErasureResult>(`${on.app.chatUrl}/api/admin/data-requests/erase`, {
      Reference: caseReferenceOf(chat.CaseId),
      ChatCaseIds: [chat.CaseId],
    });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ ErasedChatCases: [caseReferenceOf(chat.CaseId)], Kept: [] });
    expect(Date.parse((await stored(created.body.CaseId)).retention_until)).toBeLessThanOrEqual(Date.now());
  });
});
