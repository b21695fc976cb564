// @vitest-environment jsdom
// The screen driven by the real core chat controller over in-memory ports in virtual time:
// proves the components and the ChatViewState/ChatCommands contract fit together.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { BehaviorSubject, Subject, VirtualTimeScheduler, of } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter } from '../../routing/AppRouter.js';
import { memoryHistory } from '../../routing/history.js';
import { createChatController, err, httpError, ok } from '@rechtschat/core';
import { libphonenumberPlan } from '@rechtschat/core/phone-plan';
import type {
  BlobLike,
  CaseStatus,
  ChatHostApi,
  ChatHub,
  ChatMessage,
  ConnectionState,
  Notification,
  ProductApi,
  StartChatRequest,
  WindowPort,
} from '@rechtschat/core';
import { ChatScreen } from './ChatScreen.js';
import { renderWithI18n } from './testSupport.js';

afterEach(cleanup);

const emptyPdf: BlobLike = { size: 0, type: 'application/pdf', arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) };
const openCase: CaseStatus = {
  CaseRating: null,
  ParticipantEnteredEmail: false,
  RequestPhoneNumber: false,
  LawyerConnected: false,
  CaseClosed: false,
  Disabled: false,
  SecondLevelEnabled: false,
};

function inMemoryPorts(scheduler: VirtualTimeScheduler) {
  const notifications = new Subject<Notification>();
  const messages = new Subject<ChatMessage>();
  const sent: string[] = [];
  const started: StartChatRequest[] = [];
  const online = new BehaviorSubject(true);
  const connection = new BehaviorSubject<ConnectionState>('connected');
  const hub: ChatHub = {
    connectionState$: connection,
    reconnected$: new Subject<void>(),
    messages$: messages,
    notifications$: notifications,
    closedByServer$: new Subject<string>(),
    start: () => of(ok(undefined)),
    stop: () => of(ok(undefined)),
    reconnectNow: () => of(ok(undefined)),
    ping: () => of(ok(undefined)),
    startChat: (request) => {
      started.push(request);
      return of(ok({ CaseId: 'case-1', ChatId: 'chat-1' }));
    },
    joinLatestChat: () => of(ok({ CaseId: 'case-1', ChatId: 'chat-1' })),
    sendMessage: (chatId, text, clientId) => {
      sent.push(text);
      return of(
        ok({
          Id: `srv-${sent.length}`,
          Message: text,
          Type: 2 as const,
          Author: { Id: 'user-1', Name: 'Max' },
          Created: '2026-11-22T10:00:00.000Z',
          ChatId: chatId,
          ClientId: clientId,
        }),
      );
    },
    closeChatByTimeout: () => of(ok(undefined)),
    sendTypingNotification: () => of(ok(undefined)),
    stayActive: () => of(ok(undefined)),
  };
  const chatHostApi: ChatHostApi = {
    login: () => of(ok(undefined)),
    logout: () => of(ok(undefined)),
    requestCallback: () => of(ok(undefined)),
    getFile: () => of(ok(emptyPdf)),
    uploadFile: (chatId, _file, fileName) => of(ok({ Id: 'f1', ChatId: chatId, FileName: fileName, ContentType: 'application/pdf', Size: 0 })),
    revokeFileForwarding: () => of(ok(undefined)),
    getCaseStatus: () => of(ok(openCase)),
    getMessagesForCase: () => of(ok([])),
    getAgentImage: () => of(ok('')),
    postTranscript: () => of(ok(undefined)),
    getBotProgress: () => of(ok(null)),
  };
  const productApi: ProductApi = {
    getPublicSettings: () => of(ok({ SentryDsn: '', SentryProject: '', VersionTag: 'test', Environment: 'test', FirmName: 'Rechtschat', ImprintUrl: null })),
    getChatUrl: () => of(ok('http://127.0.0.1/')),
    getCurrentUser: () => of(ok({ Id: 'user-1', Role: 'participant' as const })),
    loginCustomer: () => of(ok({ Id: 'user-1', Role: 'participant' as const })),
    getServiceHours: () => of(ok({ IsOpen: true, Hours: [], TimeZone: 'Europe/Berlin' })),
    getChatSessionTicket: () => of(ok('ticket')),
    logout: () => of(ok(undefined)),
    classify: () => of(ok({ FieldOfLaw: 7, FieldOfLawLongName: 'Mietrecht' })),
    sendProtocol: () => of(ok('sent' as const)),
    inspectProtocolConfirmation: () => of(err(httpError(404, 'ProtocolLinkInvalid', 'Ungültig.'))),
    confirmProtocolMail: () => of(err(httpError(404, 'ProtocolLinkInvalid', 'Ungültig.'))),
    renewProtocolConfirmation: () => of(err(httpError(404, 'ProtocolLinkInvalid', 'Ungültig.'))),
    saveRating: () => of(ok(undefined)),
    saveSecondLevelPhone: () => of(ok(undefined)),
    downloadUsageConfirmation: () => of(ok(emptyPdf)),
    downloadProtocol: () => of(ok(emptyPdf)),
    saveSecondLevelPhoneByParam: () => of(ok(undefined)),
  };
  const window: WindowPort = {
    focused$: new BehaviorSubject(true),
    visible$: new BehaviorSubject(true),
    isFocused: () => true,
    getTitle: () => 'Chat',
    setTitle: () => undefined,
    playNotificationSound: () => undefined,
  };
  let id = 0;
  const deps = {
    scheduler,
    hub,
    chatHostApi,
    productApi,
    window,
    network: { online$: online },
    ids: { next: () => `client-${++id}` },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    errorReporter: { captureException: () => undefined },
    translate: (key: string) => key,
    storage: { get: () => null, set: () => undefined, remove: () => undefined },
    loadPhoneNumberPlan: () => of(libphonenumberPlan),
  };
  return { deps, notifications, messages, sent, started, online, connection };
}

