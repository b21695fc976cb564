// Root component of the lawyer console: resolves the chat host, then Anmeldung → workspace (core state, bound here).
import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { SignalRChatHubOptions } from '@rechtschat/adapters/signalr';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { consoleTheme, consoleThemeWithoutMotion } from './consoleTheme.js';
import { createI18n } from './i18n/i18n.js';
import { LoginRouteScreen } from './screens/LoginScreen.js';
import { MfaEnrolmentScreen } from './screens/MfaEnrolmentScreen.js';
import { RecoveryCodesDialog } from './screens/RecoveryCodesDialog.js';
import { RecoveryCodeUsedNotice } from './screens/RecoveryCodeUsedNotice.js';
import { WorkspaceScreen } from './screens/WorkspaceScreen.js';
import { ConsoleErrorBoundary } from './ConsoleErrorBoundary.js';
import { FirmBranding } from './branding/FirmBranding.js';
import { createProductApi } from '@rechtschat/adapters';
import { createConsolePorts, createConsoleSession, createConsoleWorkspace } from './workspace/createConsoleWorkspace.js';
import { forgetOnlyMine } from './screens/CallbacksScreen.js';
import { forgetCaseFileDrafts } from './screens/firmMessageDrafts.js';
import { errorKey, useSession } from './state/useSession.js';
import type { KeyValueStorage, LawyerProfile, LawyerSession, LawyerWorkspace, SessionTabChannel, WindowPort } from '@rechtschat/core';
import { useStream } from './workspace/useStream.js';
import { asyncScheduler, of, take, type SchedulerLike } from 'rxjs';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { LawyerSessionActivity, aloneInBrowser, ok } from '@rechtschat/core';
import { ConsoleRouter, focusContent } from './routes/ConsoleRouter.js';
import { AccessLinkScreen } from './screens/access/AccessLinkScreen.js';
import type { ConsoleHttp, ConsolePorts } from './routes/consoleRoutes.js';
import type { ConsoleTextKey } from './i18n/texts.de.js';
import { IdleLogoutDialog } from './screens/IdleLogoutDialog.js';
import { useIdleLogout } from './state/useIdleLogout.js';
import { createRequestsInFlight } from './workspace/requestsInFlight.js';
import { trackedConnect, trackedFetch } from './workspace/sessionActivityWiring.js';

/** fetch as the console uses it (string URLs only). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ConsoleDeps {
  readonly fetcher: FetchLike;
  /** Origin of the web app that serves the console (asked for the chat host address). */
  readonly webOrigin: string;
  /** Builds the hub connection with the adapter's reconnect policy (buildHubConnection in the browser). */
  readonly connect: NonNullable<SignalRChatHubOptions['connect']>;
  readonly i18n?: i18n;
  /** Test seams; the browser's window, localStorage and the async scheduler otherwise. */
  readonly window?: WindowPort;
  readonly preferences?: KeyValueStorage;
  readonly scheduler?: SchedulerLike;
  /**
   * The browser's other console tabs, which share the session (main.tsx: a BroadcastChannel). Without it this tab is
   * alone – not the browser's channel by default: in the jsdom tests Node's BroadcastChannel would reach other test files.
   */
  readonly sessionTabs?: SessionTabChannel;
  /** Where the console is served (main.tsx: /konsole); paths of the route table are relative to it. */
  readonly basename?: string;
  /** Test seam: a router in memory starting at this path (relative to the basename) instead of the browser's address. */
  readonly initialPath?: string;
}

export function ConsoleApp(deps: ConsoleDeps) {
  const instance = useMemo(() => deps.i18n ?? createI18n(), [deps.i18n]);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return (
    <I18nextProvider i18n={instance}>
      <ThemeProvider theme={reduceMotion ? consoleThemeWithoutMotion : consoleTheme}>
        <CssBaseline />
        {deps.initialPath !== undefined ? (
          <MemoryRouter initialEntries={[deps.initialPath]}>
            <Console {...deps} />
          </MemoryRouter>
        ) : (
          <BrowserRouter {...(deps.basename ? { basename: deps.basename } : {})}>
            <Console {...deps} />
          </BrowserRouter>
        )}
      </ThemeProvider>
    </I18nextProvider>
  );
}

