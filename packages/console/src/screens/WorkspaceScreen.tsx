// The signed-in console: connection state, notices, the mute switch, and tabs for queue, callbacks,
// case-file creation (blank, or started from a chat) and every open chat (with unread counts). It only renders the core state.
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type {
  ChatTab,
  LawyerAccountApi,
  LawyerProfile,
  LawyerSessionApi,
  LawyerWorkspace,
  MandateApi,
  QueueEntry,
  TextTemplatesApi,
  WorkspaceView,
} from '@rechtschat/core';
import { caseReferenceOf, initialWorkspaceState } from '@rechtschat/core';
import type { TFunction } from 'i18next';
import { formatTime } from '../i18n/i18n.js';
import { useBackgroundAnnouncement } from '../workspace/useBackgroundAnnouncement.js';
import { useDeviceOnline } from '../workspace/useDeviceOnline.js';
import { useStream } from '../workspace/useStream.js';
import { useStickyClearance } from '../workspace/useStickyClearance.js';
import { CallbacksScreen } from './CallbacksScreen.js';
import { CaseFileScreen } from './CaseFileScreen.js';
import { CaseFilesScreen } from './CaseFilesScreen.js';
import { ChatScreen } from './ChatScreen.js';
import { ProfileScreen } from './ProfileScreen.js';
import { AccountSecurity } from './AccountSecurity.js';
import { lockedText } from './lockedWait.js';
import { LiveNotice } from './LiveNotice.js';
import { QueueScreen } from './QueueScreen.js';

type View = WorkspaceView;

export interface WorkspaceScreenProps {
  readonly workspace: LawyerWorkspace;
  readonly me: LawyerProfile;
  readonly onSessionExpired: () => void;
  /** Password, devices and second factor in the profile; without it the profile shows name and photo only. */
  readonly account?: LawyerAccountApi;
  /** Ending and reopening a case file's mandate; without it the case files show the state only. */
  readonly mandates?: MandateApi;
  /** Asks, after the hub connection closed, whether the session still exists. */
  readonly session?: Pick<LawyerSessionApi, 'whoAmI'>;
  /** The Textbausteine the chat's answer field offers; without it none. */
  readonly textTemplates?: TextTemplatesApi;
}

/** Read out, not shown: the tab names and the queue tab already show it to sighted lawyers. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The views' and the chats' rows, kept in sight at the window's top (above the chat's content, below dialogs). */
const TAB_ROWS = { position: 'sticky', top: 0, zIndex: 'appBar', bgcolor: 'background.paper', display: 'flow-root' } as const;

/** How much of the client's problem a chat tab's second line shows: the row holds several chats side by side. */
const CHAT_TAB_SHOWN = 28;
/**
 * How much of it the tab's accessible name and its `title` say: a problem of a line or two whole – the shown line was
 * read out cut too, and two problems alike up to the cut sounded alike –, a long one as far as a new chat's
 * announcement reads it (`useBackgroundAnnouncement`); a client may write 5,000 characters, the chat shows them all.
 */
const CHAT_TAB_SAID = 100;

/** The text, cut with „…“ to at most `length` characters. */
const cutTo = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);

/**
 * A chat tab names the case reference and the time the lawyer took the chat, not only the start of the problem:
 * two clients with similar problems must never look alike (outside-in D1). `full`: the problem as the tab's name says
 * it, for its `title` – null where the line shows it whole.
 */
const chatTabNames = (t: TFunction, tab: ChatTab, index: number) => {
  const problem = tab.facts.Description.replace(/\s+/gu, ' ').trim();
  const shown = cutTo(problem, CHAT_TAB_SHOWN);
  const said = cutTo(problem, CHAT_TAB_SAID);
  const values = { index: index + 1, reference: caseReferenceOf(tab.caseId), time: formatTime(tab.facts.AcceptedAt) };
  return {
    title: t('Nav.ChatTabTitle', values),
    description: shown,
    full: shown === problem ? null : said,
    name: t('Nav.ChatTabName', { ...values, description: said }),
  };
};

/**
 * How an ended tab says it ended, in its name and (forwarded) on its second line: a forwarded chat names the colleague
 * („weitergeleitet an …“), not „beendet“ like a closed one – the lawyer who forwarded it told the two apart only in its panel.
 */
