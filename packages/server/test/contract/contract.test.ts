// Contract conformance: every call at its exact path with its exact names,
// shapes, status codes and content types, in the order a real client makes them, against the
// real entry point started like `npm start`, with plain fetch and the official SignalR client.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HttpTransportType } from '@microsoft/signalr';
import {
  CallbackList,
  CaseFileLawyer,
  CaseStatus,
  CaseFileCheck,
  ChatFileInfo,
  ChatMessage,
  ChatMessageList,
  ClassifyResult,
  CreateCaseFileResult,
  CurrentUser,
  Colleague,
  LawyerProfile,
  LoginInformation,
  Notification,
  ProtocolConfirmationPending,
  PublicSettings,
  Queue,
  ServiceHours,
  StartJoinResult,
  type StartChatRequest,
} from '@rechtschat/core';
import * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from '../support/cookieClient.js';
import {
  CASE_STATUS_KEYS,
  CHAT_MESSAGE_KEYS,
  connectOfficialClient,
  decoded,
  expectError,
  expectJson,
  expectKeys,
  LAWYER_PROFILE_KEYS,
  QUEUE_ENTRY_KEYS,
  repoRoot,
  startContractServer,
  type ContractServer,
  type Seed,
  type RecordingHub,
} from './harness.js';

const start: StartChatRequest = {
  Description: 'Mein Vermieter hat die Kaution nach dem Auszug nicht zurückgezahlt.',
  EMailAddress: 'teilnehmer@example.org',
  VerifiedEmail: true,
  FieldOfLaw: 3,
  FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
};
const run = promisify(execFile);
// A whole 1 × 1 PNG: a cut-off one is refused as broken since uploads lose their metadata chunks.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('contract of docs/api.md against the running server', () => {
  let server: ContractServer;
  let web: string;
  let chat: string;
  const participant = new CookieClient();
  const lawyer = new CookieClient();
  let participantHub: RecordingHub;
  let lawyerHub: RecordingHub;
  let ids: { CaseId: string; ChatId: string };
  let lawyerId: string;
  let fileId: string;

  beforeAll(async () => {
    server = await startContractServer();
    web = server.web;
  }, 60_000);

  afterAll(async () => {
    await participantHub?.stop();
    await lawyerHub?.stop();
    await server?.stop();
  });

  it('prints only the seed JSON on stdout for `npm run seed -- --json` from the repository root', async () => {
    const { stdout } = await run('npm', ['run', 'seed', '--', '--json'], { cwd: repoRoot, env: server.env });
    expect(JSON.parse(stdout)).toEqual(server.seed);
  });

  it('serves the flat public settings and the chat host address as text/plain with a trailing slash', async () => {
    const settings = await participant.get(`${web}/api/dl/public-settings`);
    expect(settings.status).toBe(200);
    expectJson(settings.headers);
    expectKeys(decoded(PublicSettings, settings.body), [
      'SentryDsn',
      'SentryProject',
      'VersionTag',
      'Environment',
      'FirmName',
      'ImprintUrl',
      'FirmPhone',
      'FirmEmail',
      'FirmDetails',
    ]);
    // The firm's details: one flat object of strings ('' = not given), FIRM_NAME's until an administrator saves.
    expect(Object.values(decoded(PublicSettings, settings.body).FirmDetails ?? {}).every((value) => typeof value === 'string')).toBe(true);
    const url = await participant.get(`${web}/api/chat/url`);
    expect(url.status).toBe(200);
    expect(url.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(url.text).toBe(server.chatHost);
    chat = url.text;
  });

  it('reports service hours and refuses the current user before login with 401 { Error, Message }', async () => {
    const hours = await participant.get(`${web}/api/service-hours`);
    expect(hours.status).toBe(200);
    expect(decoded(ServiceHours, hours.body).IsOpen).toBe(true);
    expectError(await participant.get(`${web}/api/authentication/user`), 401, 'NotAuthenticated');
  });

  it('logs the customer in with the seed insurance number exactly as given and returns the user', async () => {
    const login = await participant.post(`${web}/api/authentication/customer`, {
      InsuranceNumber: server.seed.insuranceNumber,
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    expect(login.status).toBe(200);
    const user = decoded(CurrentUser, login.body);
    const me = await participant.get(`${web}/api/authentication/user`);
    expect(me.status).toBe(200);
    expect(decoded(CurrentUser, me.body).Id).toBe(user.Id);
  });

  it('classifies the problem into { FieldOfLaw, FieldOfLawLongName }', async () => {
    const result = await participant.post(`${web}/api/chat/field-of-law/classify`, { Value: start.Description });
    expect(result.status).toBe(200);
    expectKeys(decoded(ClassifyResult, result.body), ['FieldOfLaw', 'FieldOfLawLongName']);
  });

  it('exchanges the text/plain session ticket for a chat-host session once', async () => {
    const ticket = await participant.get(`${web}/api/chat/session`);
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get('content-type')).toMatch(/^text\/plain/);
    const login = await participant.post(`${chat}api/login`, { Value: ticket.text });
    expect(login.status).toBe(204);
    expectError(await new CookieClient().post(`${chat}api/login`, { Value: ticket.text }), 401, 'NotAuthenticated');
  });

  it('starts a chat over the hub without any role parameter and answers Ping', async () => {
    participantHub = await connectOfficialClient(`${chat}signalr`, participant);
    expect(await participantHub.connection.invoke('Ping', '/chat/new')).toBeNull();
    ids = decoded(StartJoinResult, await participantHub.connection.invoke('StartChat', start));
    expectKeys(ids, ['CaseId', 'ChatId']);
  });

  it('logs the lawyer in and shows the chat in the queue', async () => {
    const login = await lawyer.post(`${chat}api/lawyer/login`, { Email: server.seed.lawyer.email, Password: server.seed.lawyer.password });
    expect(login.status).toBe(200);
    const profile = decoded(LawyerProfile, login.body);
    expectKeys(profile, LAWYER_PROFILE_KEYS);
    lawyerId = profile.Id;
    const me = await lawyer.get(`${chat}api/lawyer/me`);
    expect(decoded(LawyerProfile, me.body)).toEqual(profile);
    const queue = decoded(Queue, (await lawyer.get(`${chat}api/lawyer/queue`)).body);
    const entry = queue.find((e) => e.ChatId === ids.ChatId);
    expectKeys(entry, QUEUE_ENTRY_KEYS);
    expect(entry?.CaseId).toBe(ids.CaseId);
  });

  it('accepts the chat on a lawyer hub connection (lawyer cookie only, no ?as=) and notifies Joined', async () => {
    lawyerHub = await connectOfficialClient(`${chat}signalr`, lawyer);
    const accepted = decoded(StartJoinResult, await lawyerHub.connection.invoke('AcceptChat', ids.ChatId));
    expect(accepted).toEqual(ids);
    const joined = decoded(Notification, await participantHub.next<Notification>('SendNotification', (n) => n.Type === 'Joined'));
    expectKeys(joined, ['ChatId', 'Type', 'Data']);
    expect(joined.ChatId).toBe(ids.ChatId);
  });

  it('delivers messages both ways with numeric Type 2; SendMessage takes two arguments and returns the stored message', async () => {
    const sent = decoded(ChatMessage, await participantHub.connection.invoke('SendMessage', ids.ChatId, 'Guten Tag, ich habe eine Frage zur Kaution.'));
    expectKeys(sent, CHAT_MESSAGE_KEYS);
    expect(sent.Type).toBe(2);
    const atLawyer = decoded(ChatMessage, await lawyerHub.next<ChatMessage>('DistributeMessage', (m) => m.Id === sent.Id));
    expect(atLawyer.Message).toBe('Guten Tag, ich habe eine Frage zur Kaution.');
    const reply = decoded(ChatMessage, await lawyerHub.connection.invoke('SendMessage', ids.ChatId, 'Gern, worum geht es genau?'));
    expect(reply.Author?.Id).toBe(lawyerId);
    await participantHub.next<ChatMessage>('DistributeMessage', (m) => m.Id === reply.Id);
    const withClientId = decoded(ChatMessage, await participantHub.connection.invoke('SendMessage', ids.ChatId, 'Noch etwas.', 'client-id-0001'));
    expect(withClientId.ClientId).toBe('client-id-0001');
  });

  it('sends IsTyping to the other side only', async () => {
    expect(await participantHub.connection.invoke('SendTypingNotification', ids.ChatId)).toBeNull();
    const typing = decoded(Notification, await lawyerHub.next<Notification>('SendNotification', (n) => n.Type === 'IsTyping'));
    expect(typing).toEqual({ ChatId: ids.ChatId, Type: 'IsTyping', Data: null });
    expect(await lawyerHub.connection.invoke('SendTypingNotification', ids.ChatId)).toBeNull();
    await participantHub.next<Notification>('SendNotification', (n) => n.Type === 'IsTyping');
  });

  it('uploads a file (multipart), distributes it as Type 4 and serves it back', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    const upload = await participant.raw(`${chat}api/chat/file/${ids.ChatId}`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const info = decoded(ChatFileInfo, await upload.json());
    expectKeys(info, ['Id', 'ChatId', 'FileName', 'ContentType', 'Size']);
    fileId = info.Id;
    const message = decoded(ChatMessage, await lawyerHub.next<ChatMessage>('DistributeMessage', (m) => m.Type === 4));
    expect(message.FileId).toBe(fileId);
    const download = await participant.raw(`${chat}api/chat/file/${fileId}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await lawyer.raw(`${chat}api/chat/file/${fileId}`)).status).toBe(200);
  });

  it('answers the agent image as a text/plain URL', async () => {
    const image = await participant.get(`${chat}api/chat/agent/image/${ids.ChatId}/${lawyerId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await fetch(image.text)).status).toBe(200);
  });

  it('stores a callback request { Phone, Availability } and lists it for lawyers', async () => {
    const callback = await participant.post(`${chat}api/chat/${ids.ChatId}/callback`, { Phone: '0151 23456789', Availability: '24.11.2099, 08:00–12:00 Uhr' });
    expect(callback.status).toBe(204);
    const list = decoded(CallbackList, (await lawyer.get(`${chat}api/lawyer/callbacks`)).body);
    const entry = list.find((c) => c.ChatId === ids.ChatId);
    expectKeys(entry, [
      'Id',
      'ChatId',
      'CaseId',
      'CaseReference',
      'Phone',
      'PhoneDisplay',
      'Availability',
      'Description',
      'FieldOfLawLongName',
      'Created',
      'DoneAt',
      'DoneBy',
      'AssignedLawyer',
      'Claimed',
    ]);
    // Booked in the chat the lawyer holds: the callback is that lawyer's.
    expect(entry).toMatchObject({
      Phone: '+4915123456789',
      PhoneDisplay: '+49 151 23456789',
      DoneAt: null,
      DoneBy: null,
      AssignedLawyer: { Id: lawyerId },
      Claimed: false,
    });
  });

  it('closes with a phone request: both sides get ClosedAndRequestPhoneNumber and the status says so', async () => {
    expect(await lawyerHub.connection.invoke('CloseChat', ids.ChatId, true)).toBeNull();
    await participantHub.next<Notification>('SendNotification', (n) => n.Type === 'ClosedAndRequestPhoneNumber');
    await lawyerHub.next<Notification>('SendNotification', (n) => n.Type === 'ClosedAndRequestPhoneNumber');
    const status = await participant.get(`${chat}api/chat/case/${ids.CaseId}/status`);
    expect(status.status).toBe(200);
    const value = decoded(CaseStatus, status.body);
    expectKeys(value, CASE_STATUS_KEYS);
    expect(value).toMatchObject({ RequestPhoneNumber: true, LawyerConnected: false, CaseClosed: true, ParticipantEnteredEmail: true });
  });

  it('lists every message of the case in order', async () => {
    const list = await participant.get(`${chat}api/chat/message/for-case/${ids.CaseId}`);
    expect(list.status).toBe(200);
    const messages = decoded(ChatMessageList, list.body);
    // 1: the stored "lawyer joined" notice.
    expect(messages.map((m) => m.Type)).toEqual([1, 2, 2, 2, 4]);
    for (const m of messages) expectKeys(m, CHAT_MESSAGE_KEYS);
  });

  it('revokes file forwarding with PUT and hides the file from the lawyer', async () => {
    const revoke = await participant.raw(`${chat}api/chat/file/revoke-file-forwarding/${ids.ChatId}`, { method: 'PUT' });
    expect(revoke.status).toBe(204);
    expectError(await lawyer.get(`${chat}api/chat/file/${fileId}`), 404, 'NotFound');
  });

  it('runs the offboarding calls: second level, protocol, rating, usage confirmation as application/pdf', async () => {
    expect((await participant.post(`${web}/api/chat/secondLevel/${ids.CaseId}`, { Value: '0151 23456789' })).status).toBe(204);
    expect((await participant.post(`${web}/api/chat/secondLevel/param/kampagne-7`, { Value: '0151 23456789' })).status).toBe(204);
    // The address was never confirmed by the double opt-in's link: 202, the protocol follows the confirmation.
    const protocol = await participant.post(`${web}/api/chat/protocol/${ids.CaseId}`, { Value: 'teilnehmer@example.org' });
    expect(protocol.status).toBe(202);
    expect(decoded(ProtocolConfirmationPending, protocol.body).ConfirmationPending).toBe(true);
    expect((await participant.post(`${web}/api/chat/rating`, { CaseId: ids.CaseId, Stars: 5, Comment: 'Sehr hilfreich' })).status).toBe(204);
    expect(decoded(CaseStatus, (await participant.get(`${chat}api/chat/case/${ids.CaseId}/status`)).body).CaseRating).toBe(5);
    const pdf = await participant.raw(`${web}/api/chat/usage-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ CaseId: ids.CaseId }),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('forwards a chat: Forwarded with NewChatId, JoinLatestChat follows it, CloseChatByTimeout closes it', async () => {
    const ticket = await participant.get(`${web}/api/chat/session`);
    expect((await participant.post(`${chat}api/login`, { Value: ticket.text })).status).toBe(204);
    await participantHub.stop();
    participantHub = await connectOfficialClient(`${chat}signalr`, participant, HttpTransportType.ServerSentEvents);
    const second = decoded(StartJoinResult, await participantHub.connection.invoke('StartChat', start));
    expect(second.CaseId).not.toBe(ids.CaseId);
    await lawyerHub.next('QueueChanged');
    await lawyerHub.connection.invoke('AcceptChat', second.ChatId);
    const colleagues = decoded(t.array(Colleague), (await lawyer.get(`${chat}api/lawyer/colleagues`)).body);
    const colleague = colleagues[0]?.Id ?? '';
    const forwarded = decoded(StartJoinResult, await lawyerHub.connection.invoke('ForwardChat', second.ChatId, colleague));
    expect(decoded(Notification, await lawyerHub.next<Notification>('SendNotification', (n) => n.Type === 'Forwarded')).Data?.NewChatId).toBe(forwarded.ChatId);
    const queued = decoded(Queue, (await lawyer.get(`${chat}api/lawyer/queue`)).body);
    expect(queued.some((e) => e.ChatId === forwarded.ChatId)).toBe(false);
    const note = decoded(Notification, await participantHub.next<Notification>('SendNotification', (n) => n.Type === 'Forwarded'));
    expect(note.Data?.NewChatId).toBe(forwarded.ChatId);
    const notice = decoded(ChatMessage, await participantHub.next<ChatMessage>('DistributeMessage', (m) => m.ChatId === forwarded.ChatId));
    expect(notice.Type).toBe(5);
    const joined = decoded(StartJoinResult, await participantHub.connection.invoke('JoinLatestChat', second.CaseId));
    expect(joined).toEqual({ CaseId: second.CaseId, ChatId: forwarded.ChatId });
    expect(await participantHub.connection.invoke('CloseChatByTimeout', forwarded.ChatId)).toBeNull();
    await participantHub.next<Notification>('SendNotification', (n) => n.Type === 'Closed' && n.ChatId === forwarded.ChatId);
  });

  it('lets a lawyer who knows only their own id forward a chat back to themselves', async () => {
    const third = decoded(StartJoinResult, await participantHub.connection.invoke('StartChat', start));
    await lawyerHub.connection.invoke('AcceptChat', third.ChatId);
    const forwarded = decoded(StartJoinResult, await lawyerHub.connection.invoke('ForwardChat', third.ChatId, lawyerId));
    const entry = decoded(Queue, (await lawyer.get(`${chat}api/lawyer/queue`)).body).find((e) => e.ChatId === forwarded.ChatId);
    expect(entry?.AssignedLawyerId).toBe(lawyerId);
    expect(decoded(StartJoinResult, await lawyerHub.connection.invoke('AcceptChat', forwarded.ChatId))).toEqual(forwarded);
    expect(await lawyerHub.connection.invoke('CloseChat', forwarded.ChatId, false)).toBeNull();
    await participantHub.next<Notification>('SendNotification', (n) => n.Type === 'Closed' && n.ChatId === forwarded.ChatId);
  });

  it('reaches the hub over long polling, with skipNegotiation and at signalr/ with a trailing slash', async () => {
    const variants = [
      [`${chat}signalr`, HttpTransportType.LongPolling, false],
      [`${chat}signalr`, HttpTransportType.WebSockets, true],
      [`${chat}signalr/`, HttpTransportType.WebSockets, false],
    ] as const;
    for (const [url, transport, skipNegotiation] of variants) {
      const hub = await connectOfficialClient(url, lawyer, transport, skipNegotiation);
      expect(await hub.connection.invoke('Ping', '/konsole')).toBeNull();
      await hub.stop();
    }
  });

  it('answers CORS with credentials for the web origin only, on chat REST and on negotiate', async () => {
    for (const path of ['api/login', 'signalr/negotiate?negotiateVersion=1']) {
      const allowed = await fetch(`${chat}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: server.webOrigin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-requested-with,x-signalr-user-agent',
        },
      });
      expect(allowed.status).toBeLessThan(300);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(server.webOrigin);
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const foreign = await fetch(`${chat}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    }
    const status = await participant.raw(`${chat}api/chat/case/${ids.CaseId}/status`, { headers: { Origin: server.webOrigin } });
    expect(status.status).toBe(200);
    expect(status.headers.get('access-control-allow-origin')).toBe(server.webOrigin);
    expect(status.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers unknown API paths and malformed bodies with JSON { Error, Message }', async () => {
    expectError(await participant.get(`${web}/api/gibt-es-nicht`), 404, 'NotFound');
    expectError(await participant.get(`${chat}api/gibt-es-nicht`), 404, 'NotFound');
    expectError(await participant.post(`${web}/api/chat/field-of-law/classify`, { Wert: 'x' }), 400, 'BadRequest');
    expectError(await participant.post(`${web}/api/chat/field-of-law/classify`, '{kaputt'), 400, 'BadRequest');
  });

  it('tolerates a doubled slash after CHAT_HOST_URL and a trailing slash on REST paths', async () => {
    expect((await lawyer.get(`${chat}/api/lawyer/me`)).status).toBe(200);
    expect((await lawyer.get(`${chat}api/lawyer/queue/`)).status).toBe(200);
    expect((await participant.get(`${web}//api/chat/url/`)).text).toBe(chat);
  });

  it('logs the client into the seed case file with its PIN and reads the lawyer', async () => {
    const client = new CookieClient();
    const { token, pin, phoneNumberPart } = server.seed.caseFile;
    const base = `${web}/api/case-file`;
    expect((await client.get(`${base}/authenticated?token=${token}`)).body).toEqual({ Value: false });
    expect((await client.get(`${base}/${token}/consent`)).body).toEqual({ Value: false });
    const info = await client.get(`${base}/${token}/login-information`);
    expectKeys(decoded(LoginInformation, info.body), ['PhoneNumberPart']);
    expect((info.body as { PhoneNumberPart: string }).PhoneNumberPart).toBe(phoneNumberPart);
    expect(decoded(CaseFileCheck, (await client.get(`${base}/${token}/check`)).body)).toEqual({ Valid: true });
    const wrong = await client.post(`${base}/login`, {
      LoginData: { Pin: pin === '0000' ? '1111' : '0000', UrlToken: token },
      AgreedPrivacyWithLawyer: true,
      AgreedTermsOfService: true,
    });
    // From the first wrong PIN on the attempts left before the lock (docs/api.md): 4 of 5.
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ Error: 'NotAuthenticated', Message: expect.stringContaining('Noch 4 Versuche'), AttemptsLeft: 4 });
    const login = await client.post(`${base}/login`, { LoginData: { Pin: pin, UrlToken: token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true });
    expect(login.status).toBe(204);
    expect((await client.get(`${base}/authenticated?token=${token}`)).body).toEqual({ Value: true });
    const assigned = await client.get(`${base}/${token}/lawyer`);
    expectKeys(decoded(CaseFileLawyer, assigned.body), ['Name', 'Gender', 'ImageUrl', 'Email', 'Phone']);
    for (const part of ['case', 'person', 'history', 'documents', 'questionnaire']) expect((await client.get(`${base}/${token}/${part}`)).status).toBe(200);
    const attorney = await client.raw(`${base}/${token}/power-of-attorney`);
    expect(attorney.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect((await client.post(`${base}/logout`)).status).toBe(204);
    expect((await client.get(`${base}/authenticated?token=${token}`)).body).toEqual({ Value: false });
  });

  it('lets the lawyer create a case file whose link and PIN log the client in', async () => {
    const created = await lawyer.post(`${chat}api/lawyer/case-files`, {
      FirstName: 'Erika',
      LastName: 'Musterfrau',
      Phone: '+49 151 23456789',
      Title: 'Mietkaution',
    });
    expect(created.status).toBe(200);
    const file = decoded(CreateCaseFileResult, created.body);
    expectKeys(file, ['CaseId', 'CaseNumber', 'Url', 'Token', 'Pin']);
    expect(file.Url).toBe(`${server.webOrigin}/digitale-fallakte/${file.Token}`);
    const client = new CookieClient();
    const base = `${web}/api/case-file`;
    expect(decoded(LoginInformation, (await client.get(`${base}/${file.Token}/login-information`)).body).PhoneNumberPart).toBe('+49 151 ••• 45');
    const login = await client.post(`${base}/login`, {
      LoginData: { Pin: file.Pin, UrlToken: file.Token },
      AgreedPrivacyWithLawyer: true,
      AgreedTermsOfService: true,
    });
    expect(login.status).toBe(204);
    expect((await client.get(`${base}/${file.Token}/consent`)).body).toEqual({ Value: true });
  });

  it('accepts a Sentry envelope at /api/sentry-tunnel as the browser SDK sends it (text/plain)', async () => {
    const envelope = `${JSON.stringify({ event_id: '9ec79c33ec9942ab8353589fcb2e04dc', sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'Test' })}\n`;
    const tunnel = await fetch(`${web}/api/sentry-tunnel`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', Origin: server.webOrigin },
      body: envelope,
    });
    expect(tunnel.status).toBeGreaterThanOrEqual(200);
    expect(tunnel.status).toBeLessThan(300);
  });

  it('logs every side out with 204 and ends the sessions', async () => {
    // Body-less POST with a JSON content type, as HTTP client libraries send it.
    expect((await participant.raw(`${web}/api/authentication/logout`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(204);
    expectError(await participant.get(`${web}/api/authentication/user`), 401);
    expect((await participant.post(`${chat}api/logout`)).status).toBe(204);
    expectError(await participant.get(`${chat}api/chat/case/${ids.CaseId}/status`), 401);
    expect((await lawyer.post(`${chat}api/lawyer/logout`)).status).toBe(204);
    expectError(await lawyer.get(`${chat}api/lawyer/me`), 401);
  });
});

describe('`npm run seed -- --json` beside a server configured by its ports alone', () => {
  let server: ContractServer;

  beforeAll(async () => {
    // No WEB_ORIGINS and no CHAT_HOST_URL: the server derives its origins from PORT and CHAT_PORT.
    server = await startContractServer({ WEB_ORIGINS: undefined, CHAT_HOST_URL: undefined });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('prints links on the port the server listens on with the same environment, and the server answers them', async () => {
    expect(server.env.WEB_ORIGINS).toBeUndefined();
    const port = server.env.PORT ?? '';
    expect(port).not.toBe('8080');
    const { stdout } = await run('npm', ['run', 'seed', '--', '--json'], { cwd: repoRoot, env: server.env });
    const seed = JSON.parse(stdout) as Seed;
    expect(seed.chatUrl).toBe(`http://localhost:${port}/chat/new?InsuranceNumber=${encodeURIComponent(seed.insuranceNumber)}`);
    expect(seed.caseFile.url).toBe(`http://localhost:${port}/digitale-fallakte/${seed.caseFile.token}`);
    // The printed origin is the server's web origin: it answers there, and its product API takes the printed data.
    const origin = new URL(seed.chatUrl).origin;
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const client = new CookieClient();
    const login = await client.post(`${origin}/api/case-file/login`, {
      LoginData: { Pin: seed.caseFile.pin, UrlToken: seed.caseFile.token },
      AgreedPrivacyWithLawyer: true,
      AgreedTermsOfService: true,
    });
    expect(login.status).toBe(204);
  });
});
