// Test helpers for the app shell: in-memory ports, a container built from them, and a router render.
import { StrictMode } from 'react';
import { render, waitFor, type RenderResult } from '@testing-library/react';
import { of, type Observable } from 'rxjs';
import { AppRouter } from '../routing/AppRouter.js';
import { memoryHistory } from '../routing/history.js';
import {
  ok,
  err,
  httpError,
  type CaseFileAuthApi,
  type ChatController,
  type ChatHostApi,
  type ChatHub,
  type KeyValueStorage,
  type ProductApi,
  type Result,
  type WindowPort,
} from '@rechtschat/core';
import { AppProviders } from '../app/App.js';
import { AppRoutes } from '../app/AppRoutes.js';
import type { AppConfig } from '../app/appConfig.js';
import { createAppContainer, type PortOverrides } from '../app/container.js';
import { createI18n } from '../i18n/i18n.js';
import { initialChatState } from '../testSupport/chatViewState.js';

export { initialChatState };

const notInTest = <A,>(): Observable<Result<A>> => of(err(httpError(501, 'NotInTest', 'Im Test nicht vorgesehen.')));

/** A ProductApi answering like a signed-out visitor during office hours; override single calls per test. */
export function fakeProductApi(patch: Partial<ProductApi> = {}): ProductApi {
  return {
    getPublicSettings: () => of(ok({ SentryDsn: '', SentryProject: '', VersionTag: 'test', Environment: 'test', FirmName: 'Rechtschat', ImprintUrl: null })),
    getChatUrl: () => of(ok('http://chat.test/')),
    getCurrentUser: () => of(ok(null)),
    loginCustomer: () => notInTest(),
    getServiceHours: () => of(ok({ IsOpen: true, TimeZone: 'Europe/Berlin', Hours: [{ Weekday: 1, From: '08:00', To: '18:00' }] })),
    getChatSessionTicket: () => of(ok('ticket')),
    logout: () => of(ok(undefined)),
    classify: () => notInTest(),
    sendProtocol: () => of(ok('sent' as const)),
    inspectProtocolConfirmation: () => notInTest(),
    confirmProtocolMail: () => notInTest(),
    renewProtocolConfirmation: () => notInTest(),
    saveRating: () => of(ok(undefined)),
    saveSecondLevelPhone: () => of(ok(undefined)),
    downloadUsageConfirmation: () => notInTest(),
    downloadProtocol: () => notInTest(),
    saveSecondLevelPhoneByParam: () => of(ok(undefined)),
    ...patch,
  };
}

export function fakeChatHostApi(patch: Partial<ChatHostApi> = {}): ChatHostApi {
  return {
    login: () => of(ok(undefined)),
    logout: () => of(ok(undefined)),
    requestCallback: () => of(ok(undefined)),
    getFile: () => notInTest(),
    uploadFile: () => notInTest(),
    revokeFileForwarding: () => of(ok(undefined)),
    getCaseStatus: () => notInTest(),
    getMessagesForCase: () => of(ok([])),
    getAgentImage: () => notInTest(),
    postTranscript: () => of(ok(undefined)),
    getBotProgress: () => of(ok(null)),
    ...patch,
  };
}

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return { get: (k) => values.get(k) ?? null, set: (k, v) => void values.set(k, v), remove: (k) => void values.delete(k) };
}

const unused = (): never => {
  throw new Error('Im Test nicht vorgesehen.');
};

/** Ports that fail loudly if a test reaches them unexpectedly. */
const unusedHub = new Proxy({}, { get: unused }) as ChatHub;
const unusedCaseFileApi = new Proxy({}, { get: unused }) as CaseFileAuthApi;
const quietWindow: WindowPort = {
  focused$: of(true),
  visible$: of(true),
  isFocused: () => true,
  getTitle: () => '',
  setTitle: () => undefined,
  playNotificationSound: () => undefined,
};

/** A controller that only records what the screen asked of it. */
export function recordingController(log: string[]): ChatController {
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void log.push(args.length ? `${name} ${JSON.stringify(args)}` : name);
  return {
    state$: of(initialChatState),
    start: record('start'),
    setRoute: record('setRoute'),
    now: () => Date.parse('2026-11-22T08:00:00Z'),
    submitText: () => ({ ok: true }),
    skip: record('skip'),
    answerYesNo: record('answerYesNo'),
    submitRating: record('submitRating'),
    requestCallback: () => ({ ok: true }),
    answerFileForwarding: record('answerFileForwarding'),
    stayActive: record('stayActive'),
    userTyping: record('userTyping'),
    uploadFile: record('uploadFile'),
    cancelUpload: record('cancelUpload'),
    downloadUsageConfirmation: () => notInTest(),
    dismissError: record('dismissError'),
    dispose: record('dispose'),
  };
}

export const testConfig: AppConfig = { overrideDomain: null, minekoUrl: null, imprintUrl: null };

/**
 * Renders the whole route table at `path` with in-memory ports. `strictMode` wraps it in React's StrictMode, as
 * the development build does (effects run, clean up and run again on the same component state).
 */
export function renderApp(
  path: string,
  overrides: PortOverrides = {},
  config: AppConfig = testConfig,
  { strictMode = false }: { readonly strictMode?: boolean } = {},
): RenderResult {
  const i18n = createI18n();
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const container = createAppContainer({
    config,
    i18n,
    overrides: {
      productApi: fakeProductApi(),
      chatHostApi: fakeChatHostApi(),
      caseFileAuthApi: unusedCaseFileApi,
      chatHub: unusedHub,
      storage: memoryStorage(),
      windowPort: quietWindow,
      ids: { next: () => 'id-1' },
      logger,
      chatControllerFactory: () => recordingController([]),
      ...overrides,
    },
  });
  const app = (
    <AppProviders container={container} i18n={i18n}>
      <AppRouter history={memoryHistory(path)}>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  );
  return render(strictMode ? <StrictMode>{app}</StrictMode> : app);
}

/**
 * The page's h1 once it rendered (querySelector: role queries over the whole MUI tree are slow in jsdom).
 * Lazily loaded areas are transformed on first import, which takes seconds when the machine is busy.
 */
export async function pageHeading(): Promise<string> {
  return waitFor(
    () => {
      const h1 = document.querySelector('h1');
      if (!h1) throw new Error('noch keine Überschrift');
      return h1.textContent ?? '';
    },
    { timeout: 10_000 },
  );
}