const endedWords = (t: TFunction, tab: ChatTab, queue: readonly QueueEntry[]): string | null => {
  if (tab.ended === null) return null;
  // The colleague did not take it within the hold: it is not with them, but back in the queue (or taken from there).
  if (tab.ended === 'forwarded' && tab.notTakenBy !== null)
    return queue.some((entry) => entry.CaseId === tab.caseId)
      ? t('Nav.NotTakenInQueue', { name: tab.notTakenBy })
      : t('Nav.NotTaken', { name: tab.notTakenBy });
  if (tab.ended === 'forwarded') return tab.forwardedTo === null ? t('Nav.Forwarded') : t('Nav.ForwardedTo', { name: tab.forwardedTo });
  return t('Nav.Ended');
};

export function WorkspaceScreen({ workspace, me, onSessionExpired, account, mandates, session, textTemplates }: WorkspaceScreenProps) {
  const { t } = useTranslation();
  const state = useStream(workspace.state$, workspace.snapshot?.() ?? initialWorkspaceState(0, false));
  // Core keeps the view, so a reload of the tab returns to it (e.g. the half-filled case-file form).
  const view = state.view;
  /** The case-file form was opened by an action (from a chat, or emptied): focus moves into it. */
  const [focusCaseFileForm, setFocusCaseFileForm] = useState(false);

  useEffect(() => {
    if (state.sessionExpired) onSessionExpired();
  }, [state.sessionExpired, onSessionExpired]);

  // Ending other sessions closes every hub connection of this lawyer, this browser's too: connect again at once.
  const [reconnectWhenClosed, setReconnectWhenClosed] = useState(false);
  // A notice about an action whose element went away with it – the queue entry a colleague accepted first – takes the
  // focus that fell to the page's start, so a keyboard user goes on from there instead of from the top.
  const noticeDismiss = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (state.notice !== null && (focused === null || focused === document.body)) noticeDismiss.current?.focus();
  }, [state.notice, state.queue]);
  const sessionsEnded = useCallback(() => setReconnectWhenClosed(true), []);
  useEffect(() => {
    if (state.connection !== 'disconnected') return;
    if (reconnectWhenClosed) {
      setReconnectWhenClosed(false);
      workspace.reconnect();
      return;
    }
    // A closed connection may mean the session was ended elsewhere (password changed, signed out there): then the
    // login, not a connection error.
    const probe = session?.whoAmI().subscribe((result) => {
      if (result._tag === 'Right' && result.right === null) onSessionExpired();
    });
    return () => probe?.unsubscribe();
  }, [state.connection, reconnectWhenClosed, workspace, session, onSessionExpired]);

  // Only the notice: back on the network, the workspace itself reconnects at once (core: connection/reconnectNow.ts).
  const online = useDeviceOnline();

  const backgroundNews = useBackgroundAnnouncement(state, me.Id);

  const selectedTab = state.tabs.find((tab) => tab.chatId === state.selectedChatId) ?? null;
  const tabRows = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useStickyClearance(tabRows);
  // Another view starts at its top: the page kept its scroll position, and the new view's heading lay under the rows.
  const shownView = selectedTab === null ? view : null;
  useEffect(() => {
    const rowsBottom = tabRows.current?.getBoundingClientRect().bottom ?? 0;
    if (shownView !== null && panel.current !== null && panel.current.getBoundingClientRect().top < rowsBottom)
      panel.current.scrollIntoView?.({ block: 'start' });
  }, [shownView]);

  // Also on a click on the tab already shown: the lawyer chose this view, so restored chats do not take it over.
  const chooseView = (value: View) => {
    setFocusCaseFileForm(false);
    workspace.showView(value);
  };
  // Pressed or focused, a tab of the views is the lawyer's choice already: held chats that arrive before the click is
  // complete no longer open in front (the chat took the focus and scrolled the page under the pressed pointer, and the
  // click, released beside „Profil“, was lost). So is „Annehmen“ in the queue: a restored chat replaced the queue
  // under the pressed button, and the accept was lost.
  const holdView = () => workspace.holdView();
  // So is a press or the focus in the queue („Annehmen“): a held chat restored meanwhile replaced the queue under the
  // pressed button, and the accept was lost. The chat waits in its tab – but while the pointer is down, a first chat
  // tab would add the chats' row above the queue and push the button from under it all the same: that row comes
  // once the click is complete.
  const [pressInQueue, pressedInQueue] = usePressUntilClicked();
  const reachQueue = (how: 'pressed' | 'focused') => {
    workspace.holdView();
    if (how === 'pressed' && state.tabs.length === 0) pressedInQueue();
  };
  const chatRowShown = state.tabs.length > 0 && !pressInQueue;
  // The chat the lawyer chose last (its tab, or „Annehmen“ in the queue): shown, its answer field takes the focus. A
  // chat that opens by itself (restored after a login or reload) leaves the focus where the lawyer put it.
  const [chosenChatId, setChosenChatId] = useState<string | null>(null);
  const chooseChat = (chatId: string) => {
    setChosenChatId(chatId);
    workspace.select(chatId);
  };
  const acceptChat = (chatId: string) => {
    setChosenChatId(chatId);
    workspace.accept(chatId);
  };
  const openCaseFileForm = (chatId: string) => {
    workspace.startCaseFileFromChat(chatId);
    setFocusCaseFileForm(true);
  };
  const openCallbacks = state.callbacks.filter((c) => c.DoneAt === null).length;

  return (
    <>
      {/*
        Connection state and notices stick to the top of the window: the lawyer writes at the end of a long chat, far
        below, and must see there that the network is gone or a message was not sent. They stick together with the tab
        rows, above them: as two sticky boxes at the same top the rows lay over the notices (outside-in lawyer pass
        2026-12-07 – „Ihr Gerät hat keine Netzwerkverbindung“ was in the page but behind „Warteschlange“).
        Each announcement is in exactly one live region, there from the start: the Alerts inside are role="none" (MUI's
        default role="alert" inside the polite status had some screen readers read the offline notice twice).
      */}
      <Box ref={tabRows} sx={TAB_ROWS}>
        <Box>
          <Box role="status" aria-live="polite">
            {!online && (
              <Alert severity="warning" role="none" sx={{ mb: 2 }}>
                {t('Connection.Offline')}
              </Alert>
            )}
            {online && state.connection === 'reconnecting' && (
              <Alert severity="warning" role="none" sx={{ mb: 2 }}>
                {t('Connection.Reconnecting')}
              </Alert>
            )}
            {online && state.connection === 'disconnected' && state.connectionTried && (
              <Alert
                severity="error"
                role="none"
                sx={{ mb: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => workspace.reconnect()}>
                    {t('Connection.Retry')}
                  </Button>
                }
              >
                {t('Connection.Disconnected')}
              </Alert>
            )}
          </Box>
          <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
            {backgroundNews.count > 0 && <span key={backgroundNews.count}>{backgroundNews.text}</span>}
          </Box>
          {/* The open file re-read after its client changed it; a new node per change, so each is read out once. */}
          <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
            {state.openedCaseFileClientChanges > 0 && <span key={state.openedCaseFileClientChanges}>{t('CaseFiles.ChangedByClient')}</span>}
          </Box>
          <LiveNotice
            politeness="assertive"
            regionRole="alert"
            severity={state.notice?.key === 'Workspace.ChatTaken' ? 'warning' : 'error'}
            sx={{ mb: 2 }}
            action={
              <Button ref={noticeDismiss} color="inherit" size="small" onClick={() => workspace.dismissNotice()}>
                {t('Workspace.DismissNotice')}
              </Button>
            }
          >
            {state.notice && (
              <>
                {state.notice.key === 'Workspace.TooManyConnections'
                  ? lockedText(t, state.connectionRetryMs === null ? null : state.connectionRetryMs / 1000, 'Connection')
                  : t(state.notice.key)}
                {state.notice.detail && state.notice.key !== 'Workspace.ChatTaken' ? ` (${state.notice.detail})` : ''}
              </>
            )}
          </LiveNotice>
        </Box>
        {/*
        Two rows: the views stay in sight however many chats the lawyer holds (one row scrolled "Warteschlange (n)" out of
        view on a tablet with three chats); the chats get a row of their own.
      */}
        {/* The mute switch sits at the end of the views' row: a row of its own cost a 657 px laptop window 50 px of the chat. */}
        {/*
        Both rows stay at the window's top while the page scrolls: on a 768 px laptop the chat scrolled them out of sight,
        and a lawyer answering one client saw neither another chat's unread count nor a new client in the queue.
      */}
        <Stack
          direction="row"
          useFlexGap
          sx={{ borderBottom: 1, borderColor: 'divider', mb: chatRowShown ? 0 : 2, flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}
        >
          <Tabs
            sx={{ flex: '1 1 auto', minWidth: 0 }}
            value={selectedTab ? false : view}
            onChange={(_, value: View) => chooseView(value)}
            onPointerDown={holdView}
            onFocus={holdView}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={t('Nav.Label')}
          >
            <Tab value="queue" onClick={() => chooseView('queue')} label={t('Nav.Queue', { count: state.queue.length })} id="tab-queue" aria-controls="panel" />
            <Tab
              value="callbacks"
              onClick={() => chooseView('callbacks')}
              label={t('Nav.Callbacks', { count: openCallbacks })}
              id="tab-callbacks"
              aria-controls="panel"
            />
            <Tab
              value="casefiles"
              onClick={() => chooseView('casefiles')}
              label={t('Nav.CaseFiles', { count: state.caseFiles.length })}
              id="tab-casefiles"
              aria-controls="panel"
            />
            <Tab value="casefile" onClick={() => chooseView('casefile')} label={t('Nav.CaseFile')} id="tab-casefile" aria-controls="panel" />
            <Tab value="profile" onClick={() => chooseView('profile')} label={t('Nav.Profile')} id="tab-profile" aria-controls="panel" />
          </Tabs>
          <FormControlLabel
            // Clear of the row's end: the label touched the panel's border.
            sx={{ ml: 'auto', mr: 1.5 }}
            control={<Switch checked={state.muted} onChange={(e) => workspace.setMuted(e.target.checked)} />}
            label={t('Mute.Label')}
          />
        </Stack>
        {chatRowShown && (
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
            <Tabs
              value={selectedTab ? selectedTab.chatId : false}
              onChange={(_, chatId: string) => chooseChat(chatId)}
              variant="scrollable"
              scrollButtons="auto"
              aria-label={t('Nav.ChatsLabel')}
            >
              {state.tabs.map((tab, index) => {
                const names = chatTabNames(t, tab, index);
                // Seen from the tab row: which clients have left, without opening each chat.
                const away = tab.clientPresence?.kind === 'away';
                const ended = endedWords(t, tab, state.queue);
                return (
                  <Tab
                    key={tab.chatId}
                    value={tab.chatId}
                    id={`tab-${tab.chatId}`}
                    aria-controls="panel"
                    aria-label={`${names.name}${tab.unread > 0 ? `, ${t('Nav.Unread', { count: tab.unread })}` : ''}${away ? `, ${t('Nav.ClientAway')}` : ''}${ended === null ? '' : `, ${ended}`}`}
                    label={
                      <Badge badgeContent={tab.unread} color="error">
                        {/* Where the line cuts the problem, hovering shows it whole; the tab’s name (aria-label) says it whole already. */}
                        <Box
                          component="span"
                          title={names.full ?? undefined}
                          sx={{ pr: tab.unread > 0 ? 1.5 : 0, fontStyle: tab.ended ? 'italic' : 'normal', display: 'block' }}
                        >
                          {/* As written: „Chat 1 · RC-… · 09:41 Uhr“ in capitals read oddly (outside tester). */}
                          <Box component="span" sx={{ display: 'block', textTransform: 'none' }}>
                            {names.title}
                          </Box>
                          <Box component="span" sx={{ display: 'block', textTransform: 'none', fontWeight: 'normal', fontSize: '0.8125rem' }}>
                            {away
                              ? `${t('Nav.ClientAway')} · ${names.description}`
                              : tab.ended === 'forwarded' && ended !== null
                                ? `${ended} · ${names.description}`
                                : names.description}
                          </Box>
                        </Box>
                      </Badge>
                    }
                  />
                );
              })}
            </Tabs>
          </Box>
        )}
      </Box>
      <div ref={panel} role="tabpanel" id="panel" aria-labelledby={selectedTab ? `tab-${selectedTab.chatId}` : `tab-${view}`}>
        {selectedTab ? (
          <ChatScreen
            key={selectedTab.chatId}
            tab={selectedTab}
            chosen={selectedTab.chatId === chosenChatId}
            lawyerId={me.Id}
            colleagues={state.colleagues}
            fileUrl={(id) => workspace.fileUrl(id)}
            onDraft={(text) => workspace.setDraft(selectedTab.chatId, text)}
            onSend={() => workspace.send(selectedTab.chatId)}
            onAskPhone={(text) => workspace.sendText(selectedTab.chatId, text)}
            onUpload={(file) => workspace.uploadFile(selectedTab.chatId, file, file.name)}
            onClose={(phone) => workspace.close(selectedTab.chatId, phone)}
            onForward={(id) => workspace.forward(selectedTab.chatId, id)}
            onLoadColleagues={() => workspace.loadColleagues()}
            onCreateCaseFile={() => openCaseFileForm(selectedTab.chatId)}
            onOpenCaseFile={(caseFileId) => {
              chooseView('casefiles');
              workspace.openCaseFile(caseFileId);
            }}
            onChangeFieldOfLaw={(fieldOfLaw) => workspace.changeFieldOfLaw(selectedTab.chatId, fieldOfLaw)}
            {...(textTemplates ? { textTemplates } : {})}
            onDismiss={() => {
              workspace.dismiss(selectedTab.chatId);
              // The closed tab and its panel are gone: keyboard users stay in the tab list, on the view now shown.
              requestAnimationFrame(() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
            }}
          />
        ) : view === 'queue' ? (
          <QueueScreen
            queue={state.queue}
            lawyerId={me.Id}
            nowMs={state.nowMs}
            canAccept={state.connection === 'connected'}
            onAccept={acceptChat}
            onReach={reachQueue}
          />
        ) : view === 'callbacks' ? (
          <CallbacksScreen
            callbacks={state.callbacks}
            lawyerId={me.Id}
            claim={state.callbackClaim}
            release={state.callbackRelease}
            onDone={(id, done) => workspace.setCallbackDone(id, done)}
            onClaim={(id) => workspace.claimCallback(id)}
            onRelease={(id) => workspace.releaseCallback(id)}
            administrator={me.Role === 'admin'}
          />
        ) : view === 'profile' ? (
          <>
            <ProfileScreen
              profile={state.profile ?? me}
              status={state.profileStatus}
              error={state.profileError}
              onSave={(name, gender, phone) => workspace.saveProfile(name, gender, phone)}
              onPhoto={(file) => workspace.uploadPhoto(file, file.name)}
              onRemovePhoto={() => workspace.removePhoto()}
            />
            {account && <AccountSecurity api={account} email={me.Email} onSessionsEnded={sessionsEnded} onSessionExpired={onSessionExpired} />}
          </>
        ) : view === 'casefiles' ? (
          <CaseFilesScreen
            caseFiles={state.caseFiles}
            opened={state.openedCaseFile}
            left={state.caseFileLeft}
            documentUrl={(id, doc) => workspace.caseFileDocumentUrl(id, doc)}
            onOpen={(id) => workspace.openCaseFile(id)}
            onClose={() => workspace.closeCaseFile()}
            onRefresh={() => workspace.loadCaseFiles()}
            onWithdrawn={(id) => workspace.caseFileWithdrawn(id)}
            onHandedOver={(done) => workspace.caseFileHandedOver(done.CaseId, done.LawyerName)}
            {...(mandates ? { mandates } : {})}
          />
        ) : (
          <CaseFileScreen
            state={state.caseFile}
            focusForm={focusCaseFileForm}
            onCreate={(request) => workspace.createCaseFile(request)}
            onDiscardPrefill={() => {
              // The notice with the button goes away: focus continues in the now empty form.
              setFocusCaseFileForm(true);
              workspace.discardCaseFilePrefill();
            }}
            onHandedOver={() => workspace.dismissCreatedCaseFile()}
            onValues={(values) => workspace.setCaseFileValues(values)}
          />
        )}
      </div>
    </>
  );
}

/**
 * A press that must not see the page move under it: true from `press()` until the pointer is released (or the press
 * cancelled) and the click that completes it is dispatched – the browser sends it in the same task as the release, so
 * the press ends in the next one.
 */
function usePressUntilClicked(): readonly [boolean, () => void] {
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (!pressed) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const released = () => {
      timer = setTimeout(() => setPressed(false), 0);
    };
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
    return () => {
      window.removeEventListener('pointerup', released, true);
      window.removeEventListener('pointercancel', released, true);
      clearTimeout(timer);
    };
  }, [pressed]);
  return [pressed, useCallback(() => setPressed(true), [])] as const;
}