/** Runs every timer of the controller up to `ms` virtual milliseconds after the start. */
function advanceTo(scheduler: VirtualTimeScheduler, ms: number) {
  act(() => {
    scheduler.maxFrames = ms;
    scheduler.flush();
  });
}

const messageInput = () => screen.getByRole('textbox', { name: 'Ihre Nachricht' });

describe('ChatScreen with the core chat controller', () => {
  it('should walk from the onboarding bot through the queue into the live chat', () => {
    const scheduler = new VirtualTimeScheduler();
    const ports = inMemoryPorts(scheduler);
    const controller = createChatController(ports.deps);
    renderWithI18n(<ChatScreen controller={controller} isNewChat />);
    act(() => controller.start({ route: '/chat/new' }));

    advanceTo(scheduler, 5_000);
    expect(within(screen.getByRole('log')).getByText('Bot.ProblemNotice')).toBeTruthy();
    fireEvent.change(messageInput(), { target: { value: 'zu kurz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByText('Bitte geben Sie mindestens 15 Zeichen ein.')).toBeTruthy();
    fireEvent.change(messageInput(), { target: { value: 'Mein Vermieter gibt die Kaution nicht zurück.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(within(screen.getByRole('log')).getByText('Mein Vermieter gibt die Kaution nicht zurück.')).toBeTruthy();

    advanceTo(scheduler, 10_000);
    const email = screen.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' });
    fireEvent.change(email, { target: { value: 'keine-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'max@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));

    advanceTo(scheduler, 15_000);
    fireEvent.click(screen.getByRole('button', { name: 'Ja' }));
    advanceTo(scheduler, 20_000);
    expect(ports.started).toMatchObject([
      { Description: 'Mein Vermieter gibt die Kaution nicht zurück.', EMailAddress: 'max@example.de', VerifiedEmail: true },
    ]);
    expect(screen.getByRole('region', { name: 'Warten auf eine Anwältin oder einen Anwalt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rückruf vereinbaren' })).toBeNull();

    advanceTo(scheduler, 90_000);
    expect(screen.getByRole('button', { name: 'Rückruf vereinbaren' })).toBeTruthy();

    act(() => ports.notifications.next({ ChatId: 'chat-1', Type: 'Joined' }));
    expect(screen.queryByRole('region', { name: 'Warten auf eine Anwältin oder einen Anwalt' })).toBeNull();
    fireEvent.change(messageInput(), { target: { value: 'Hallo' } });
    fireEvent.keyDown(messageInput(), { key: 'Enter' });
    expect(ports.sent).toEqual(['Hallo']);
    expect(within(screen.getByRole('log')).getByText('Hallo')).toBeTruthy();
    expect(document.activeElement).toBe(messageInput());

    act(() => controller.dispose());
  });

  it('should say by the answer field that the device is offline as soon as the browser reports it, and clear it once connected', () => {
    const scheduler = new VirtualTimeScheduler();
    const ports = inMemoryPorts(scheduler);
    const controller = createChatController(ports.deps);
    renderWithI18n(<ChatScreen controller={controller} isNewChat={false} />);
    act(() => controller.start({ caseId: 'case-1', route: '/chat/case-1' }));
    act(() => ports.notifications.next({ ChatId: 'chat-1', Type: 'Joined', Data: { LawyerName: 'Dr. Anna Berger' } }));
    const offline = 'Keine Verbindung. Ihre Nachrichten werden gesendet, sobald die Verbindung wieder besteht.';
    expect(screen.queryByText(offline)).toBeNull();

    act(() => ports.online.next(false));
    const notice = screen.getByText(offline).closest('[role="status"]');
    expect(notice?.nextElementSibling).toBe(screen.getByRole('region', { name: 'Ihre Antwort' }));
    act(() => {
      ports.online.next(true);
      ports.connection.next('reconnecting');
    });
    expect(screen.queryByText(offline)).toBeNull();
    expect(screen.getByText('Die Verbindung wird wiederhergestellt …')).toBeTruthy();
    act(() => ports.connection.next('connected'));
    expect(screen.queryByText('Die Verbindung wird wiederhergestellt …')).toBeNull();

    act(() => controller.dispose());
  });

  it('should explain in the transcript why the chat ended when the participant stopped answering the lawyer', () => {
    const scheduler = new VirtualTimeScheduler();
    const ports = inMemoryPorts(scheduler);
    const reason = 'Der Chat wurde automatisch beendet, weil längere Zeit keine Antwort kam.';
    const closedByTimeout: string[] = [];
    // As the server answers CloseChatByTimeout: the stored reason to both sides, then Closed with the reason.
    const hub: ChatHub = {
      ...ports.deps.hub,
      closeChatByTimeout: (chatId) => {
        closedByTimeout.push(chatId);
        ports.messages.next({ Id: 'srv-info', ChatId: chatId, Message: reason, Type: 1, Author: null, Created: new Date(scheduler.now()).toISOString() });
        ports.notifications.next({ ChatId: chatId, Type: 'Closed', Data: { Reason: 'Timeout' } });
        return of(ok(undefined));
      },
    };
    const controller = createChatController({ ...ports.deps, hub });
    renderWithI18n(<ChatScreen controller={controller} isNewChat={false} />);
    act(() => controller.start({ caseId: 'case-1', route: '/chat/case-1' }));
    act(() => ports.notifications.next({ ChatId: 'chat-1', Type: 'Joined', Data: { LawyerName: 'Dr. Anna Berger' } }));
    act(() =>
      ports.messages.next({
        Id: 'srv-lawyer',
        ChatId: 'chat-1',
        Message: 'Haben Sie den Bescheid schriftlich?',
        Type: 2,
        Author: { Id: 'law-1', Name: 'Dr. Anna Berger' },
        Created: new Date(scheduler.now()).toISOString(),
      }),
    );

    advanceTo(scheduler, 181_000);
    expect(screen.getByRole('dialog', { name: 'Sind Sie noch da?' })).toBeTruthy();
    expect(within(screen.getByRole('log')).queryByText(reason)).toBeNull();

    advanceTo(scheduler, 272_000);
    expect(closedByTimeout).toEqual(['chat-1']);
    expect(screen.queryByRole('dialog', { name: 'Sind Sie noch da?' })).toBeNull();
    const notice = within(screen.getByRole('log')).getByText(reason);
    expect(notice.tagName).toBe('LI');
    expect(notice.className).toBe('chat-info');
    expect(screen.queryByRole('textbox', { name: 'Ihre Nachricht' })).toBeNull();

    act(() => controller.dispose());
  });

  it('should close a case that ended with a callback booked while waiting with the callback, not with thanks for a consultation', () => {
    const scheduler = new VirtualTimeScheduler();
    const ports = inMemoryPorts(scheduler);
    const notice = 'Sie haben einen Rückruf vereinbart. Der Chat ist damit beendet, bevor eine Anwältin oder ein Anwalt frei war.';
    // As the server keeps it (Back from chat/rueckruf): closed and disabled, with the callback, no lawyer ever in it.
    const closedForCallback: CaseStatus = { ...openCase, CaseClosed: true, Disabled: true, CallbackRequested: true, LawyerName: null, LawyerTookPart: false };
    const chatHostApi: ChatHostApi = {
      ...ports.deps.chatHostApi,
      getCaseStatus: () => of(ok(closedForCallback)),
      getMessagesForCase: () =>
        of(ok([{ Id: 'srv-info', ChatId: 'chat-1', Message: notice, Type: 1 as const, Author: null, Created: '2026-11-22T10:00:00.000Z' }])),
    };
    const controller = createChatController({ ...ports.deps, chatHostApi });
    renderWithI18n(
      <AppRouter history={memoryHistory()}>
        <ChatScreen controller={controller} isNewChat={false} />
      </AppRouter>,
    );
    act(() => controller.start({ caseId: 'case-1', route: '/chat/case-1' }));
    advanceTo(scheduler, 5_000);

    expect(within(screen.getByRole('log')).getByText(notice)).toBeTruthy();
    const closingLine = within(screen.getByRole('region', { name: 'Ihre Antwort' })).getByRole('status').textContent;
    expect(closingLine).toBe('Der Chat ist beendet. Ihr Rückruf ist vereinbart: Eine Anwältin oder ein Anwalt ruft Sie zum gewünschten Zeitpunkt an.');
    expect(screen.queryByText(/Vielen Dank, dass Sie unsere Rechtsberatung genutzt haben/)).toBeNull();

    act(() => controller.dispose());
  });
});
