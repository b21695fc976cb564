/// <reference types="node" />
// The browser adapters (product API, chat host API, hub) against the real product server in a child
// process. The tests walk one consultation in order – login, chat, lawyer joins, after-chat – so
// later tests build on the state earlier ones created, just as the web app does.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatHostApi, ChatMessage, Logger, ProductApi, StartJoinResult } from '@rechtschat/core';
import { createChatHostApi } from '../../src/http/chatHostApi.adapter.js';
import { NodeUploadRequest } from '../support/nodeUploadRequest.js';
import { createProductApi } from '../../src/http/productApi.adapter.js';
import { SignalRChatHub, buildHubConnection } from '../../src/signalr/signalrChatHub.adapter.js';
import { createCookieJarFetch, type CookieJarFetch } from '../support/cookieJarFetch.js';
import { startProductServer, type ProductServer } from '../support/productServer.js';

const startRequest = {
  Description: 'Mein Arbeitgeber hat mir fristlos gekündigt. Was kann ich tun?',
  EMailAddress: null,
  VerifiedEmail: false,
  FieldOfLaw: 1,
  FieldOfLawLongName: 'Arbeitsrecht (Kündigung, Arbeitsvertrag, Lohn, Zeugnis)',
};

/** Logs the demo lawyer in on the chat host and connects the official client in the lawyer role. */
async function connectLawyer(server: ProductServer): Promise<HubConnection> {
  const lawyerBrowser = createCookieJarFetch(server.webUrl);
  const login = await lawyerBrowser.fetch(`${server.chatUrl}api/lawyer/login`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Email: server.demo.lawyer.email, Password: server.demo.lawyer.password }),
  });
  expect(login.status).toBe(200);
  const hubUrl = `${server.chatUrl}signalr?as=lawyer`;
  const connection = new HubConnectionBuilder()
    .withUrl(hubUrl, { headers: { Cookie: lawyerBrowser.cookieHeader(hubUrl) } })
    .configureLogging(LogLevel.Error)
    .build();
  await connection.start();
  return connection;
}

/** The test's upload request with the cookie jar's cookies for the upload's address. */
function uploadRequestWithCookies(jar: CookieJarFetch): NodeUploadRequest {
  const request = new NodeUploadRequest();
  const open = request.open.bind(request);
  request.open = (method, url) => {
    open(method, url);
    request.setRequestHeader('Cookie', jar.cookieHeader(url));
  };
  return request;
}

