// The protocol mail's double opt-in over real HTTP, on SQLite and PostgreSQL: an address the participant never
// confirmed gets a confirmation mail with a single-use link and nothing of the consultation; only the confirmed link
// sends the protocol with its PDF. A used, expired, replaced or altered link is refused and mails nothing; an expired
// one can be renewed – a new link to the same stored address, a few times, for a month; an address confirmed in an
// earlier consultation gets the protocol at once; the retention job and the erasure remove the rows.
import type {
  ActiveChatEntry,
  FinishedChatEntry,
  ProtocolConfirmationInfo,
  ProtocolConfirmationPending,
  ProtocolConfirmed,
  StartJoinResult,
} from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/features/retention/retention.js';
import { sha256 } from '../src/platform/ids.js';
import { connectLawyer, connectParticipant, startRequest, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { readableMailsTo } from './support/outbox.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const HOUR_MS = 3_600_000;
const CONFIRMATION_SUBJECT = 'Subject: Bitte bestätigen Sie Ihre E-Mail-Adresse für das Chatprotokoll';
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
    // TRUST_PROXY: each renewal test calls from its own address, so the per-address limit of one does not meet another's.
    app = await startTestApp({ clock, env: { TRUST_PROXY: 'loopback', ...(schema ? { DATABASE_URL: schema.url } : {}) } });
  });

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    await app?.stop();
    await schema?.drop();
  });

  const mailsTo = (address: string) => readableMailsTo(app.dataDir, address);
  const web = (path: string) => `${app.webUrl}${path}`;
  const tokenIn = (mail: string | undefined) => /\/protokoll\/bestaetigen#([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
  // Each request, check and confirmation from an address of its own: together this file's would exceed one address's limit.
  let calls = 0;
  const ownAddress = () => ({ 'x-forwarded-for': `203.0.113.${(calls++ % 250) + 1}` });
  const confirm = (token: string) => fetchJson<ProtocolConfirmed & Refusal>(web('/api/chat/protocol-confirmation/confirm'), { Token: token }, ownAddress());
  const inspect = (token: string) =>
    fetchJson<ProtocolConfirmationInfo & Refusal>(web('/api/chat/protocol-confirmation/inspect'), { Token: token }, ownAddress());
  const renew = (token: string, address: string) =>
    fetchJson<ProtocolConfirmationInfo & Refusal>(web('/api/chat/protocol-confirmation/renew'), { Token: token }, { 'x-forwarded-for': address });
  const purge = () => purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
  const linksOf = (caseId: string) =>
    app.ctx.db.selectFrom('protocol_mail_confirmations').select(['token_hash', 'email', 'renewals', 'used_at']).where('case_id', '=', caseId).execute();
  const request = async (person: Participant, caseId: string, email: string) => {
    const response = await person.http.raw(web(`/api/chat/protocol/${caseId}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ownAddress() },
      body: JSON.stringify({ Value: email }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as ProtocolConfirmationPending & Refusal };
  };

  /**
   * A consultation of `person` (a new person unless given) that a lawyer took and closed; no onboarding address unless
   * given. The lawyer signs in anew each time: the tests move the clock past the sessions' limits.
   */
  async function endedConsultation(
    person?: Participant,
    onboardingEmail: string | null = null,
  ): Promise<{ person: Participant; ids: StartJoinResult; lawyer: Participant }> {
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
    return { person: participant, ids, lawyer };
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

    // A third consultation with the confirmed address given in the chat (in other letters): the lawyer holding it reads
    // „per E-Mail bestätigt“; a chat with an address never confirmed by mail does not.
    const lawyer = await connectLawyer(app);
    open.push(lawyer);
    const third = await first.person.hub.connection.invoke<StartJoinResult>('StartChat', {
      ...startRequest(DESCRIPTION),
      EMailAddress: email.toUpperCase(),
      VerifiedEmail: true,
    });
    await lawyer.hub.connection.invoke('AcceptChat', third.ChatId);
    const stranger = await connectParticipant(app);
    open.push(stranger);
    const other = await stranger.hub.connection.invoke<StartJoinResult>('StartChat', {
      ...startRequest(DESCRIPTION),
      EMailAddress: `anders-${engine}@example.org`,
      VerifiedEmail: true,
    });
    await lawyer.hub.connection.invoke('AcceptChat', other.ChatId);
    const active = (await lawyer.http.get<ActiveChatEntry[]>(`${app.chatUrl}/api/lawyer/chats`)).body;
    expect(active.find((c) => c.ChatId === third.ChatId)).toMatchObject({ VerifiedEmail: true, EmailVerifiedByMail: true });
    expect(active.find((c) => c.ChatId === other.ChatId)).toMatchObject({ VerifiedEmail: true, EmailVerifiedByMail: false });
    await lawyer.hub.connection.invoke('CloseChat', third.ChatId, false);
    await lawyer.hub.connection.invoke('CloseChat', other.ChatId, false);
  });

  it('should refuse an expired link and mail nothing, and the retention job should delete it once it can no longer be renewed', async () => {
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

    // Kept for its renewal for 30 days after the expiry, then deleted with the address it names.
    await purge();
    expect(await linksOf(ids.CaseId)).toHaveLength(1);
    now = new Date(now.getTime() + 30 * 24 * HOUR_MS);
    const purged = await purge();
    expect(purged.protocolConfirmations).toBeGreaterThanOrEqual(1);
    expect(await linksOf(ids.CaseId)).toEqual([]);
    expect((await confirm(token)).body.Error).toBe('ProtocolLinkInvalid');
  });

  it('should renew an expired link by a new confirmation mail to the same stored address, whose link then confirms and sends the protocol', async () => {
    const { person, ids } = await endedConsultation();
    const email = `erneut-${engine}@example.org`;
    await request(person, ids.CaseId, email);
    const expiredToken = tokenIn(mailsTo(email)[0]);
    now = new Date(now.getTime() + 72 * HOUR_MS);
    expect((await confirm(expiredToken)).status).toBe(410);

    const renewed = await renew(expiredToken, `198.51.100.1`);
    expect(renewed.status).toBe(200);
    const expiresAt = new Date(now.getTime() + 48 * HOUR_MS).toISOString();
    expect(renewed.body).toEqual({ Reference: `RC-${ids.CaseId.slice(0, 8)}`, Email: email, ExpiresAt: expiresAt });
    const [, newMail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(newMail).toContain(CONFIRMATION_SUBJECT);
    expect(newMail).not.toMatch(/application\/pdf|Krawuttke|Vermieter/);
    const newToken = tokenIn(newMail);
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken).not.toBe(expiredToken);
    // The new link replaced the expired one, and it counts as the first renewal; the token itself is nowhere stored.
    expect(await linksOf(ids.CaseId)).toEqual([{ token_hash: sha256(newToken), email, renewals: 1, used_at: null }]);
    expect((await renew(expiredToken, `198.51.100.1`)).status).toBe(404);

    expect((await inspect(newToken)).body).toEqual(renewed.body);
    const confirmed = await confirm(newToken);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ Reference: `RC-${ids.CaseId.slice(0, 8)}`, Email: email, AlreadySent: false });
    expect(mailsTo(email).filter((mail) => mail.includes('application/pdf'))).toHaveLength(1);
  });

  it('should answer an unknown, altered or used link’s renewal with the confirmation’s neutral 404, a working link’s with 409, and mail nothing', async () => {
    const { person, ids } = await endedConsultation();
    const email = `neutral-${engine}@example.org`;
    await request(person, ids.CaseId, email);
    const token = tokenIn(mailsTo(email)[0]);
    const address = '198.51.100.2';
    const neutral = { Error: 'ProtocolLinkInvalid', Message: expect.stringContaining('Dieser Link ist ungültig') };

    const unknown = await renew('Q'.repeat(43), address);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(neutral);
    expect(unknown.body).toEqual((await confirm('Q'.repeat(43))).body);
    const altered = await renew(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, address);
    expect([altered.status, altered.body]).toEqual([404, neutral]);

    const open = await renew(token, address);
    expect(open.status).toBe(409);
    expect(open.body.Error).toBe('ProtocolLinkStillOpen');

    expect((await confirm(token)).status).toBe(200);
    now = new Date(now.getTime() + 48 * HOUR_MS);
    const used = await renew(token, address);
    expect([used.status, used.body]).toEqual([404, neutral]);
    expect(mailsTo(email).filter((mail) => mail.includes(CONFIRMATION_SUBJECT))).toHaveLength(1);
  });

  it('should renew a link at most three times, not a month after its expiry, not once the case ends or its protocol went out', async () => {
    const email = `grenzen-${engine}@example.org`;
    const confirmations = () => mailsTo(email).filter((mail) => mail.includes(CONFIRMATION_SUBJECT));
    const first = await endedConsultation();
    await request(first.person, first.ids.CaseId, email);
    let token = tokenIn(confirmations()[0]);
    for (let renewal = 1; renewal <= 3; renewal++) {
      now = new Date(now.getTime() + 48 * HOUR_MS);
      const renewed = await renew(token, `198.51.100.${10 + renewal}`);
      expect(renewed.status).toBe(200);
      token = tokenIn(confirmations()[renewal]);
    }
    now = new Date(now.getTime() + 48 * HOUR_MS);
    const limit = await renew(token, '198.51.100.20');
    expect(limit.status).toBe(409);
    expect(limit.body).toEqual({
      Error: 'ProtocolLinkRenewalLimit',
      Message:
        'Für diesen Link wurde schon 3-mal ein neuer gesendet. Sie können das Protokoll im Chat über Ihren persönlichen Link unter „Chatprotokoll herunterladen“ abrufen.',
    });
    expect(confirmations()).toHaveLength(4);
    // No renewal left: the retention job deletes it at once, not a month later.
    await purge();
    expect(await linksOf(first.ids.CaseId)).toEqual([]);

    // A month after its expiry (the retention job had not run yet): as if it were gone.
    const late = await endedConsultation();
    await request(late.person, late.ids.CaseId, `spaet-${email}`);
    const lateToken = tokenIn(mailsTo(`spaet-${email}`)[0]);
    now = new Date(now.getTime() + (48 + 30 * 24) * HOUR_MS);
    expect((await renew(lateToken, '198.51.100.21')).status).toBe(404);

    // The case's retention over (the job not yet run), or its erasure asked for: nothing more goes out for it.
    const ending = await endedConsultation();
    await request(ending.person, ending.ids.CaseId, `ende-${email}`);
    const endingToken = tokenIn(mailsTo(`ende-${email}`)[0]);
    now = new Date(now.getTime() + 48 * HOUR_MS);
    await app.ctx.db.updateTable('cases').set({ retention_until: now.toISOString() }).where('id', '=', ending.ids.CaseId).execute();
    expect((await renew(endingToken, '198.51.100.22')).status).toBe(404);
    expect(mailsTo(`ende-${email}`)).toHaveLength(1);

    // The protocol went out meanwhile (to an address confirmed otherwise): nothing is left to confirm.
    const sent = await endedConsultation();
    await request(sent.person, sent.ids.CaseId, `gesendet-${email}`);
    const sentToken = tokenIn(mailsTo(`gesendet-${email}`)[0]);
    now = new Date(now.getTime() + 48 * HOUR_MS);
    await app.ctx.db.updateTable('cases').set({ protocol_sent_at: now.toISOString() }).where('id', '=', sent.ids.CaseId).execute();
    const already = await renew(sentToken, '198.51.100.23');
    expect([already.status, already.body.Error]).toEqual([409, 'ProtocolAlreadySent']);
    expect(mailsTo(`gesendet-${email}`)).toHaveLength(1);
  });

  it('should limit renewals per address to five a minute', async () => {
    const address = '198.51.100.30';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await renew('Q'.repeat(43), address)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect((await renew('Q'.repeat(43), '198.51.100.31')).status).toBe(404);
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
    const { person, ids, lawyer } = await endedConsultation(undefined, email);
    // The lawyer's console: the address was retyped in the chat, not yet confirmed by mail.
    const byMail = async () =>
      (await lawyer.http.get<FinishedChatEntry[]>(`${app.chatUrl}/api/lawyer/chats/finished`)).body.find((c) => c.ChatId === ids.ChatId);
    expect(await byMail()).toMatchObject({ Email: email, VerifiedEmail: true, EmailVerifiedByMail: false });
    const [mail] = await waitUntil(() => (mailsTo(email).length > 0 ? mailsTo(email) : undefined), 'the confirmation mail', 15_000);
    expect(mail).toContain(CONFIRMATION_SUBJECT);
    expect(mail).not.toContain('application/pdf');
    const status = await person.http.get<{ ProtocolEmail: string; ProtocolConfirmationPending: boolean }>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(status.body).toMatchObject({ ProtocolEmail: email, ProtocolConfirmationPending: true });

    expect((await confirm(tokenIn(mail))).status).toBe(200);
    const after = await person.http.get<{ ProtocolConfirmationPending: boolean }>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`);
    expect(after.body.ProtocolConfirmationPending).toBe(false);
    expect(mailsTo(email).some((m) => m.includes('application/pdf'))).toBe(true);
    expect(await byMail()).toMatchObject({ Email: email, VerifiedEmail: true, EmailVerifiedByMail: true });
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

async function fetchJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}
