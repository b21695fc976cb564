import { beforeEach, describe, expect, it } from 'vitest';
import { defer, firstValueFrom, of, Subject } from 'rxjs';
import { err, httpError, networkError, ok, ONBOARDING_DRAFT_KEY, type CustomerLoginRequest } from '@rechtschat/core';
import { fakeChatHostApi, fakeProductApi, memoryStorage } from '../../test/app-test-support.js';
import { CHAT_HOST_SESSION_KEY, enterNewChat, isBase64, signInHandOver } from './enterNewChat.js';

const user = { Id: 'u1', Role: 'participant' as const };
const closedHours = { IsOpen: false, TimeZone: 'Europe/Berlin', Hours: [] };

function setup(patch: Parameters<typeof fakeProductApi>[0] = {}) {
  const calls: string[] = [];
  const logins: CustomerLoginRequest[] = [];
  const productApi = fakeProductApi({
    getCurrentUser: () => of(ok(null)),
    loginCustomer: (request) => {
      logins.push(request);
      return of(ok(user));
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
    expect(await firstValueFrom(enterNewChat(ports, 'MTIz'))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.InvalidLink' });
  });

  it('should reject an InsuranceNumber that is not base64 without calling the server', async () => {
    const { ports, logins, calls } = setup();
    expect(await firstValueFrom(enterNewChat(ports, 'kein base64!'))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.InvalidLink' });
    expect([...logins, ...calls]).toEqual([]);
  });

  it('should report an unreachable server when the chat host cannot be reached', async () => {
    const { ports } = setup();
    const refusing = { ...ports, chatHostApi: fakeChatHostApi({ login: () => of(err(networkError('offline'))) }) };
    expect(await firstValueFrom(enterNewChat(refusing, 'MTIz'))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.Unreachable' });
  });

  it('should report a failed login when the chat host rejects the ticket', async () => {
    const { ports } = setup();
    const rejecting = { ...ports, chatHostApi: fakeChatHostApi({ login: () => of(err(httpError(401, 'InvalidTicket', 'Ungültiges Ticket.'))) }) };
    expect(await firstValueFrom(enterNewChat(rejecting, 'MTIz'))).toMatchObject({ kind: 'failed', messageKey: 'ChatPages.New.LoginFailed' });
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

describe('enterNewChat: fewer round trips before the chat shows (issue 12)', () => {
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

describe('isBase64', () => {
  it('should accept standard and URL-safe base64 and reject other text', () => {
    expect(['MTIz', 'MTIzNA==', 'a-b_c', 'QUJDRA']).toEqual(['MTIz', 'MTIzNA==', 'a-b_c', 'QUJDRA'].filter(isBase64));
    expect(['', 'ab cd', 'abc!', '===='].filter(isBase64)).toEqual([]);
  });
});
