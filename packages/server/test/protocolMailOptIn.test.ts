// The protocol mail's double opt-in over real HTTP, on SQLite and PostgreSQL: an address the participant never
// confirmed gets a confirmation mail with a single-use link and nothing of the consultation; only the confirmed link
// sends the protocol with its PDF. A used, expired, replaced or altered link is refused and mails nothing; an address
// confirmed in an earlier consultation gets the protocol at once; the retention job and the erasure remove the rows.
import type { ProtocolConfirmationInfo, ProtocolConfirmationPending, ProtocolConfirmed, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/features/retention/retention.js';
import { sha256 } from '../src/platform/ids.js';
import { connectLawyer, connectParticipant, startRequest, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { readableMailsTo } from './support/outbox.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const HOUR_MS = 3_600_000;
const CONFIRMATION_SUBJECT = 'Subject: Bitte bestätigen Sie Ihre E-Mail-Adresse für das Chat-Protokoll';
const DESCRIPTION = 'Mein Vermieter Herr Krawuttke hat mir die Wohnung gekündigt, was kann ich tun?';

type Refusal = { Error: string; Message: string };

describe.each(['sqlite', 'postgres'] as const)('the protocol mail’s double opt-in on %s', (engine) => {
  let now = new Date('2026-06-01T08:00:00.000Z');
  const clock = { now: () => now };
  let schema: TestSchema | undefined;
  let app: TestApp;
  const open: Participant[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
  });

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    await app?.stop();
    await schema?.drop();
  });

  const mailsTo = (address: string) => readableMailsTo(app.dataDir, address);
  const web = (path: string) => `${app.webUrl}${path}`;
  const tokenIn = (mail: string | undefined) => /\/protokoll\/bestaetigen#([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
  const confirm = (token: string) => fetchJson<ProtocolConfirmed & Refusal>(web('/api/chat/protocol-confirmation/confirm'), { Token: token });
  const inspect = (token: string) => fetchJson<ProtocolConfirmationInfo & Refusal>(web('/api/chat/protocol-confirmation/inspect'), { Token: token });
  const request = (person: Participant, caseId: string, email: string) =>
    person.http.post<ProtocolConfirmationPending & Refusal>(web(`/api/chat/protocol/${caseId}`), { Value: email });

  /**
   * A consultation of `person` (a new person unless given) that a lawyer took and closed; no onboarding address unless
   * given. The lawyer signs in anew each time: the tests move the clock past the sessions' limits.
   */
  async function endedConsultation(person?: Participant, onboardingEmail: string | null = null): Promise<{ person: Participant; ids: StartJoinResult }> {
    const participant = person ?? (await connectParticipant(app));
    const lawyer = await connectLawyer(app);
    open.push(lawyer, ...(person ? [] : [participant]));
    const ids = await participant.hub.connection.invoke<StartJoinResult>('StartChat', {
      ...startRequest(DESCRIPTION),
      EMailAddress: onboardingEmail,
      VerifiedEmail: onboardingEmail !== null,
    });
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
    return { person: participant, ids };
  }

  it('should mail only a confirmation without the consultation first, and the protocol with its PDF once the link is confirmed, once', async () => {
    const { person, ids } = await endedConsultation();
    const email = `erika-${engine}@example.org`;

    const requested = await request(person, ids.CaseId, email);
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ ConfirmationPending: true, ExpiresAt: new Date(now.getTime() + 48 * HOUR_MS).toISOString() });
    const [confirmation, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(confirmation).toContain(CONFIRMATION_SUBJECT);
    expect(confirmation).toContain(`${app.webOrigin}/protokoll/bestaetigen#`);
    expect(confirmation).toContain('Der Link gilt einmal und bis 3. Juni 2026 um 10:00 Uhr.');
    // Nothing of the consultation: no PDF, no description, no other party, no field of law, no lawyer.
    expect(confirmation).not.toMatch(/application\/pdf|Krawuttke|Vermieter|Wohnungseigentum|Anna Berger/);
    const token = tokenIn(confirmation);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored as its SHA-256 only.
    const stored = await app.ctx.db.selectFrom('protocol_mail_confirmations').selectAll().where('case_id', '=', ids.CaseId).execute();
    expect(stored).toEqual([expect.objectContaining({ token_hash: sha256(token), email, used_at: null })]);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await inspect(token)).body).toEqual({ Reference: `RC-${ids.CaseId.slice(0, 8)}`, Email: email, ExpiresAt: requested.body.ExpiresAt });
    expect(mailsTo(email)).toHaveLength(1);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ Reference: `RC-${ids.CaseId.slice(0, 8)}`, Email: email, AlreadySent: false });
    const protocol = mailsTo(email).find((mail) => mail.includes('Subject: Ihr Chatprotokoll'));
    expect(protocol).toMatch(/Content-Type: application\/pdf; name=Chatprotokoll-RC-/);

    const again = await confirm(token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      Error: 'ProtocolLinkUsed',
      Message: 'Mit diesem Link wurde das Protokoll bereits angefordert. Bitte sehen Sie in Ihrem Postfach nach.',
    });
    expect((await inspect(token)).status).toBe(409);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('should send the protocol of a later consultation straight to an address the person confirmed before, in any case of letters', async () => {
    const first = await endedConsultation();
    const email = `max-${engine}@example.org`;
    await request(first.person, first.ids.CaseId, email);
    expect((await confirm(tokenIn(mailsTo(email)[0]))).status).toBe(200);

    const second = await endedConsultation(first.person);
    const direct = await request(first.person, second.ids.CaseId, email.toUpperCase());
    expect(direct.status).toBe(204);
    const protocols = mailsTo(email).filter((mail) => mail.includes('application/pdf'));
    expect(protocols.map((mail) => /Subject: Ihr Chatprotokoll (RC-\w+)/.exec(mail)?.[1]).sort()).toEqual(
      [first.ids.CaseId, second.ids.CaseId].map((id) => `RC-${id.slice(0, 8)}`).sort(),
    );
    expect(mailsTo(email).filter((mail) => mail.includes(CONFIRMATION_SUBJECT))).toHaveLength(1);
  });

  it('should refuse an expired link and mail nothing, and the retention job should then delete it', async () => {
    const { person, ids } = await endedConsultation();
    const email = `spaet-${engine}@example.org`;
    await request(person, ids.CaseId, email);
    const token = tokenIn(mailsTo(email)[0]);
    now = new Date(now.getTime() + 48 * HOUR_MS);

    const expired = await confirm(token);
    expect(expired.status).toBe(410);
    expect(expired.body.Error).toBe('ProtocolLinkExpired');
    expect((await inspect(token)).body.Error).toBe('ProtocolLinkExpired');
    expect(mailsTo(email)).toHaveLength(1);

    const purged = await purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
    expect(purged.protocolConfirmations).toBeGreaterThanOrEqual(1);
    expect(await app.ctx.db.selectFrom('protocol_mail_confirmations').select('case_id').where('case_id', '=', ids.CaseId).execute()).toEqual([]);
    expect((await confirm(token)).body.Error).toBe('ProtocolLinkInvalid');
  });

  it('should refuse someone else’s case and an altered or replaced link, and mail nothing for them', async () => {
    const owner = await endedConsultation();
    const stranger = await connectParticipant(app);
    open.push(stranger);
    const typo = `erika-${engine}@exampel.org`;
    const email = `erika.richtig-${engine}@example.org`;

    const foreign = await request(stranger, owner.ids.CaseId, `fremd-${engine}@example.org`);
    expect(foreign.status).toBe(404);
    expect(mailsTo(`fremd-${engine}@example.org`)).toEqual([]);

    expect((await request(owner.person, owner.ids.CaseId, typo)).status).toBe(202);
    const typoToken = tokenIn(mailsTo(typo)[0]);
    // The same address again (a reload of the offboarding) sends no second mail; another address replaces the link.
    expect((await request(owner.person, owner.ids.CaseId, typo)).status).toBe(202);
    expect(mailsTo(typo)).toHaveLength(1);
    expect((await request(owner.person, owner.ids.CaseId, email)).status).toBe(202);
    const replaced = await confirm(typoToken);
    expect(replaced.status).toBe(404);
    expect(replaced.body.Error).toBe('ProtocolLinkInvalid');

    const token = tokenIn(mailsTo(email)[0]);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await confirm(altered)).body.Error).toBe('ProtocolLinkInvalid');
    expect((await confirm('x'.repeat(500))).body.Error).toBe('ProtocolLinkInvalid');
    expect(mailsTo(typo)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
    expect((await confirm(token)).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('should mail the confirmation, not the protocol, to the onboarding address once the lawyer closed the chat, and say so in the case status', async () => {
    const email = `onboarding-${engine}@example.org`;
    const { person, ids } = await endedConsultation(undefined, email);
    const [mail] = await waitUntil(() => (mailsTo(email).length > 0 ? mailsTo(email) : undefined), 'the confirmation mail', 15_000);
    expect(mail).toContain(CONFIRMATION_SUBJECT);
    expect(mail).not.toContain('application/pdf');
    const status = await person.http.get<{ ProtocolEmail: string; ProtocolConfirmationPending: boolean }>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(status.body).toMatchObject({ ProtocolEmail: email, ProtocolConfirmationPending: true });

    expect((await confirm(tokenIn(mail))).status).toBe(200);
    const after = await person.http.get<{ ProtocolConfirmationPending: boolean }>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(after.body.ProtocolConfirmationPending).toBe(false);
    expect(mailsTo(email).some((m) => m.includes('application/pdf'))).toBe(true);
  });

  it('should delete a confirmed address a year after the last protocol went there', async () => {
    const { person, ids } = await endedConsultation();
    const email = `jahr-${engine}@example.org`;
    await request(person, ids.CaseId, email);
    await confirm(tokenIn(mailsTo(email)[0]));
    const stored = () => app.ctx.db.selectFrom('confirmed_protocol_addresses').select('email').where('email', '=', email).execute();
    expect(await stored()).toEqual([{ email }]);
    now = new Date(now.getTime() + 364 * 24 * HOUR_MS);
    await purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
    expect(await stored()).toEqual([{ email }]);
    now = new Date(now.getTime() + 2 * 24 * HOUR_MS);
    const purged = await purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
    expect(purged.confirmedAddresses).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
  });
});

async function fetchJson<T>(url: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}
