// Journeys shared by the integration tests: a participant through the product API into the
// chat host, and a lawyer into the console API.
import type { StartChatRequest, StartJoinResult } from '@rechtschat/core';
import { CookieClient } from '../support/cookieClient.js';
import { connectHub, type HubClient } from '../support/hubClient.js';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/testApp.js';

export interface Participant {
  readonly http: CookieClient;
  readonly hub: HubClient;
}

let counter = 0;

/** A fresh insurance number per call, so every participant is a different person. */
export function uniqueInsuranceNumber(): string {
  counter += 1;
  return Buffer.from(`VN${process.pid}${Date.now() % 1_000_000}${counter}`).toString('base64');
}

export async function loginParticipant(app: TestApp, insuranceNumber = uniqueInsuranceNumber()): Promise<CookieClient> {
  const http = new CookieClient();
  const login = await http.post(`${app.webUrl}/api/authentication/customer`, {
    InsuranceNumber: insuranceNumber,
    AgreedPrivacy: true,
    AgreedTermsOfService: true,
  });
  if (login.status !== 200) throw new Error(`customer login failed: ${login.status} ${login.text}`);
  const ticket = await http.get<string>(`${app.webUrl}/api/chat/session`);
  if (ticket.status !== 200) throw new Error(`ticket failed: ${ticket.status}`);
  const chatLogin = await http.post(`${app.chatUrl}/api/login`, { Value: ticket.text });
  if (chatLogin.status !== 204) throw new Error(`chat login failed: ${chatLogin.status} ${chatLogin.text}`);
  return http;
}

export async function connectParticipant(app: TestApp, insuranceNumber?: string): Promise<Participant> {
  const http = await loginParticipant(app, insuranceNumber);
  return { http, hub: await connectHub(app.chatUrl, http, { role: 'participant' }) };
}

export async function connectLawyer(app: TestApp, index = 0): Promise<Participant> {
  const lawyer = app.lawyers[index];
  if (!lawyer) throw new Error('no such lawyer');
  const http = new CookieClient();
  const login = await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password });
  if (login.status !== 200) throw new Error(`lawyer login failed: ${login.status} ${login.text}`);
  return { http, hub: await connectHub(app.chatUrl, http, { role: 'lawyer' }) };
}

export const startRequest = (description = 'Mein Vermieter hat mir die Wohnung gekündigt, was kann ich tun?'): StartChatRequest => ({
  Description: description,
  EMailAddress: 'teilnehmer@example.org',
  VerifiedEmail: true,
  FieldOfLaw: 3,
  FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
});

export async function startChat(participant: Participant): Promise<StartJoinResult> {
  return participant.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
}

/**
 * The protocol mail's double opt-in done before: `email` counts as confirmed by the participant of `caseId` (an earlier
 * consultation's link), so the protocol goes there directly – for tests about what follows the mail, not the opt-in.
 */
export async function confirmedProtocolAddress(app: TestApp, caseId: string, email: string): Promise<void> {
  const { participant_id } = await app.ctx.db.selectFrom('cases').select('participant_id').where('id', '=', caseId).executeTakeFirstOrThrow();
  const at = app.ctx.clock.now().toISOString();
  await app.ctx.db
    .insertInto('confirmed_protocol_addresses')
    .values({ participant_id, email: email.toLowerCase(), confirmed_at: at, last_used_at: at })
    .execute();
}

/** The first lawyer and a new client, both on the hub, in a chat the lawyer has accepted. */
export async function acceptedChat(app: TestApp): Promise<{ lawyer: Participant; participant: Participant; ids: StartJoinResult }> {
  const [lawyer, participant] = await Promise.all([connectLawyer(app, 0), connectParticipant(app)]);
  const ids = await startChat(participant);
  await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
  return { lawyer, participant, ids };
}

/**
 * Inside a describe: a test app started before its tests and stopped after them, with one person (`role`) connected to
 * its hub. The fields are set once the describe's beforeAll has run.
 */
function useAppWith<Role extends string>(
  role: Role,
  connect: (app: TestApp) => Promise<Participant>,
  options: TestAppOptions,
): { app: TestApp } & Record<Role, Participant> {
  const running = {} as { app: TestApp } & Record<Role, Participant>;
  const person = running as unknown as Partial<Record<Role, Participant>>;
  beforeAll(async () => {
    running.app = await startTestApp(options);
    person[role] = await connect(running.app);
  });
  afterAll(async () => {
    await person[role]?.hub.stop();
    await running.app?.stop();
  });
  return running;
}

/** A test app with a lawyer connected to its hub (see useAppWith). */
export const useAppWithLawyer = (options: TestAppOptions = {}) => useAppWith('lawyer', connectLawyer, options);

/** A test app with a participant (an insured person signed in) connected to its hub (see useAppWith). */
export const useAppWithParticipant = (options: TestAppOptions = {}) => useAppWith('participant', connectParticipant, options);

/**
 * Inside a describe: a test app with a participant whose consultation a lawyer has accepted – both connected to its hub,
 * the chat's ids in `ids`. Set once the describe's beforeAll has run; stopped after its tests.
 */
export function useAcceptedChat(options: TestAppOptions = {}): { app: TestApp; participant: Participant; lawyer: Participant; ids: StartJoinResult } {
  const running = {} as { app: TestApp; participant: Participant; lawyer: Participant; ids: StartJoinResult };
  beforeAll(async () => {
    running.app = await startTestApp(options);
    running.participant = await connectParticipant(running.app);
    running.lawyer = await connectLawyer(running.app);
    running.ids = await startChat(running.participant);
    await running.lawyer.hub.connection.invoke('AcceptChat', running.ids.ChatId);
  });
  afterAll(async () => {
    await running.participant?.hub.stop();
    await running.lawyer?.hub.stop();
    await running.app?.stop();
  });
  return running;
}