describe('browser adapters against the real product server', () => {
  let server: ProductServer;
  let browser: CookieJarFetch;
  let product: ProductApi;
  let chatHost: ChatHostApi;
  let hub: SignalRChatHub;
  let lawyer: HubConnection | undefined;
  const requestedUrls: string[] = [];
  const logger: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  // Filled in as the consultation goes on.
  let participantId = '';
  let chat: StartJoinResult = { CaseId: '', ChatId: '' };
  let participantMessage: ChatMessage | undefined;
  /** DistributeMessage copies of the participant's own message that reached its own connection (none expected). */
  let ownCopies: ChatMessage[] = [];
  let lawyerMessage: ChatMessage | undefined;

  beforeAll(async () => {
    server = await startProductServer();
    browser = createCookieJarFetch(server.webUrl);
    const recordingFetch: typeof browser.fetch = (input, init) => {
      requestedUrls.push(input.toString());
      return browser.fetch(input, init);
    };
    product = createProductApi({ baseUrl: server.webUrl, fetch: recordingFetch });
    chatHost = createChatHostApi({
      chatUrl: () => product.getChatUrl(),
      fetch: recordingFetch,
      // Uploads go through XMLHttpRequest in the browser (progress, cancel); here the same request over node:http,
      // carrying this browser's cookies as the browser's XHR does (withCredentials).
      createUploadRequest: () => uploadRequestWithCookies(browser),
    });
    hub = new SignalRChatHub({
      chatUrl: () => product.getChatUrl(),
      logger,
      connect: (url, reconnectPolicy) => buildHubConnection(url, reconnectPolicy, { Cookie: browser.cookieHeader(url) }),
    });
  });

  afterAll(async () => {
    await lawyer?.stop();
    if (hub) await firstValueFrom(hub.stop());
    await server?.stop();
  });

  it('should decode the public settings of the running environment', async () => {
    const settings = await firstValueFrom(product.getPublicSettings());
    expect(settings).toEqual({
      _tag: 'Right',
      right: {
        SentryDsn: expect.any(String),
        SentryProject: expect.any(String),
        VersionTag: expect.any(String),
        Environment: 'development',
        FirmName: expect.any(String),
        ImprintUrl: null,
        // The demo seed's fictional Kanzleiangaben (development): phone and e-mail follow them.
        FirmPhone: '+49 30 12345678',
        FirmEmail: 'kanzlei@berger-hoffmann.example',
        FirmDetails: expect.objectContaining({ Street: 'Musterstraße 12', PostalCode: '10115', City: 'Berlin' }),
      },
    });
  });

  it('should fetch the chat host address once and hand it out with a trailing slash', async () => {
    const [first, second] = await Promise.all([firstValueFrom(product.getChatUrl()), firstValueFrom(product.getChatUrl())]);
    const third = await firstValueFrom(product.getChatUrl());
    for (const answer of [first, second, third]) expect(answer).toEqual({ _tag: 'Right', right: server.chatUrl });
    expect(server.chatUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(requestedUrls.filter((url) => url.endsWith('/api/chat/url'))).toHaveLength(1);
  });

  it('should answer "nobody signed in" before the customer login', async () => {
    expect(await firstValueFrom(product.getCurrentUser())).toEqual({ _tag: 'Right', right: null });
  });

  it('should turn a refused login into an HttpError value carrying the German message of the server', async () => {
    const refused = await firstValueFrom(
      product.loginCustomer({ InsuranceNumber: server.demo.insuranceNumber, AgreedPrivacy: false, AgreedTermsOfService: true }),
    );
    expect(refused).toEqual({
      _tag: 'Left',
      left: { _tag: 'HttpError', status: 400, code: 'BadRequest', message: 'Bitte stimmen Sie den Nutzungsbedingungen und den Datenschutzhinweisen zu.' },
    });
  });

  it('should log the customer in with the demo insurance number and then know the current user', async () => {
    const login = await firstValueFrom(
      product.loginCustomer({ InsuranceNumber: server.demo.insuranceNumber, AgreedPrivacy: true, AgreedTermsOfService: true }),
    );
    expect(login).toEqual({ _tag: 'Right', right: { Id: expect.any(String), Role: 'participant', Name: null, CaseId: null, OpenChatCaseId: null } });
    participantId = login._tag === 'Right' ? login.right.Id : '';
    expect(await firstValueFrom(product.getCurrentUser())).toEqual({
      _tag: 'Right',
      right: { Id: participantId, Role: 'participant', Name: null, CaseId: null, OpenChatCaseId: null },
    });
  });

  it('should decode the service hours (open around the clock in this set-up, no closure day entered)', async () => {
    const hours = await firstValueFrom(product.getServiceHours());
    expect(hours).toEqual({
      _tag: 'Right',
      right: { IsOpen: true, Hours: expect.any(Array), TimeZone: 'Europe/Berlin', Closure: null, UpcomingClosures: [], OpensAt: null },
    });
  });

  it('should classify a description into a field of law', async () => {
    const result = await firstValueFrom(product.classify('Mein Vermieter hat die Wohnung gekündigt und will die Mietkaution nicht zurückzahlen.'));
    expect(result).toEqual({ _tag: 'Right', right: { FieldOfLaw: 3, FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht' } });
  });

  it('should exchange a one-time chat session ticket for a chat host session', async () => {
    const ticket = await firstValueFrom(product.getChatSessionTicket());
    expect(ticket._tag).toBe('Right');
    const value = ticket._tag === 'Right' ? ticket.right : '';
    expect(await firstValueFrom(chatHost.login(value))).toEqual({ _tag: 'Right', right: undefined });
    expect(browser.cookieHeader(server.chatUrl)).toMatch(/rc_chat_session=/);
    const reused = await firstValueFrom(chatHost.login(value));
    expect(reused._tag === 'Left' && reused.left).toMatchObject({ _tag: 'HttpError', status: 401, message: 'Bitte melden Sie sich an.' });
  });

  it('should connect the hub adapter with the chat host session and start a chat', async () => {
    expect(await firstValueFrom(hub.start())).toEqual({ _tag: 'Right', right: undefined });
    expect(await firstValueFrom(hub.connectionState$)).toBe('connected');
    const started = await firstValueFrom(hub.startChat(startRequest));
    expect(started).toEqual({ _tag: 'Right', right: { CaseId: expect.any(String), ChatId: expect.any(String) } });
    if (started._tag === 'Right') chat = started.right;
  });

  it('should turn a hub exception into an error value with the German message', async () => {
    const refused = await firstValueFrom(hub.startChat({ ...startRequest, Description: '   ' }));
    expect(refused._tag === 'Left' && refused.left).toMatchObject({
      _tag: 'HttpError',
      code: 'HubError',
      message: expect.stringContaining('Bitte beschreiben Sie Ihr Anliegen'),
    });
  });

  it('should return the stored message from SendMessage, without a second copy to the sending connection', async () => {
    ownCopies = [];
    hub.messages$.pipe(filter((m) => m.ClientId === 'teilnehmer-0001')).subscribe((m) => ownCopies.push(m));
    const sent = await firstValueFrom(hub.sendMessage(chat.ChatId, 'Guten Tag, ich brauche Hilfe.', 'teilnehmer-0001'));
    expect(sent).toEqual({
      _tag: 'Right',
      right: expect.objectContaining({
        Id: expect.any(String),
        ChatId: chat.ChatId,
        Message: 'Guten Tag, ich brauche Hilfe.',
        Type: 2,
        ClientId: 'teilnehmer-0001',
        Created: expect.any(String),
      }),
    });
    participantMessage = sent._tag === 'Right' ? sent.right : undefined;
  });

  it('should announce a lawyer who accepts the chat (Joined) and deliver the lawyer message', async () => {
    const joined = firstValueFrom(hub.notifications$.pipe(filter((n) => n.Type === 'Joined')));
    const fromLawyer = firstValueFrom(hub.messages$.pipe(filter((m) => m.ClientId === 'anwalt-00001')));
    lawyer = await connectLawyer(server);
    expect(await lawyer.invoke('AcceptChat', chat.ChatId)).toEqual(chat);
    await lawyer.invoke('SendMessage', chat.ChatId, 'Guten Tag, hier ist Dr. Anna Berger.', 'anwalt-00001');
    expect(await joined).toEqual({ ChatId: chat.ChatId, Type: 'Joined', Data: { LawyerName: 'Dr. Anna Berger' } });
    lawyerMessage = await fromLawyer;
    // One ordered stream: had the participant's own message come back as DistributeMessage, it would be here by now.
    expect(ownCopies).toEqual([]);
    expect(lawyerMessage).toMatchObject({
      ChatId: chat.ChatId,
      Message: 'Guten Tag, hier ist Dr. Anna Berger.',
      Type: 2,
      Author: { Id: expect.any(String), Name: 'Dr. Anna Berger' },
    });
  });

  it('should decode the case status and the case messages in order', async () => {
    const status = await firstValueFrom(chatHost.getCaseStatus(chat.CaseId));
    expect(status).toEqual({ _tag: 'Right', right: expect.objectContaining({ LawyerConnected: true, CaseClosed: false, Disabled: false }) });
    const messages = await firstValueFrom(chatHost.getMessagesForCase(chat.CaseId));
    expect(messages._tag).toBe('Right');
    const texts = messages._tag === 'Right' ? messages.right.filter((m) => m.Type === 2).map((m) => m.Id) : [];
    expect(texts).toEqual([participantMessage?.Id, lawyerMessage?.Id]);
  });

  it('should read the picture address of the lawyer who took part', async () => {
    const authorId = lawyerMessage?.Author?.Id ?? '';
    const image = await firstValueFrom(chatHost.getAgentImage(chat.ChatId, authorId));
    expect(image).toEqual({ _tag: 'Right', right: expect.stringContaining(`${server.chatUrl}api/chat/agent/avatar/${authorId}`) });
  });

  it('should store a callback request and refuse one without an appointment with the German message', async () => {
    const stored = await firstValueFrom(chatHost.requestCallback(chat.ChatId, { Phone: '+49 170 5550199', Availability: '24.11.2099, 08:00–12:00 Uhr' }));
    expect(stored).toEqual({ _tag: 'Right', right: undefined });
    const refused = await firstValueFrom(chatHost.requestCallback(chat.ChatId, { Phone: '+49 170 5550199', Availability: ' ' }));
    expect(refused).toEqual({
      _tag: 'Left',
      left: { _tag: 'HttpError', status: 400, code: 'BadRequest', message: 'Bitte wählen Sie einen Termin für den Rückruf.' },
    });
  });

  it('should upload a file as multipart form data and download the same bytes', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n% Rechtschat Testdokument\n%%EOF\n');
    const uploaded = await firstValueFrom(chatHost.uploadFile(chat.ChatId, new Blob([pdf], { type: 'application/pdf' }), 'Kündigung.pdf'));
    expect(uploaded).toEqual({
      _tag: 'Right',
      right: { Id: expect.any(String), ChatId: chat.ChatId, FileName: 'Kündigung.pdf', ContentType: 'application/pdf', Size: pdf.length },
    });
    const downloaded = await firstValueFrom(chatHost.getFile(uploaded._tag === 'Right' ? uploaded.right.Id : ''));
    expect(downloaded._tag).toBe('Right');
    expect(downloaded._tag === 'Right' && new Uint8Array(await downloaded.right.arrayBuffer())).toEqual(pdf);
    expect(await firstValueFrom(chatHost.revokeFileForwarding(chat.ChatId))).toEqual({ _tag: 'Right', right: undefined });
  });

  it('should save a rating once and turn the second one into a Conflict error value', async () => {
    expect(await firstValueFrom(product.saveRating({ CaseId: chat.CaseId, Stars: 5, Comment: 'Sehr hilfreich' }))).toEqual({ _tag: 'Right', right: undefined });
    const again = await firstValueFrom(product.saveRating({ CaseId: chat.CaseId, Stars: 4 }));
    expect(again).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 409, code: 'Conflict', message: 'Sie haben diese Beratung bereits bewertet.' } });
  });

  it('should send the protocol, save the second-level phone number after the end and download the usage confirmation PDF', async () => {
    // The protocol and the number after the chat belong to the offboarding: only once the lawyer ended the consultation.
    const earlyProtocol = await firstValueFrom(product.sendProtocol(chat.CaseId, 'max.mustermann@example.org'));
    expect(earlyProtocol._tag === 'Left' && earlyProtocol.left).toMatchObject({ _tag: 'HttpError', status: 409, code: 'Conflict' });
    const early = await firstValueFrom(product.saveSecondLevelPhone(chat.CaseId, '+49 170 5550199'));
    expect(early._tag === 'Left' && early.left).toMatchObject({ _tag: 'HttpError', status: 409 });
    if (!lawyer) throw new Error('the lawyer joined in an earlier test');
    await lawyer.invoke('CloseChat', chat.ChatId, true);
    // Never confirmed by its link: a confirmation mail goes there first (double opt-in).
    expect(await firstValueFrom(product.sendProtocol(chat.CaseId, 'max.mustermann@example.org'))).toEqual({ _tag: 'Right', right: 'confirmationPending' });
    expect(await firstValueFrom(product.saveSecondLevelPhone(chat.CaseId, '+49 170 5550199'))).toEqual({ _tag: 'Right', right: undefined });
    const confirmation = await firstValueFrom(product.downloadUsageConfirmation(chat.CaseId));
    expect(confirmation._tag).toBe('Right');
    const head = confirmation._tag === 'Right' ? new TextDecoder().decode((await confirmation.right.arrayBuffer()).slice(0, 5)) : '';
    expect(head).toBe('%PDF-');
  });

  it('should lose the hub connection and the chat host access when the participant logs out of the chat host', async () => {
    const disconnected = firstValueFrom(hub.connectionState$.pipe(filter((state) => state === 'disconnected')));
    expect(await firstValueFrom(chatHost.logout())).toEqual({ _tag: 'Right', right: undefined });
    expect(await disconnected).toBe('disconnected');
    expect(logger.warn).toHaveBeenCalledWith(
      'Chat-Verbindung geschlossen',
      expect.objectContaining({ message: expect.stringContaining('Sie haben sich abgemeldet.') }),
    );
    const status = await firstValueFrom(chatHost.getCaseStatus(chat.CaseId));
    expect(status._tag === 'Left' && status.left).toMatchObject({ _tag: 'HttpError', status: 401 });
  });

  it('should forget the customer after the product logout', async () => {
    expect(await firstValueFrom(product.logout())).toEqual({ _tag: 'Right', right: undefined });
    expect(await firstValueFrom(product.getCurrentUser())).toEqual({ _tag: 'Right', right: null });
  });

  it('should have logged no undecodable hub payload', () => {
    expect(logger.error).not.toHaveBeenCalled();
  });
});
