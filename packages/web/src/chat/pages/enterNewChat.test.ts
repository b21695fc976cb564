import { beforeEach, describe, expect, it } from 'vitest';
import { defer, firstValueFrom, of, Subject } from 'rxjs';
import { err, httpError, networkError, ok, ONBOARDING_DRAFT_KEY, type CurrentUser, type CustomerLoginRequest } from '@rechtschat/core';
import { fakeChatHostApi, fakeProductApi, memoryStorage } from '../../testSupport/app.js';
import { chatDrafts } from './chatDrafts.js';
import { CHAT_HOST_SESSION_KEY, chatEntryPath, enterCaseChat, enterNewChat, isBase64, signInHandOver } from './enterNewChat.js';

const user = { Id: 'u1', Role: 'participant' as const };
const closedHours = { IsOpen: false, TimeZone: 'Europe/Berlin', Hours: [] };

/** `signsInAs`: whom the customer login answers with (the link's person). */
function setup(patch: Parameters<typeof fakeProductApi>[0] = {}, signsInAs: CurrentUser = user) {
  const calls: string[] = [];
  const logins: CustomerLoginRequest[] = [];
  const productApi = fakeProductApi({
    getCurrentUser: () => of(ok(null)),
    loginCustomer: (request) => {
      logins.push(request);
      return of(ok(signsInAs));
    },
    getChatSessionTicket: () => {
      calls.push('ticket');
      return of(ok('ticket-42'));
    },
    ...patch,
  });
  const chatHostApi = fakeChatHostApi({
    login: (ticket) => {
      calls.push(`chat-host-login ${ticket}`);
      return of(ok(undefined));
    },
  });
  const storage = memoryStorage();
  return { ports: { productApi, chatHostApi, storage }, calls, logins, storage };
}