function Console(deps: ConsoleDeps) {
  const { fetcher, webOrigin } = deps;
  const { t } = useTranslation();
  const [chatUrl, setChatUrl] = useState<string | null>(null);
  const [startError, setStartError] = useState<ConsoleTextKey | null>(null);
  // The web origin's public settings (the firm's name and imprint) and the chat host's address: the same ProductApi the web app uses.
  const productApi = useMemo(() => createProductApi({ baseUrl: webOrigin, fetch: (input, init) => fetcher(String(input), init) }), [fetcher, webOrigin]);
  // The chat host and fetch for the HTTP adapters; the ports bound to them.
  // A 403 from the administration means the role changed since the login (an administrator demoted this one): the
  // session reads the profile again, and the navigation and the screen stop offering what the server refuses.
  const onForbidden = useRef<() => void>(() => undefined);
  // The console's own count of the server's idle timeout (SECURITY.md C5): it sees every chat-host call and hub call.
  const scheduler = deps.scheduler ?? asyncScheduler;
  // Activity in any tab counts in all of them (they share the session); their countdowns end together, so each waits
  // its own fraction of a second before signing out, and the others leave on the first one's announcement.
  const tabs = deps.sessionTabs ?? aloneInBrowser;
  const activity = useMemo(() => new LawyerSessionActivity(scheduler, { tabs, signOutDelayMs: signOutDelay(tabs) }), [scheduler, tabs]);
  // Every chat-host request of the screens and the workspace, so that signing out can wait for their answers.
  const requests = useMemo(() => createRequestsInFlight(fetcher, scheduler), [fetcher, scheduler]);
  const http = useMemo<ConsoleHttp | null>(() => {
    if (chatUrl === null) return null;
    const tracked = trackedFetch(requests.fetch, chatUrl, activity);
    return {
      chatUrl: () => of(ok(chatUrl)),
      fetch: async (input, init) => {
        const response = await tracked(String(input), init);
        if (response.status === 403 && String(input).startsWith(`${chatUrl}api/admin/`)) onForbidden.current();
        return response;
      },
    };
  }, [chatUrl, requests, activity]);
  const ports = useMemo<ConsolePorts | null>(() => (http === null ? null : createConsolePorts(http)), [http]);
  const session = useConsoleSession(http, activity, tabs);
  onForbidden.current = () => session?.refreshProfile();
  const { state, login, loginWithPasskey, enrol, cancelEnrolment, dismissRecoveryNotice, logout, expire, logoutIdle } = useSession(session);
  const workspace = useConsoleWorkspace(chatUrl, state.status === 'signedIn' ? state.me : null, { ...deps, fetcher: requests.fetch }, activity);
  // The hub first, quietly (signed out before, the server closed the open connection, which SignalR logged as an
  // error), and the answers of the requests in flight, then the logout.
  // Reads started from here on (a list the workspace re-reads while its hub stops) wait unsent and go with the
  // workspace: sent, they would only come back 401 behind the logout.
  const beforeLogout = () => {
    requests.holdReads();
    return Promise.all([workspace?.stopHub(), requests.settled(SETTLE_BEFORE_LOGOUT_MS)]);
  };
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (!signedIn) requests.sendReads();
  }, [signedIn, requests]);
  // Signed in from the login form (not opened with a session): the form went away with the focus in it, which fell to
  // the page's start; the console continues at its screen instead (keyboard tester).
  const wasSignedOut = useRef(!signedIn);
  const cameFromLogin = signedIn && wasSignedOut.current;
  useEffect(() => {
    if (!signedIn) wasSignedOut.current = true;
  }, [signedIn]);
  // The server's reason for ending the session (deactivated, password or second factor reset) outlives the workspace,
  // so the login says it instead of "Ihre Sitzung ist abgelaufen" – which left a deactivated lawyer retrying a password.
  // Not after "Abmelden" here (until the next login): the server then closes the hub with "Sie haben sich abgemeldet.",
  // which this person knows, and which would otherwise stand beside every later refused login of the tab.
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  const signingOut = useRef(false);
  // Signing out while chats run leaves them with this lawyer and their clients waiting: asked first (n: running chats).
  const [logoutQuestion, setLogoutQuestion] = useState<number | null>(null);
  const signOut = () => {
    setLogoutQuestion(null);
    // Drafts, the selected chat and a half-filled case-file form stay in this tab only until signing out.
    workspace?.workspace.forgetTab();
    forgetCaseFileDrafts();
    forgetOnlyMine();
    signingOut.current = true;
    setEndedNotice(null);
    void beforeLogout().then(() => logout());
  };
  // Two minutes before the idle end a dialog offers to stay signed in; at the end the login says why (C5).
  const idle = useIdleLogout({
    activity,
    sessionApi: ports?.session ?? null,
    signedIn: state.status === 'signedIn',
    // The server would keep the session: the console's own re-reads (callbacks every minute) pass its session check. So
    // the console ends it itself, like „Abmelden“ (the hub first, then the logout), and the login says why.
    // At the 12-hour limit the login names that limit instead of the 30 minutes.
    // The tab's drafts stay for the lawyer who signs in again to continue; „Nur meine“ goes, with the lawyer's id in it.
    onIdle: (reason) => {
      forgetOnlyMine();
      signingOut.current = true;
      setEndedNotice(null);
      void beforeLogout().then(() => logoutIdle(reason));
    },
    onEnded: expire,
  });
  // The administration's tables (Protokoll: six columns, Team: seven), the reports and the workspace use a wide
  // screen's width; at 900 px the audit log's IP column was cut off on a 1366 px desktop, and the workspace's chat sat
  // in an 852 px column under the bot's facts with the answer field two screens down on a 1366 × 657 laptop window.
  // Now every screen takes the laptop's whole width (up to 1536 px), the navigation fits one row from 1280 px on,
  // and the chat puts the facts and actions beside the log (ChatScreen). Only the login and the account links stay
  // narrow. Supported down to 1280 × 657 without sideways scrolling (e2e/specs/lawyer-console-small-laptop.spec.ts).
  const wide = !/^\/zugang(\/|$)/.test(useLocation().pathname);
  useEffect(() => {
    if (!workspace) return;
    const subscription = workspace.endedByServer$.subscribe((notice) => {
      if (!signingOut.current) setEndedNotice(notice);
    });
    // Promoted or demoted by an administrator: „Verwaltung“ appears or goes at once, not only after a reload.
    subscription.add(workspace.profileChanged$.subscribe(() => session?.refreshProfile()));
    // Another tab signed out (the session leaves to the login with its reason): the server's closing of the hub is no
    // news then, and after „Abmelden“ there the drafts of this tab go too, as they would here; „Nur meine“ goes at every
    // sign-out (after the idle end or the 12-hour limit too), as it does in the tab that signed out.
    subscription.add(
      tabs.messages$.subscribe((message) => {
        if (message.type !== 'signedOut') return;
        signingOut.current = true;
        forgetOnlyMine();
        if (message.reason === 'logout') {
          workspace.workspace.forgetTab();
          forgetCaseFileDrafts();
        }
      }),
    );
    return () => subscription.unsubscribe();
  }, [workspace, session, tabs]);

  useEffect(() => {
    const subscription = productApi
      .getChatUrl()
      .pipe(take(1))
      .subscribe((result) => {
        if (result._tag === 'Right') setChatUrl(result.right);
        else setStartError(errorKey(result.left));
      });
    return () => subscription.unsubscribe();
  }, [productApi]);

  return (
    <>
      <Link
        href="#inhalt"
        className="skip-link"
        // Past the navigation when signed in (the link's own jump would land on <main>, before it); the fragment stays
        // as it is (the access page reads its token from there).
        onClick={(event) => {
          event.preventDefault();
          focusContent();
        }}
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('Console.SkipToContent')}
      </Link>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Typography variant="h6" component="h1">
            {t('Console.Title')}
          </Typography>
          <FirmBranding productApi={productApi} />
          <span style={{ flexGrow: 1 }} />
          {state.status === 'signedIn' && (
            <>
              {idle.warning && (
                <IdleLogoutDialog
                  secondsLeft={idle.warning.secondsLeft}
                  canExtend={idle.warning.canExtend}
                  staying={idle.staying}
                  failed={idle.failed}
                  onStay={idle.stay}
                  onAcknowledge={idle.acknowledge}
                  onLogout={signOut}
                />
              )}
              {workspace ? (
                <SignedInAs workspace={workspace.workspace} me={state.me} />
              ) : (
                <Typography component="span">{t('Header.SignedInAs', { name: state.me.Name })}</Typography>
              )}
              <Button
                color="inherit"
                variant="outlined"
                onClick={() => {
                  const running = workspace?.workspace.snapshot().tabs.filter((tab) => tab.ended === null).length ?? 0;
                  if (running > 0) setLogoutQuestion(running);
                  else signOut();
                }}
              >
                {t('Header.Logout')}
              </Button>
              {logoutQuestion !== null && (
                <Dialog open onClose={() => setLogoutQuestion(null)} aria-labelledby="logout-question-heading" aria-describedby="logout-question-text">
                  <DialogTitle id="logout-question-heading">{t('Header.LogoutQuestion')}</DialogTitle>
                  <DialogContent>
                    <DialogContentText id="logout-question-text">{t('Header.LogoutRunningChats', { count: logoutQuestion })}</DialogContentText>
                  </DialogContent>
                  <DialogActions>
                    <Button onClick={() => setLogoutQuestion(null)} autoFocus>
                      {t('Header.LogoutCancel')}
                    </Button>
                    <Button color="error" variant="contained" onClick={signOut}>
                      {t('Header.LogoutAnyway')}
                    </Button>
                  </DialogActions>
                </Dialog>
              )}
            </>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" id="inhalt" tabIndex={-1} maxWidth={wide && state.status === 'signedIn' ? 'xl' : 'md'} sx={{ py: { xs: 2, md: 3 } }}>
        <Routes>
          {/* Public: set-up, invitation and password-reset links (the token in the fragment), signed in or not. */}
          <Route
            path="zugang"
            element={
              <>
                {startError && <Alert severity="error">{t(startError)}</Alert>}
                {!startError && ports === null && <Typography role="status">{t('Console.Loading')}</Typography>}
                {ports && <AccessLinkScreen api={ports.accountLinks} />}
              </>
            }
          />
          <Route
            path="*"
            element={
              <>
                {startError && <Alert severity="error">{t(startError)}</Alert>}
                {!startError && (session === null || state.status === 'checking') && <Typography role="status">{t('Console.Loading')}</Typography>}
                {session && state.status === 'signedOut' && (
                  <LoginRouteScreen
                    error={endedNotice !== null && state.error === 'Login.Expired' ? null : state.error}
                    retryAfterSeconds={state.retryAfterSeconds}
                    notice={endedNotice}
                    busy={state.busy}
                    onLogin={(email, password, totpCode) => {
                      signingOut.current = false;
                      void login(email, password, totpCode);
                    }}
                    onPasskeyLogin={(email, password) => {
                      signingOut.current = false;
                      void loginWithPasskey(email, password);
                    }}
                  />
                )}
                {session && state.status === 'enrolment' && (
                  <MfaEnrolmentScreen
                    secret={state.enrolment.Secret}
                    otpauthUri={state.enrolment.OtpauthUri}
                    error={state.error}
                    retryAfterSeconds={state.retryAfterSeconds}
                    busy={state.busy}
                    onSubmit={(code) => void enrol(code)}
                    onCancel={cancelEnrolment}
                  />
                )}
                {state.status === 'signedIn' && state.recoveryCodes && (
                  <RecoveryCodesDialog codes={state.recoveryCodes} email={state.me.Email} onDone={dismissRecoveryNotice} />
                )}
                {state.status === 'signedIn' && state.recoveryCodesLeft !== undefined && (
                  <RecoveryCodeUsedNotice left={state.recoveryCodesLeft} onDismiss={dismissRecoveryNotice} />
                )}
                {http && ports && state.status === 'signedIn' && workspace && (
                  <ConsoleErrorBoundary>
                    <ConsoleRouter
                      focusOnStart={cameFromLogin}
                      me={state.me}
                      http={http}
                      ports={ports}
                      workspace={workspace.workspace}
                      onSessionExpired={expire}
                      workspaceScreen={
                        <WorkspaceScreen
                          workspace={workspace.workspace}
                          me={state.me}
                          onSessionExpired={expire}
                          account={ports.account}
                          mandates={ports.mandates}
                          session={ports.session}
                          textTemplates={ports.textTemplates}
                        />
                      }
                    />
                  </ConsoleErrorBoundary>
                )}
              </>
            }
          />
        </Routes>
      </Container>
    </>
  );
}

