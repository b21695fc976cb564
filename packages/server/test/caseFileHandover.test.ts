// „Fallakte übergeben“ over real HTTP on both engines: one case file moves to a colleague without deactivating anyone.
// The holder or an administrator hands it over to another active lawyer of the firm; the file then is in the colleague's
// list and out of the former holder's, the client's Fallakte names the new lawyer with a history entry (never the note),
// the colleague reads the note in the detail, and the audit log says who and to whom. Of two hand-overs at once one wins.
import type { AuditLogPage, CaseFileLawyer, HandedOverCaseFile, HistoryEntry, LawyerCaseFileDetail, LawyerCaseFileSummary } from '@rechtschat/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { handOverHeldCaseFile, type HandOverChange } from '../src/features/casefile/handoverQueries.js';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { LAWYER_PASSWORD } from './support/testApp.js';

type Refusal = { Error: string; Message: string };

const staleChange: HandOverChange = {
  lawyer_id: null,
  lawyer_name: 'Veraltet',
  lawyer_gender: 'other',
  lawyer_email: 'alt@test.example',
  lawyer_phone: '',
  lawyer_image_url: '',
  updated_at: '2026-01-01T00:00:00.000Z',
  handed_over_at: '2026-01-01T00:00:00.000Z',
  handed_over_by_name: 'Veraltet',
  handover_note: null,
};