describe('enterNewChat', () => {
  beforeEach(() => void signInHandOver.take());

  it('should sign in with all consents, open the chat host session with the ticket and go to /chat during office hours', async () => {
    const { ports, calls, logins, storage } = setup();
    expect(await firstValueFrom(enterNewChat(ports, 'MTIzNDU2Nzg5'))).toEqual({ kind: 'redirect', to: '/chat' });
    expect(logins).toEqual([{ InsuranceNumber: 'MTIzNDU2Nzg5', AgreedPrivacy: true, AgreedTermsOfService: true }]);
    expect(calls).toEqual(['ticket', 'chat-host-login ticket-42']);
    expect(storage.get(CHAT_HOST_SESSION_KEY)).toBe('u1');
  });

  it('should drop an unfinished onboarding of another person when a new person signs in, and keep one’s own', async () => {
    const { ports, storage } = setup();
    storage.set(CHAT_HOST_SESSION_KEY, 'someone-else');
    storage.set(ONBOARDING_DRAFT_KEY, '{"v":1}');
    await firstValueFrom(enterNewChat(ports, 'MTIzNDU2Nzg5'));
    expect(storage.get(ONBOARDING_DRAFT_KEY)).toBeNull();
    storage.set(ONBOARDING_DRAFT_KEY, '{"v":1}');
    await firstValueFrom(enterNewChat(ports, 'MTIzNDU2Nzg5'));
    expect(storage.get(ONBOARDING_DRAFT_KEY)).toBe('{"v":1}');
  });

  it('should drop the unsent chat texts of another person when a new person signs in, and keep one’s own', async () => {
    const { ports, storage } = setup();
    storage.set(CHAT_HOST_SESSION_KEY, 'someone-else');
    chatDrafts(storage).set('rc.chat.draft.neu', 'Mein Arbeitgeber hat mir fristlos gekündigt');
    await firstValueFrom(enterNewChat(ports, 'MTIzNDU2Nzg5'));
    expect(chatDrafts(storage).get('rc.chat.draft.neu')).toBeNull();
    chatDrafts(storage).set('rc.chat.draft.neu', 'Mein eigener Text');
    await firstValueFrom(enterNewChat(ports, 'MTIzNDU2Nzg5'));
    expect(chatDrafts(storage).get('rc.chat.draft.neu')).toBe('Mein eigener Text');
  });

  it('should send the participant to the out-of-hours page without signing in when the service is closed', async () => {
    const { ports, logins } = setup({ getServiceHours: () => of(ok(closedHours)) });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'outsideServiceHours' });
    expect(logins).toEqual([]);
  });

  it('should treat the server refusing the login as OutsideServiceHours like a closed service', async () => {
    const { ports } = setup({ loginCustomer: () => of(err(httpError(403, 'OutsideServiceHours', 'Außerhalb der Servicezeiten.'))) });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'outsideServiceHours' });
  });

  it('should report an invalid link when the server rejects the entry token', async () => {
    const { ports } = setup({ loginCustomer: () => of(err(httpError(401, 'InvalidEntryToken', 'Ungültig.'))) });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toMatchObject({ kind: 'invalidLink' });
  });

  it('should lead back into the running chat of this browser when its link was used already (a second tab), not to the invalid-link page', async () => {
    const running = { ...user, OpenChatCaseId: 'case-7' };
    const { ports, calls } = setup({
      getCurrentUser: () => of(ok(running)),
      loginCustomer: () => of(err(httpError(401, 'InvalidEntryToken', 'Ungültig.'))),
    });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat/case-7' });
    expect(calls).toEqual(['ticket', 'chat-host-login ticket-42']);
  });

  it('should still call a used link invalid when this browser has no running chat', async () => {
    const { ports } = setup({ getCurrentUser: () => of(ok(user)), loginCustomer: () => of(err(httpError(401, 'InvalidEntryToken', 'Ungültig.'))) });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toMatchObject({ kind: 'invalidLink' });
  });

  it('should reject an InsuranceNumber that is not base64 without calling the server', async () => {
    const { ports, logins, calls } = setup();
    expect(await firstValueFrom(enterNewChat(ports, 'kein base64!'))).toMatchObject({ kind: 'invalidLink' });
    expect([...logins, ...calls]).toEqual([]);
  });

  it('should report an unreachable server on the page without the link, so that retrying does not use the single-use link again', async () => {
    const { ports, logins } = setup();
    let signedIn: CurrentUser | null = null;
    const tickets: string[] = [];
    const afterLink = {
      ...ports,
      productApi: {
        ...ports.productApi,
        getCurrentUser: () => of(ok(signedIn)),
        loginCustomer: (request: CustomerLoginRequest) => ((signedIn = user), ports.productApi.loginCustomer(request)),
      },
      chatHostApi: fakeChatHostApi({ login: (ticket) => (tickets.push(ticket), of(err(networkError('offline')))) }),
    };
    // The link signed the person in; the chat host could not be reached: on to /chat all the same, the link stays behind.
    expect(await firstValueFrom(enterNewChat(afterLink, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat' });
    expect(await firstValueFrom(enterNewChat(afterLink, null))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.Unreachable' });
    // „Erneut versuchen“ there: the web session opens the chat host session, the link is not sent again.
    signInHandOver.take();
    expect(await firstValueFrom(enterNewChat(afterLink, null))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.Unreachable' });
    expect(logins).toHaveLength(1);
    expect(tickets).toHaveLength(3);
  });

  it('should report a failed login when the chat host rejects the ticket, on the page without the link', async () => {
    const { ports } = setup({ getCurrentUser: () => of(ok(user)) });
    const rejecting = { ...ports, chatHostApi: fakeChatHostApi({ login: () => of(err(httpError(401, 'InvalidTicket', 'Ungültiges Ticket.'))) }) };
    expect(await firstValueFrom(enterNewChat(rejecting, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat' });
    expect(await firstValueFrom(enterNewChat(rejecting, null))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.LoginFailed' });
  });

  it('should ask a visitor without session and without link to use the personal link', async () => {
    const { ports } = setup();
    expect(await firstValueFrom(enterNewChat(ports, null))).toEqual({ kind: 'notSignedIn' });
  });

  it('should show the chat to a signed-in user and open the chat host session only once per tab', async () => {
    const { ports, calls } = setup({ getCurrentUser: () => of(ok(user)) });
    expect(await firstValueFrom(enterNewChat(ports, null))).toEqual({ kind: 'showChat', user });
    expect(await firstValueFrom(enterNewChat(ports, null))).toEqual({ kind: 'showChat', user });
    expect(calls).toEqual(['ticket', 'chat-host-login ticket-42']);
  });
});

describe('enterNewChat: fewer round trips before the chat shows', () => {
  beforeEach(() => void signInHandOver.take());

  it('should read the office hours while the user loads, not after it', () => {
    const asked: string[] = [];
    const userAnswer = new Subject<ReturnType<typeof ok<null>>>();
    const { ports } = setup({
      getCurrentUser: () => defer(() => (asked.push('user'), userAnswer)),
      getServiceHours: () => defer(() => (asked.push('hours'), new Subject<never>())),
    });
    const subscription = enterNewChat(ports, 'MTIz').subscribe();
    expect(asked).toEqual(['user', 'hours']);
    subscription.unsubscribe();
  });

  it('should fetch the chat host address beside the session ticket, not after the ticket', () => {
    const asked: string[] = [];
    const { ports } = setup({
      getChatSessionTicket: () => defer(() => (asked.push('ticket'), new Subject<never>())),
      getChatUrl: () => defer(() => (asked.push('chat-url'), of(ok('http://chat.test/')))),
    });
    const subscription = enterNewChat(ports, 'MTIz').subscribe();
    expect(asked).toEqual(['ticket', 'chat-url']);
    subscription.unsubscribe();
  });

  it('should hand the user who just signed in to the chat the redirect leads to, without loading it again, once', async () => {
    let userLoads = 0;
    const { ports } = setup({ getCurrentUser: () => defer(() => (userLoads++, of(ok(null)))) });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat' });
    expect(userLoads).toBe(1);
    expect(await firstValueFrom(enterNewChat(ports, null))).toEqual({ kind: 'showChat', user });
    expect(userLoads).toBe(1);
    // A later entry (another tab state, a reload) asks the server again.
    expect(await firstValueFrom(enterNewChat(ports, null))).toEqual({ kind: 'notSignedIn' });
    expect(userLoads).toBe(2);
  });
});

describe('enterNewChat: the chat link during a running consultation', () => {
  beforeEach(() => void signInHandOver.take());

  const inChat = { Id: 'u1', Role: 'participant' as const, CaseId: 'case-7', OpenChatCaseId: 'case-7' };
  const chatClosed = { Id: 'u1', Role: 'participant' as const, CaseId: 'case-7', OpenChatCaseId: null };

  it('should lead the link back into the running chat of its case instead of a new intake', async () => {
    const { ports, logins, calls } = setup({ getCurrentUser: () => of(ok(inChat)) }, inChat);
    expect(await firstValueFrom(enterNewChat(ports, 'MTIzNDU2Nzg5'))).toEqual({ kind: 'redirect', to: '/chat/case-7' });
    // Still signed in with the link (it may name another person) and with a chat host session for the case page.
    expect(logins).toHaveLength(1);
    expect(calls).toEqual(['ticket', 'chat-host-login ticket-42']);
  });

  it('should show the running chat on its case page with the user just signed in, without a second ticket', async () => {
    let userLoads = 0;
    const { ports, calls } = setup({ getCurrentUser: () => defer(() => (userLoads++, of(ok(null)))) }, inChat);
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat/case-7' });
    // The case page does not send the participant on again, although the chat still runs.
    expect(await firstValueFrom(enterCaseChat(ports))).toEqual({ kind: 'showChat', user: inChat });
    expect(userLoads).toBe(1);
    expect(calls).toEqual(['ticket', 'chat-host-login ticket-42']);
  });

  it('should start a new intake from the link once the earlier chat is closed', async () => {
    const { ports } = setup({ getCurrentUser: () => of(ok(chatClosed)) }, chatClosed);
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat' });
  });

  it('should lead a signed-in participant on chat/new without a link back into the running chat, handing the user on', async () => {
    let userLoads = 0;
    const { ports } = setup({ getCurrentUser: () => defer(() => (userLoads++, of(ok(inChat)))) });
    expect(await firstValueFrom(enterNewChat(ports, null))).toEqual({ kind: 'redirect', to: '/chat/case-7' });
    expect(await firstValueFrom(enterCaseChat(ports))).toEqual({ kind: 'showChat', user: inChat });
    expect(userLoads).toBe(1);
  });

  it('should after hours sign in again with the link and go back into the chat still running in this browser', async () => {
    const { ports, logins } = setup({ getServiceHours: () => of(ok(closedHours)), getCurrentUser: () => of(ok(inChat)) }, inChat);
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'redirect', to: '/chat/case-7' });
    expect(logins).toHaveLength(1);
  });

  it('should after hours send a link of someone without a running chat to the out-of-hours page (the server refuses it)', async () => {
    const { ports } = setup({
      getServiceHours: () => of(ok(closedHours)),
      getCurrentUser: () => of(ok(inChat)),
      loginCustomer: () => of(err(httpError(403, 'OutsideServiceHours', 'Außerhalb der Servicezeiten.'))),
    });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'outsideServiceHours' });
  });

  it('should after hours send the participant to the out-of-hours page when the chat ended meanwhile', async () => {
    const { ports, calls } = setup({ getServiceHours: () => of(ok(closedHours)), getCurrentUser: () => of(ok(inChat)) }, chatClosed);
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'outsideServiceHours' });
    expect(calls).toEqual([]);
  });

  it('should after hours not sign in a browser whose last chat is closed', async () => {
    const { ports, logins } = setup({ getServiceHours: () => of(ok(closedHours)), getCurrentUser: () => of(ok(chatClosed)) });
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toEqual({ kind: 'outsideServiceHours' });
    expect(logins).toEqual([]);
  });
});

describe('chatEntryPath', () => {
  it('should lead into the case of the running chat, and to a new intake without one', () => {
    expect(chatEntryPath({ Id: 'u1', Role: 'participant', CaseId: 'a', OpenChatCaseId: 'a/b' })).toBe('/chat/a%2Fb');
    expect(chatEntryPath({ Id: 'u1', Role: 'participant', CaseId: 'a', OpenChatCaseId: null })).toBe('/chat');
    expect(chatEntryPath({ Id: 'u1', Role: 'participant' })).toBe('/chat');
  });
});

describe('isBase64', () => {
  it('should accept standard and URL-safe base64 and reject other text', () => {
    expect(['MTIz', 'MTIzNA==', 'a-b_c', 'QUJDRA']).toEqual(['MTIz', 'MTIzNA==', 'a-b_c', 'QUJDRA'].filter(isBase64));
    expect(['', 'ab cd', 'abc!', '===='].filter(isBase64)).toEqual([]);
  });
});