type ConsoleWorkspace = ReturnType<typeof createConsoleWorkspace>;

/** How long signing out waits for the answers of requests in flight, at most (the hub's stop waits as long). */
const SETTLE_BEFORE_LOGOUT_MS = 2_000;

/** A fraction of a second, different per tab, before a run-out countdown signs out (none for a tab that is alone). */
function signOutDelay(tabs: SessionTabChannel): number {
  return tabs === aloneInBrowser ? 0 : Math.floor(Math.random() * 1_000);
}

/** The login state once the chat host is known: probes the session at once, disposed with the chat host. */
function useConsoleSession(http: ConsoleHttp | null, activity: LawyerSessionActivity, tabs: SessionTabChannel): LawyerSession | null {
  const [session, setSession] = useState<LawyerSession | null>(null);
  useEffect(() => {
    if (http === null) return;
    const created = createConsoleSession(http, activity, tabs);
    created.start();
    setSession(created);
    return () => created.dispose();
  }, [http, activity, tabs]);
  return session;
}

/** Creates the core workspace while a lawyer is signed in and disposes it on logout or an expired session. */
function useConsoleWorkspace(chatUrl: string | null, me: LawyerProfile | null, deps: ConsoleDeps, activity: LawyerSessionActivity): ConsoleWorkspace | null {
  const { t } = useTranslation();
  // The title's wording follows the current translation without re-creating the workspace: t changes identity when
  // i18next (re)loads, and a new workspace would drop the open view and the hub connection under the lawyer's click.
  const translate = useRef(t);
  translate.current = t;
  const [created, setCreated] = useState<ConsoleWorkspace | null>(null);
  const { fetcher, connect, window: win, preferences, scheduler } = deps;
  const lawyerId = me?.Id ?? null;
  useEffect(() => {
    if (chatUrl === null || lawyerId === null) {
      setCreated(null);
      return;
    }
    const next = createConsoleWorkspace({
      chatUrl,
      lawyerId,
      // The workspace's requests and hub calls keep the idle countdown in step with the server's.
      fetch: trackedFetch(fetcher, chatUrl, activity),
      connect: trackedConnect(connect, activity),
      // The title says what is new: a client waiting in the queue, a client writing in a chat, or both.
      alertTitle: ({ chats, messages }) =>
        translate.current(messages === 0 ? 'Console.AlertTitle' : chats === 0 ? 'Console.AlertTitleMessages' : 'Console.AlertTitleBoth', {
          count: chats + messages,
        }),
      ...(win ? { window: win } : {}),
      ...(preferences ? { preferences } : {}),
      ...(scheduler ? { scheduler } : {}),
    });
    setCreated(next);
    next.workspace.start();
    return () => next.dispose();
  }, [chatUrl, lawyerId, fetcher, connect, win, preferences, scheduler, activity]);
  return created;
}

/** The header's name follows the workspace's profile, so a saved name shows at once (the session only knows the login's). */
function SignedInAs({ workspace, me }: { readonly workspace: LawyerWorkspace; readonly me: LawyerProfile }) {
  const { t } = useTranslation();
  const state = useStream(workspace.state$, workspace.snapshot());
  return <Typography component="span">{t('Header.SignedInAs', { name: state.profile?.Name ?? me.Name })}</Typography>;
}