describe.each(['sqlite', 'postgres'] as const)('handing a case file over to a colleague on %s', (engine) => {
  const on = engineAppWithLawyer(engine);
  let anna: CookieClient;
  let markus: CookieClient;
  let admin: CookieClient;
  let adminId: string;
  let annaId: string;
  let markusId: string;
  const lawyerUrl = (id: string, path = '') => `${on.app.chatUrl}/api/lawyer/case-files/${encodeURIComponent(id)}${path}`;
  const clientUrl = (token: string, path: string) => `${on.app.webUrl}/api/case-file/${token}/${path}`;
  const handOver = (who: CookieClient, id: string, body: Record<string, unknown>) => who.post<HandedOverCaseFile & Refusal>(lawyerUrl(id, '/handover'), body);
  const listOf = async (who: CookieClient) => (await who.get<LawyerCaseFileSummary[]>(`${on.app.chatUrl}/api/lawyer/case-files`)).body.map((f) => f.CaseId);
  const holderOf = async (id: string) =>
    (await on.app.ctx.db.selectFrom('case_files').select('lawyer_id').where('id', '=', id).executeTakeFirstOrThrow()).lawyer_id;
  const auditEntries = async (caseFileId: string) =>
    (await admin.get<AuditLogPage>(`${on.app.chatUrl}/api/admin/audit?action=caseFile.handedOver`)).body.Entries.filter((e) => e.TargetId === caseFileId);
  const lawyerChanges = async (caseFileId: string) =>
    on.app.ctx.db.selectFrom('case_file_history').selectAll().where('case_file_id', '=', caseFileId).where('kind', '=', 'LawyerChanged').execute();

  beforeAll(async () => {
    anna = await loginLawyerHttp(on.app, 0);
    markus = await loginLawyerHttp(on.app, 1);
    annaId = on.app.lawyers[0]?.id ?? '';
    markusId = on.app.lawyers[1]?.id ?? '';
    const row = await createLawyer(on.app.ctx.db, on.app.ctx.clock, {
      email: 'clara.handover@test.example',
      name: 'Clara Admin',
      gender: 'female',
      password: LAWYER_PASSWORD,
      phone: '+49301234567',
      role: 'admin',
    });
    adminId = row.id;
    admin = new CookieClient();
    expect((await admin.post(`${on.app.chatUrl}/api/lawyer/login`, { Email: 'clara.handover@test.example', Password: LAWYER_PASSWORD })).status).toBe(200);
  });

  it('should let the holder hand the file over: it moves to the colleague’s list, the client sees the new lawyer and a history entry, the colleague reads the note', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    const login = await loginCaseFileClient(on.app, created);
    expect(login.status).toBe(204);
    const res = await handOver(anna, created.CaseId, { ToLawyerId: markusId, Note: '  Frist \u202Eläuft\u202C am Freitag ab.\r\nBitte anrufen. ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      CaseId: created.CaseId,
      CaseNumber: created.CaseNumber,
      LawyerId: markusId,
      LawyerName: on.app.lawyers[1]?.name,
      HandedOverAt: expect.any(String),
    });

    expect(await listOf(anna)).not.toContain(created.CaseId);
    expect(await listOf(markus)).toContain(created.CaseId);
    expect((await anna.get(lawyerUrl(created.CaseId))).status).toBe(404);
    const detail = await markus.get<LawyerCaseFileDetail>(lawyerUrl(created.CaseId));
    expect(detail.status).toBe(200);
    expect(detail.body.HandedOver).toEqual({ From: 'Dr. Anna Berger', At: res.body.HandedOverAt, Note: 'Frist läuft am Freitag ab.\nBitte anrufen.' });

    const lawyer = await login.client.get<CaseFileLawyer>(clientUrl(created.Token, 'lawyer'));
    expect(lawyer.body.Name).toBe(on.app.lawyers[1]?.name);
    const history = await login.client.get<HistoryEntry[]>(clientUrl(created.Token, 'history'));
    expect(history.body[0]).toMatchObject({
      Kind: 'LawyerChanged',
      Title: 'Ihre Ansprechperson hat gewechselt',
      Text: `Ihre Fallakte wird ab jetzt von ${on.app.lawyers[1]?.name} betreut.`,
    });
    expect(JSON.stringify(history.body)).not.toContain('Frist');

    expect(await auditEntries(created.CaseId)).toEqual([
      expect.objectContaining({
        At: res.body.HandedOverAt,
        ActorId: annaId,
        TargetKind: 'caseFile',
        TargetLabel: created.CaseNumber,
        Details: { holder: 'Dr. Anna Berger', to: on.app.lawyers[1]?.name },
      }),
    ]);
    const access = await on.app.ctx.db.selectFrom('case_file_access_log').select(['action', 'lawyer_id']).where('case_file_id', '=', created.CaseId).execute();
    expect(access.filter((a) => a.action === 'handover')).toEqual([{ action: 'handover', lawyer_id: annaId }]);
  });

  it('should let an administrator hand over another lawyer’s file, without a note', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    const res = await handOver(admin, created.CaseId, { ToLawyerId: markusId });
    expect([res.status, res.body.LawyerId]).toEqual([200, markusId]);
    expect(await holderOf(created.CaseId)).toBe(markusId);
    const detail = await markus.get<LawyerCaseFileDetail>(lawyerUrl(created.CaseId));
    expect(detail.body.HandedOver).toEqual({ From: 'Dr. Anna Berger', At: res.body.HandedOverAt, Note: null });
    expect(await auditEntries(created.CaseId)).toEqual([
      expect.objectContaining({ ActorId: adminId, Details: { holder: 'Dr. Anna Berger', to: on.app.lawyers[1]?.name } }),
    ]);
  });

  it('should refuse another lawyer and an unknown or withdrawn file (404), no session (401), and change nothing', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    expect((await handOver(markus, created.CaseId, { ToLawyerId: markusId })).status).toBe(404);
    expect((await handOver(anna, 'unbekannt', { ToLawyerId: markusId })).status).toBe(404);
    expect((await handOver(new CookieClient(), created.CaseId, { ToLawyerId: markusId })).status).toBe(401);
    expect((await anna.post(lawyerUrl(created.CaseId, '/withdraw'), { Reason: 'Doppelt angelegt' })).status).toBe(200);
    expect((await handOver(anna, created.CaseId, { ToLawyerId: markusId })).status).toBe(404);
    expect(await holderOf(created.CaseId)).toBe(annaId);
    expect(await lawyerChanges(created.CaseId)).toEqual([]);
  });

  it('should refuse an unknown, a deactivated or the same lawyer and a too long note with a German message, and change nothing', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    const leaving = await createLawyer(on.app.ctx.db, on.app.ctx.clock, {
      email: `leaving.${engine}@test.example`,
      name: 'Lea Weg',
      gender: 'female',
      password: LAWYER_PASSWORD,
      phone: '+49301234568',
      role: 'lawyer',
    });
    expect((await admin.post(`${on.app.chatUrl}/api/admin/lawyers/${leaving.id}/deactivate`, { ReassignTo: null })).status).toBe(200);

    for (const target of ['unbekannt', leaving.id]) {
      const refused = await handOver(anna, created.CaseId, { ToLawyerId: target });
      expect([refused.status, refused.body.Error]).toEqual([400, 'UnknownColleague']);
      expect(refused.body.Message).toBe(
        'Bitte wählen Sie eine aktive Kollegin oder einen aktiven Kollegen Ihrer Kanzlei, die oder der die Fallakte übernimmt.',
      );
    }
    const same = await handOver(anna, created.CaseId, { ToLawyerId: annaId });
    expect([same.status, same.body.Error, same.body.Message]).toEqual([
      409,
      'SameLawyer',
      'Die Fallakte wird bereits von Dr. Anna Berger betreut. Bitte wählen Sie eine andere Person.',
    ]);
    const long = await handOver(anna, created.CaseId, { ToLawyerId: markusId, Note: 'x'.repeat(501) });
    expect([long.status, long.body.Error]).toEqual([400, 'HandOverNoteTooLong']);
    expect((await anna.post(lawyerUrl(created.CaseId, '/handover'), {})).status).toBe(400);
    expect(await holderOf(created.CaseId)).toBe(annaId);
    expect(await lawyerChanges(created.CaseId)).toEqual([]);
    expect(await auditEntries(created.CaseId)).toEqual([]);
  });

  it('should let exactly one of two hand-overs at the same moment win, the holder being checked in the update', async () => {
    const created = await createCaseFileAsLawyer(on.app, anna);
    // Both by the holder: whichever comes second finds the file no longer hers (404) or loses in the update (409).
    const answers = await Promise.all([handOver(anna, created.CaseId, { ToLawyerId: markusId }), handOver(anna, created.CaseId, { ToLawyerId: adminId })]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect([404, 409]).toContain(answers.find((a) => a.status !== 200)?.status);
    const winner = answers.find((a) => a.status === 200);
    expect(await holderOf(created.CaseId)).toBe(winner?.body.LawyerId);
    expect(await lawyerChanges(created.CaseId)).toHaveLength(1);
    expect(await auditEntries(created.CaseId)).toHaveLength(1);

    // A hand-over that read the old holder writes nothing: not the file, not the history, not the audit entry.
    const stale = await handOverHeldCaseFile(
      on.app.ctx.db,
      created.CaseId,
      annaId,
      { ...staleChange, lawyer_id: markusId },
      { id: 'stale-history', case_file_id: created.CaseId, created_at: staleChange.updated_at, kind: 'LawyerChanged', title: 't', text: 't' },
      () => Promise.reject(new Error('no audit for a lost hand-over')),
    );
    expect(stale).toBe('holderChanged');
    expect(await holderOf(created.CaseId)).toBe(winner?.body.LawyerId);
    expect(await lawyerChanges(created.CaseId)).toHaveLength(1);
  });
});
