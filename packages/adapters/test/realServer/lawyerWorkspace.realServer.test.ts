/// <reference types="node" />
// The lawyer adapters (LawyerApi over fetchCall, SignalRLawyerHub) against the real server: the
// console's ports decode every answer, see the queue change, take a chat, talk, and restore it.
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LawyerApi, Logger, StartJoinResult } from '@rechtschat/core';
import { createChatHostApi } from '../../src/http/chatHostApi.adapter.js';
import { createLawyerApi } from '../../src/http/lawyerApi.adapter.js';
import { createProductApi } from '../../src/http/productApi.adapter.js';
import { SignalRChatHub, buildHubConnection } from '../../src/signalr/signalrChatHub.adapter.js';
import { SignalRLawyerHub } from '../../src/signalr/signalrLawyerHub.adapter.js';
import { createCookieJarFetch } from '../support/cookieJarFetch.js';
import { startProductServer, type ProductServer } from '../support/productServer.js';

describe('lawyer adapters against the real server', () => {
  let server: ProductServer;
  let api: LawyerApi;
  let lawyerHub: SignalRLawyerHub;
  let participantHub: SignalRChatHub;
  let chat: StartJoinResult;
  const logger: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  beforeAll(async () => {
    server = await startProductServer();
    const lawyerBrowser = createCookieJarFetch(server.webUrl);
    const lawyerProduct = createProductApi({ baseUrl: server.webUrl, fetch: lawyerBrowser.fetch });
    const login = await lawyerBrowser.fetch(`${server.chatUrl}api/lawyer/login`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Email: server.demo.lawyer.email, Password: server.demo.lawyer.password }),
    });
    expect(login.status).toBe(200);
    api = createLawyerApi({ chatUrl: () => lawyerProduct.getChatUrl(), fetch: lawyerBrowser.fetch });
    lawyerHub = new SignalRLawyerHub({
      chatUrl: () => lawyerProduct.getChatUrl(),
      logger,
      connect: (url, reconnectPolicy) => buildHubConnection(url, reconnectPolicy, { Cookie: lawyerBrowser.cookieHeader(url) }),
    });

    const clientBrowser = createCookieJarFetch(server.webUrl);
    const product = createProductApi({ baseUrl: server.webUrl, fetch: clientBrowser.fetch });
    await firstValueFrom(product.loginCustomer({ InsuranceNumber: server.demo.insuranceNumber, AgreedPrivacy: true, AgreedTermsOfService: true }));
    const ticket = await firstValueFrom(product.getChatSessionTicket());
    await firstValueFrom(
      createChatHostApi({ chatUrl: () => product.getChatUrl(), fetch: clientBrowser.fetch }).login(ticket._tag === 'Right' ? ticket.right : ''),
    );
    participantHub = new SignalRChatHub({
      chatUrl: () => product.getChatUrl(),
      logger,
      connect: (url, reconnectPolicy) => buildHubConnection(url, reconnectPolicy, { Cookie: clientBrowser.cookieHeader(url) }),
    });
  });

  afterAll(async () => {
    if (lawyerHub) await firstValueFrom(lawyerHub.stop());
    if (participantHub) await firstValueFrom(participantHub.stop());
    await server?.stop();
  });

  it('should connect in the lawyer role and hear QueueChanged when a client starts a chat', async () => {
    expect(await firstValueFrom(lawyerHub.start())).toEqual({ _tag: 'Right', right: undefined });
    const changed = firstValueFrom(lawyerHub.queueChanged$);
    const started = await firstValueFrom(
      participantHub.startChat({
        Description: 'Mein Vermieter behält die Kaution ein, was kann ich tun?',
        EMailAddress: 'k@example.org',
        VerifiedEmail: true,
        FieldOfLaw: 3,
        FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
      }),
    );
    chat = started._tag === 'Right' ? started.right : chat;
    await changed;
    const queue = await firstValueFrom(api.queue());
    expect(queue._tag === 'Right' && queue.right.find((q) => q.ChatId === chat.ChatId)).toMatchObject({
      Description: expect.stringContaining('Kaution'),
      CallbackRequested: false,
    });
  });

  it("should accept the chat and then list it among the lawyer's active chats with the bot facts", async () => {
    expect(await firstValueFrom(lawyerHub.acceptChat(chat.ChatId))).toEqual({ _tag: 'Right', right: chat });
    const active = await firstValueFrom(api.activeChats());
    expect(active._tag === 'Right' && active.right).toEqual([
      expect.objectContaining({ ChatId: chat.ChatId, Email: 'k@example.org', VerifiedEmail: true, FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht' }),
    ]);
  });

  it("should send with a clientId, store a resend once, and receive the client's message", async () => {
    const first = await firstValueFrom(lawyerHub.sendMessage(chat.ChatId, 'Guten Tag, wie kann ich helfen?', 'anwalt-0000001'));
    const again = await firstValueFrom(lawyerHub.sendMessage(chat.ChatId, 'Guten Tag, wie kann ich helfen?', 'anwalt-0000001'));
    expect(first._tag === 'Right' && again._tag === 'Right' && first.right.Id === again.right.Id).toBe(true);
    const heard = firstValueFrom(lawyerHub.messages$.pipe(filter((m) => m.Message === 'Danke für die schnelle Antwort.')));
    await firstValueFrom(participantHub.sendMessage(chat.ChatId, 'Danke für die schnelle Antwort.', 'kunde-00000001'));
    expect((await heard).ChatId).toBe(chat.ChatId);
    const history = await firstValueFrom(api.messages(chat.CaseId));
    expect(history._tag === 'Right' && history.right.filter((m) => m.ClientId === 'anwalt-0000001')).toHaveLength(1);
  });

  it('should upload a file to the client and give a download link that serves it to the lawyer', async () => {
    const pdf = new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' });
    const uploaded = await firstValueFrom(api.uploadFile(chat.ChatId, pdf, 'Merkblatt.pdf'));
    expect(uploaded._tag === 'Right' && uploaded.right).toMatchObject({ FileName: 'Merkblatt.pdf', ContentType: 'application/pdf' });
    expect(api.fileUrl('abc')).toBe(`${server.chatUrl}api/chat/file/abc`);
  });

  it('should answer an unknown callback with a 404 error value', async () => {
    const refused = await firstValueFrom(api.setCallbackDone('gibt-es-nicht', true));
    expect(refused._tag === 'Left' && refused.left).toMatchObject({ _tag: 'HttpError', status: 404 });
  });

  it('should tell the lawyer why a chat is gone when closing it twice, and close it once', async () => {
    expect(await firstValueFrom(lawyerHub.closeChat(chat.ChatId, true))).toEqual({ _tag: 'Right', right: undefined });
    const twice = await firstValueFrom(lawyerHub.closeChat(chat.ChatId, true));
    expect(twice._tag === 'Left' && twice.left).toMatchObject({ code: 'HubError', message: expect.stringContaining('nicht aktiv') });
    const active = await firstValueFrom(api.activeChats());
    expect(active).toEqual({ _tag: 'Right', right: [] });
  });

  it('should create a case file and decode link, token and PIN', async () => {
    const created = await firstValueFrom(api.createCaseFile({ FirstName: 'Erika', LastName: 'Musterfrau', Phone: '+491712223344', Title: 'Verkehrsunfall' }));
    expect(created._tag === 'Right' && created.right).toMatchObject({ Pin: '3344', Url: expect.stringContaining('/digitale-fallakte/') });
  });
});
