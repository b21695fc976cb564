// Composition root of the signed-in console: real adapters for the core workspace's ports.
// No rules live here; it only wires the browser to the use case.
import { asyncScheduler, filter, firstValueFrom, map, merge, of, timeout, type Observable, type SchedulerLike } from 'rxjs';
import {
  BrowserWindow,
  SignalRLawyerHub,
  createBrowserNetworkStatus,
  createAccountLinkApi,
  createAdminTeamApi,
  createConsoleLogger,
  createCryptoIdSource,
  createLawyerAccountApi,
  createLawyerApi,
  createLawyerSessionApi,
  createMandateApi,
  createSessionStorage,
  createTextTemplatesApi,
  type SignalRChatHubOptions,
} from '@rechtschat/adapters';
import { libphonenumberPlan } from '@rechtschat/core/phone-plan';
import type { ConsoleHttp, ConsolePorts } from '../routes/consoleRoutes.js';
import {
  createLawyerSession,
  createLawyerWorkspace,
  ok,
  type AttentionCounts,
  type KeyValueStorage,
  type LawyerSession,
  type LawyerSessionActivity,
  type SessionTabChannel,
  type LawyerWorkspace,
  type NetworkStatus,
  type WindowPort,
} from '@rechtschat/core';
import { browserPasskeyDialogs } from '../passkeys/browserPasskeys.js';

export interface ConsoleWorkspaceDeps {
  readonly chatUrl: string;
  readonly lawyerId: string;
  /** fetch as the console uses it (string URLs only). */
  readonly fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Builds the hub connection with the adapter's reconnect policy (buildHubConnection in the browser). */
  readonly connect: NonNullable<SignalRChatHubOptions['connect']>;
  readonly alertTitle: (news: AttentionCounts) => string;
  readonly window?: WindowPort;
  /** navigator.onLine and its events unless a test gives its own. */
  readonly network?: NetworkStatus;
  readonly preferences?: KeyValueStorage;
  readonly drafts?: KeyValueStorage;
  readonly scheduler?: SchedulerLike;
}

export interface ConsoleWorkspace {
  readonly workspace: LawyerWorkspace;
  /**
   * Why the server ended this lawyer's connection for good, in its German words (account deactivated, password or
   * second factor reset, this device's session ended from another device), so the login that follows can say so
   * instead of "Sitzung abgelaufen"; null again once the connection is back. Ending another device's session leaves
   * this connection alone: the hub closes only the connections opened with the ended session.
   */
  readonly endedByServer$: Observable<string | null>;
  /** An administrator changed this lawyer's role: the console reads the profile again and shows or hides the administration. */
  readonly profileChanged$: Observable<void>;
  /**
   * Stops the hub connection on purpose, quietly, before „Abmelden“ ends the session: otherwise the server closes the
   * still open connection with „Sie haben sich abgemeldet.“, which the SignalR client logs as an error. Resolves once
   * stopped – or after at most STOP_BEFORE_LOGOUT_MS, so a hanging start never holds the sign-out up.
   */
  readonly stopHub: () => Promise<void>;
  readonly dispose: () => void;
}

const STOP_BEFORE_LOGOUT_MS = 2000;

export function createConsoleWorkspace(deps: ConsoleWorkspaceDeps): ConsoleWorkspace {
  const logger = createConsoleLogger();
  const chatUrl = () => of(ok(deps.chatUrl));
  const browserWindow = deps.window ? null : new BrowserWindow({ logger });
  const hub = new SignalRLawyerHub({ chatUrl, logger, connect: deps.connect });
  const workspace = createLawyerWorkspace({
    lawyerId: deps.lawyerId,
    api: createLawyerApi({ chatUrl, fetch: (input, init) => deps.fetch(String(input), init) }),
    hub,
    window: deps.window ?? (browserWindow as BrowserWindow),
    // The network back (a laptop waking from sleep): the lost connection tries again at once.
    network: deps.network ?? createBrowserNetworkStatus(),
    ids: createCryptoIdSource(),
    // The mute switch should survive a reload and a new tab: localStorage, not sessionStorage.
    preferences: deps.preferences ?? createSessionStorage(() => window.localStorage),
    // Unsent answers survive a reload of this tab, and end with it (never stored beyond the session).
    drafts: deps.drafts ?? createSessionStorage(() => window.sessionStorage),
    scheduler: deps.scheduler ?? asyncScheduler,
    alertTitle: deps.alertTitle,
    phonePlan: libphonenumberPlan,
  });
  return {
    workspace,
    endedByServer$: merge(
      hub.closedByServer$,
      hub.connectionState$.pipe(
        filter((state) => state === 'connected'),
        map(() => null),
      ),
    ),
    profileChanged$: hub.profileChanged$,
    stopHub: () =>
      firstValueFrom(hub.stop().pipe(timeout({ first: STOP_BEFORE_LOGOUT_MS, with: () => of(ok(undefined)) })), { defaultValue: ok(undefined) }).then(
        () => undefined,
      ),
    dispose: () => {
      workspace.dispose();
      browserWindow?.dispose();
    },
  };
}

/**
 * The ports of the screens, bound to the chat host: administration, account links, the lawyer's own account
 * security, mandates, the session probe and the Textbausteine of the chat's answer field.
 */
export function createConsolePorts(http: ConsoleHttp): ConsolePorts {
  return {
    adminTeam: createAdminTeamApi(http),
    accountLinks: createAccountLinkApi(http),
    account: createLawyerAccountApi(http),
    mandates: createMandateApi(http),
    session: createLawyerSessionApi(http),
    textTemplates: createTextTemplatesApi(http),
  };
}

/**
 * The login state of the console on the chat host, with the browser's passkey dialogs; `start()` probes the session.
 * Its logins, the resumed session and the logout reach `activity` (the idle countdown, SECURITY.md C5); its sign-outs
 * reach the browser's other console tabs, and theirs this one (`tabs`).
 */
export function createConsoleSession(http: ConsoleHttp, activity?: LawyerSessionActivity, tabs?: SessionTabChannel): LawyerSession {
  const api = createLawyerSessionApi(http);
  return createLawyerSession({ api: activity ? activity.sessionApi(api) : api, passkeys: browserPasskeyDialogs, ...(tabs ? { tabs } : {}) });
}
