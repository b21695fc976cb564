// The lawyer's working day as one use case: queue with alerts, several chats in tabs, callbacks, case files, profile.
// Framework-free: ports in, one state stream out, commands that return nothing (their outcome shows in the state).
// This file is the shell: the rules live in pure slices (./workspace/, see docs/console.md "Workspace slices"); the
// shell turns commands, hub events and timers into events, runs the effects the slices ask for (port calls, timers,
// storage) and feeds their outcome back as events. All timers run on the injected scheduler, so tests use virtual time.
import {
  BehaviorSubject,
  EMPTY,
  Subscription,
  defer,
  distinctUntilChanged,
  expand,
  filter,
  finalize,
  groupBy,
  interval,
  map,
  mergeMap,
  of,
  repeat,
  switchMap,
  tap,
  throttleTime,
  timer,
  withLatestFrom,
  zip,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { Call } from '../ports/call.js';
import type { LawyerApi, LawyerHub } from '../ports/lawyer.js';
import type { BlobLike, IdSource, KeyValueStorage, NetworkStatus, WindowPort } from '../ports/platform.js';
import { reconnectOnHints, retryHints } from '../connection/reconnectNow.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { ok, type AppError } from '../result.js';
import type { ActiveChatEntry, CreateCaseFileRequest, LawyerGender } from '../wire/index.js';
import type { CaseFileFormValues } from './caseFileForm.js';
import { initialWorkspaceState, type WorkspaceState, type WorkspaceView } from './workspaceState.js';
import type { StepContext, WorkspaceEffect, WorkspaceModel } from './workspace/model.js';
import { MUTED_KEY } from './workspace/queueSlice.js';
import { caseFileFormKey, dismissedKey, draftKey, openCaseFileKey, restoredModel, selectionKey } from './workspace/tabMemorySlice.js';
import { workspaceStep, type WorkspaceEvent } from './workspace/workspaceStep.js';
import { connectionCapRetryDelayMs, isConnectionCap } from '../connection/connectionCap.js';
import { nextWaitingMinuteAt } from './workspace/waitingClock.js';

export { caseFileErrors } from './workspace/caseFilesSlice.js';
export { TYPING_NOTIFY_INTERVAL_MS } from './workspace/chatTabsSlice.js';
export { MAX_PHOTO_BYTES } from './workspace/profileSlice.js';
export { isChatTaken, MUTED_KEY } from './workspace/queueSlice.js';
export { CASE_FILE_FORM_KEY_PREFIX, decodeStoredCaseFileForm, DRAFT_KEY_PREFIX, SELECTION_KEY_PREFIX } from './workspace/tabMemorySlice.js';

/** The participant's typing notice shows 2.5 s after each notice (our own goes out at most every 2 s). */
export const PARTICIPANT_TYPING_VISIBLE_MS = 2500;
/** The window title toggles every 2 s until the window has focus again. */
export const ALERT_TITLE_TOGGLE_MS = 2000;
/**
 * Callbacks are re-read on the hub's QueueChanged (a new request, a claim, a give-back, marked done or undone) and, for a
 * signal missed while reconnecting, this often.
 */
export const CALLBACK_REFRESH_MS = 60_000;
/**
 * Case files change without a hub event (a colleague creates one, a client uploads or signs): the list is re-read this
 * often while it is shown. The open file only when the lawyer turns to it, as every read of a file is audited.
 */
export const CASE_FILES_REFRESH_MS = 60_000;
/**
 * The server's signals to re-read (QueueChanged; CaseFileChanged, per file) are followed at most once in this time: the
 * first at once, the last of a burst when it has passed. Each signal costs the console two requests, and a client's
 * script could make the server send hundreds a minute (callback bookings, address changes) – lawyers behind the firm's
 * one address then ran into the server's 600 requests a minute (found from outside, 2026-12-07).
 */
export const SIGNAL_REREAD_MS = 2000;
/** Once the automatic reconnect gave up, try again this often (a chat must never stay lost). */
export const RESTART_AFTER_MS = 15_000;

/** What arrived while the window was in the background. */
export interface AttentionCounts {
  /** New chats in the queue. */
  readonly chats: number;
  /** Client messages in the lawyer's chats. */
  readonly messages: number;
}

export interface LawyerWorkspaceDeps {
  readonly lawyerId: string;
  readonly api: LawyerApi;
  readonly hub: LawyerHub;
  readonly window: WindowPort;
  /**
   * The browser's report of the network (navigator.onLine and its events): when it is back – a laptop that wakes from
   * sleep –, a lost connection tries again at once instead of after the rest of its reconnect delay or the 15 s retry.
   */
  readonly network: NetworkStatus;
  readonly ids: IdSource;
  /**
   * Remembers the mute switch and the finished chats whose tab the lawyer closed across reloads, sign-outs and browser
   * tabs (localStorage in the browser).
   */
  readonly preferences: KeyValueStorage;
  /**
   * The browser tab's own storage (sessionStorage: it ends with the tab, never outlives the session on a shared
   * computer). Keeps across a reload of the tab: unsent answers per chat, the selected chat or view, and the
   * half-filled case-file form. Without it all of these live in memory only.
   */
  readonly drafts?: KeyValueStorage;
  readonly scheduler: SchedulerLike;
  /**
   * The alert title while something waits in the background, by what it is: new chats in the queue and client
   * messages, e.g. "(2) Neue Chats – Anwaltskonsole" or "(1) Neue Nachricht – Anwaltskonsole".
   */
  readonly alertTitle: (news: AttentionCounts) => string;
  /** The numbering plan for the case-file form's phone number ('@rechtschat/core/phone-plan'). */
  readonly phonePlan: PhoneNumberPlan;
}

export interface LawyerWorkspace {
  readonly state$: Observable<WorkspaceState>;
  readonly snapshot: () => WorkspaceState;
  /** Connects the hub and loads everything, including the chats this lawyer already holds. */
  start(): void;
  dispose(): void;
  /** After the automatic reconnect gave up: connect again and restore every chat. */
  reconnect(): void;
  accept(chatId: string): void;
  /** Opens a chat tab (null: back to the chosen view). */
  select(chatId: string | null): void;
  /** Shows one of the views (queue, callbacks, case files, case-file form, profile); no chat stays selected. */
  showView(view: WorkspaceView): void;
  /**
   * The lawyer reaches for a view (pressed or focused a tab of the views' row, or a control in the queue such as
   * „Annehmen“): the held chats that arrive after this no longer open in front of the view shown, so the screen does
   * not change under the pointer before the click is complete.
   */
  holdView(): void;
  setDraft(chatId: string, text: string): void;
  send(chatId: string): void;
  /** Sends a ready-made text (e.g. the request for a phone number) without touching the draft. */
  sendText(chatId: string, text: string): void;
  uploadFile(chatId: string, file: BlobLike, fileName: string): void;
  fileUrl(fileId: string): string;
  close(chatId: string, requestPhoneNumber: boolean): void;
  forward(chatId: string, lawyerId: string): void;
  /** Removes an ended tab. */
  dismiss(chatId: string): void;
  /**
   * Corrects the chat's field of law (an id of FIELDS_OF_LAW), also after the chat ended; the tab's
   * `fieldOfLawStatus` tells how it went and its facts show the stored field.
   */
  changeFieldOfLaw(chatId: string, fieldOfLaw: number): void;
  setCallbackDone(callbackId: string, done: boolean): void;
  /** „Übernehmen“: takes on a callback nobody's call yet; `callbackClaim` tells how it went. */
  claimCallback(callbackId: string): void;
  /** „Zurückgeben“: gives a callback the lawyer took from the list back to the firm; `callbackRelease` tells how it went. */
  releaseCallback(callbackId: string): void;
  setMuted(muted: boolean): void;
  dismissNotice(): void;
  /**
   * Creates the case file. When the form was started from a chat, the file is linked to that chat's case
   * (`ChatCaseId`) and the prefill is used up.
   */
  createCaseFile(request: CreateCaseFileRequest): void;
  /**
   * "Fallakte aus diesem Chat anlegen": starts the case-file form with what the chat knows (problem, field of law,
   * e-mail, a callback's phone number) and leaves the chat tab. Link and PIN still on show stay until handed over.
   */
  startCaseFileFromChat(chatId: string): void;
  /** Back to a blank form, not linked to any chat; what was typed is forgotten. */
  discardCaseFilePrefill(): void;
  /** What the lawyer typed into the case-file form so far: kept for a reload of the tab. */
  setCaseFileValues(values: CaseFileFormValues): void;
  /** Signing out: forgets what this tab kept (drafts, selection, case-file form), so the next person finds nothing. */
  forgetTab(): void;
  /** The link and PIN were handed over: they are never shown again. */
  dismissCreatedCaseFile(): void;
  /** Re-reads the list of case files (the client may have added something meanwhile). */
  loadCaseFiles(): void;
  /**
   * Re-reads the colleagues a chat can be forwarded to – when a chat is shown and when the lawyer opens the choice –
   * so a colleague who joined (or was deactivated) since the console started is offered as they are now.
   */
  loadColleagues(): void;
  openCaseFile(caseFileId: string): void;
  closeCaseFile(): void;
  /** The lawyer withdrew this file (MandateApi.withdraw): it leaves the list, the chats and the screen. */
  caseFileWithdrawn(caseFileId: string): void;
  /** The lawyer handed this file over to a colleague (MandateApi.handOver): it leaves the list and the screen. */
  caseFileHandedOver(caseFileId: string, lawyerName: string): void;
  caseFileDocumentUrl(caseFileId: string, documentId: string): string;
  /** `phone`: the lawyer's own number (clients see it in the Fallakte); empty or left out keeps the stored one. */
  saveProfile(name: string, gender: LawyerGender, phone?: string): void;
  uploadPhoto(file: BlobLike, fileName: string): void;
  removePhoto(): void;
}

export function createLawyerWorkspace(deps: LawyerWorkspaceDeps): LawyerWorkspace {
  const { api, hub, scheduler, window: win } = deps;
  const context: StepContext = { lawyerId: deps.lawyerId, phonePlan: deps.phonePlan };
  let model: WorkspaceModel = restoredModel(initialWorkspaceState(scheduler.now(), deps.preferences.get(MUTED_KEY) === 'true'), {
    selection: deps.drafts?.get(selectionKey(deps.lawyerId)) ?? null,
    caseFileForm: deps.drafts?.get(caseFileFormKey(deps.lawyerId)) ?? null,
    dismissed: deps.preferences.get(dismissedKey(deps.lawyerId)),
    openCaseFile: deps.drafts?.get(openCaseFileKey(deps.lawyerId)) ?? null,
  });
  const store = new BehaviorSubject<WorkspaceState>(model.state);
  const subscriptions = new Subscription();
  const typingTimers = new Map<string, Subscription>();
  let started = false;
  /** A connect is running: a hint to try now starts no second one. */
  let connecting = false;
  /** Starts refused in a row for the address's connection cap (isConnectionCap); 0 once one succeeds. */
  let capRefusals = 0;
  // While the hub refuses starts for the address's connection cap, each wait doubles (connection/connectionCap.ts).
  const retryDelayMs = (): number => (capRefusals === 0 ? RESTART_AFTER_MS : connectionCapRetryDelayMs(capRefusals, RESTART_AFTER_MS));

  /** One event through the slices; effects run after the new state is out, and may dispatch their outcome at once. */
  const dispatch = (event: WorkspaceEvent): void => {
    const [next, effects] = workspaceStep(model, event, context);
    model = next;
    if (next.state !== store.value) store.next(next.state);
    for (const effect of effects) runEffect(effect);
  };
  /** The wait before the next start by itself, told to the state as it begins. */
  const retryTimer = (): Observable<number> => {
    const waitMs = retryDelayMs();
    dispatch({ type: 'session/retryScheduled', waitMs });
    return timer(waitMs, scheduler);
  };

  /** Runs a call and dispatches its outcome (null: nothing to tell); a 401 anywhere ends the session in the console. */
  const call = <A>(request: Call<A>, onOk: (value: A) => WorkspaceEvent | null, onErr: (error: AppError) => WorkspaceEvent | null): void => {
    subscriptions.add(
      request.subscribe((result) => {
        const event =
          result._tag === 'Right'
            ? onOk(result.right)
            : result.left._tag === 'HttpError' && result.left.status === 401
              ? ({ type: 'session/expired' } as const)
              : onErr(result.left);
        if (event !== null) dispatch(event);
      }),
    );
  };
  const loadFailed = (error: AppError): WorkspaceEvent => ({ type: 'session/loadFailed', error });
  const ignored = (): null => null;

  /** The unsent answers this tab kept for the chats known now and those just read. */
  const storedDraftsFor = (active: readonly ActiveChatEntry[]): ReadonlyMap<string, string> => {
    const stored = new Map<string, string>();
    const drafts = deps.drafts;
    if (!drafts) return stored;
    for (const chatId of [...model.state.tabs.map((tab) => tab.chatId), ...active.map((entry) => entry.ChatId)]) {
      const draft = drafts.get(draftKey(chatId));
      if (draft !== null) stored.set(chatId, draft);
    }
    return stored;
  };

  const hideTypingLater = (chatId: string): void => {
    typingTimers.get(chatId)?.unsubscribe();
    const hide = timer(PARTICIPANT_TYPING_VISIBLE_MS, scheduler).subscribe(() => dispatch({ type: 'tabs/typingExpired', chatId }));
    typingTimers.set(chatId, hide);
    subscriptions.add(hide);
  };

  function runEffect(effect: WorkspaceEffect): void {
    switch (effect.type) {
      case 'connect':
        connecting = true;
        return call(
          hub.start().pipe(
            tap((started) => (capRefusals = started._tag === 'Left' && isConnectionCap(started.left) ? capRefusals + 1 : 0)),
            finalize(() => (connecting = false)),
          ),
          () => ({ type: 'session/connected' }),
          (error) => ({ type: 'session/connectFailed', error }),
        );
      case 'loadQueue':
        return call(api.queue(), (queue) => ({ type: 'queue/loaded', queue, windowFocused: win.isFocused() }), loadFailed);
      case 'loadCallbacks':
        return call(api.callbacks(), (callbacks) => ({ type: 'queue/callbacksLoaded', callbacks }), loadFailed);
      case 'loadChats':
        // The active chats decide; the finished ones only add ended tabs, so a failure to read them shows none.
        return call(
          zip(api.activeChats(), api.finishedChats()).pipe(
            map(([active, finished]) =>
              active._tag === 'Right' ? ok({ active: active.right, finished: finished._tag === 'Right' ? finished.right : [] }) : active,
            ),
          ),
          ({ active, finished }) => ({ type: 'tabs/chatsLoaded', active, finished, storedDrafts: storedDraftsFor(active) }),
          loadFailed,
        );
      case 'loadHistory':
        return call(
          api.messages(effect.caseId),
          (history) => ({ type: 'tabs/historyLoaded', chatId: effect.chatId, history }),
          (error) => ({ type: 'tabs/historyFailed', chatId: effect.chatId, error }),
        );
      case 'loadColleagues':
        return call(api.colleagues(), (colleagues) => ({ type: 'tabs/colleaguesLoaded', colleagues }), ignored);
      case 'loadCaseFiles':
        return call(api.caseFiles(), (caseFiles) => ({ type: 'caseFiles/loaded', caseFiles }), loadFailed);
      case 'loadProfile':
        return call(api.me(), (profile) => ({ type: 'profile/loaded', profile }), ignored);
      case 'acceptChat':
        return call(
          hub.acceptChat(effect.chatId),
          (joined) => ({ type: 'queue/accepted', chatId: joined.ChatId }),
          (error) => ({ type: 'queue/acceptFailed', error }),
        );
      case 'setCallbackDone':
        return call(
          api.setCallbackDone(effect.callbackId, effect.done),
          () => ({ type: 'queue/callbackDoneSet' }),
          () => ({ type: 'session/actionFailed' }),
        );
      case 'claimCallback': {
        const { callbackId } = effect;
        return call(
          api.claimCallback(callbackId),
          () => ({ type: 'queue/callbackClaimed', callbackId }),
          (error) => ({ type: 'queue/claimFailed', callbackId, error }),
        );
      }
      case 'releaseCallback': {
        const { callbackId } = effect;
        return call(
          api.releaseCallback(callbackId),
          () => ({ type: 'queue/callbackReleased', callbackId }),
          (error) => ({ type: 'queue/releaseFailed', callbackId, error }),
        );
      }
      case 'sendTyping':
        return call(hub.sendTypingNotification(effect.chatId), ignored, ignored);
      case 'sendMessage': {
        const { chatId, text, fromDraft } = effect;
        return call(
          hub.sendMessage(chatId, text, effect.clientId),
          (stored) => ({ type: 'tabs/sent', chatId, stored, text, fromDraft }),
          (error) => ({ type: 'tabs/sendFailed', chatId, fromDraft, error }),
        );
      }
      case 'uploadFile':
        return call(
          api.uploadFile(effect.chatId, effect.file, effect.fileName),
          () => ({ type: 'tabs/uploaded', chatId: effect.chatId }),
          (error) => ({ type: 'tabs/uploadFailed', chatId: effect.chatId, error }),
        );
      case 'closeChat':
        return call(
          hub.closeChat(effect.chatId, effect.requestPhoneNumber),
          () => ({ type: 'tabs/closed', chatId: effect.chatId, requestPhoneNumber: effect.requestPhoneNumber, nowMs: scheduler.now() }),
          (error) => ({ type: 'tabs/closeFailed', chatId: effect.chatId, error }),
        );
      case 'forwardChat':
        return call(
          hub.forwardChat(effect.chatId, effect.lawyerId),
          () => ({ type: 'tabs/forwarded', chatId: effect.chatId, lawyerId: effect.lawyerId, nowMs: scheduler.now() }),
          (error) => ({ type: 'tabs/forwardFailed', chatId: effect.chatId, error }),
        );
      case 'changeFieldOfLaw':
        return call(
          api.changeFieldOfLaw(effect.chatId, effect.fieldOfLaw),
          (changed) => ({ type: 'fieldOfLaw/changed', changed }),
          (error) => ({ type: 'fieldOfLaw/changeFailed', chatId: effect.chatId, error }),
        );
      case 'hideTypingLater':
        return hideTypingLater(effect.chatId);
      case 'cancelHideTyping':
        return typingTimers.get(effect.chatId)?.unsubscribe();
      case 'createCaseFile':
        return call(
          api.createCaseFile(effect.request),
          (created) => ({ type: 'caseFiles/created', created }),
          (error) => ({ type: 'caseFiles/createFailed', error }),
        );
      case 'openCaseFile':
        return call(api.caseFile(effect.caseFileId), (detail) => ({ type: 'caseFiles/opened', detail }), loadFailed);
      case 'reopenCaseFile':
        return call(
          api.caseFile(effect.caseFileId),
          (detail) => ({ type: 'caseFiles/opened', detail }),
          () => ({ type: 'caseFiles/reopenFailed' }),
        );
      case 'refreshCaseFile':
        return call(
          api.caseFile(effect.caseFileId),
          (detail) => ({ type: 'caseFiles/refreshed', detail, ...(effect.changedByClient ? { changedByClient: true } : {}) }),
          (error) => ({ type: 'caseFiles/refreshFailed', caseFileId: effect.caseFileId, error }),
        );
      case 'updateProfile':
        return call(
          api.updateProfile(effect.request),
          (profile) => ({ type: 'profile/saved', profile }),
          (error) => ({ type: 'profile/saveFailed', error, phoneGiven: effect.phoneGiven }),
        );
      case 'uploadPhoto':
        return call(
          api.uploadPhoto(effect.file, effect.fileName),
          (profile) => ({ type: 'profile/saved', profile }),
          (error) => ({ type: 'profile/saveFailed', error, phoneGiven: false }),
        );
      case 'removePhoto':
        return call(
          api.removePhoto(),
          (profile) => ({ type: 'profile/saved', profile }),
          (error) => ({ type: 'profile/saveFailed', error, phoneGiven: false }),
        );
      case 'playSound':
        return win.playNotificationSound();
      case 'rememberInTab':
        if (effect.value === null) deps.drafts?.remove(effect.key);
        else deps.drafts?.set(effect.key, effect.value);
        return;
      case 'savePreference':
        return deps.preferences.set(effect.key, effect.value);
    }
  }

  /** While the window is in the background with something new, the title blinks; focus ends it. */
  const titleBlink = () => {
    const baseTitle = win.getTitle();
    return store.pipe(
      map((s): AttentionCounts => ({ chats: s.attention - s.attentionMessages, messages: s.attentionMessages })),
      distinctUntilChanged((a, b) => a.chats === b.chats && a.messages === b.messages),
      // Alert title first, then the page's own title, every 2 s.
      switchMap((news) =>
        news.chats + news.messages === 0
          ? of(baseTitle)
          : timer(0, ALERT_TITLE_TOGGLE_MS, scheduler).pipe(map((i) => (i % 2 === 0 ? deps.alertTitle(news) : baseTitle))),
      ),
      distinctUntilChanged(),
    );
  };

  /**
   * The clock of the queue's waiting times („wartet seit n Minuten“): at once when the queue changes (the clock may be a
   * minute old), then each time one of its entries completes a minute – not on a fixed beat, which showed „1 Minute“
   * for up to 2.5 minutes. Always on the scheduler, never inside a store emission.
   */
  const waitingClock = () =>
    store.pipe(
      map((s) => s.queue),
      distinctUntilChanged(),
      switchMap((queue) =>
        timer(0, scheduler).pipe(
          expand(() => {
            const at = nextWaitingMinuteAt(queue, scheduler.now());
            return at === null ? EMPTY : timer(Math.max(0, at - scheduler.now()), scheduler);
          }),
        ),
      ),
    );

  /** The list of case files is re-read while it is shown. */
  const caseFilesShown = () =>
    store.pipe(
      map((s) => s.view === 'casefiles' && s.selectedChatId === null),
      distinctUntilChanged(),
      switchMap((shown) => (shown ? interval(CASE_FILES_REFRESH_MS, scheduler) : EMPTY)),
    );

  return {
    state$: store.asObservable(),
    snapshot: () => store.value,

    start() {
      if (started) return;
      started = true;
      subscriptions.add(hub.connectionState$.subscribe((connection) => dispatch({ type: 'session/connectionChanged', connection })));
      subscriptions.add(
        hub.connectionState$
          .pipe(
            distinctUntilChanged(),
            // Each wait is measured when it begins: 15 s, or longer after starts refused for the connection cap.
            // The state learns each wait as it is scheduled: the notice of the connection cap names the actual next start.
            switchMap((state) => (state === 'disconnected' ? defer(() => retryTimer()).pipe(repeat()) : EMPTY)),
            // A connect still running (a slow network) is not joined by the next retries: each joined start would
            // report its success, and the console would read everything once per retry it waited through.
            filter(() => !connecting),
          )
          .subscribe(() => dispatch({ type: 'session/retryDue' })),
      );
      // The network back or the page shown again (a laptop that wakes up): a reconnecting hub tries at once instead of
      // after up to 30 s, and one that gave up connects again at once instead of at the next 15 s retry.
      const hints$ = retryHints(deps.network, win);
      subscriptions.add(reconnectOnHints(hub, hints$).subscribe());
      subscriptions.add(
        hints$
          .pipe(
            withLatestFrom(hub.connectionState$),
            filter(([, connection]) => connection === 'disconnected' && !connecting),
          )
          .subscribe(() => dispatch({ type: 'session/retryDue' })),
      );
      subscriptions.add(hub.reconnected$.subscribe(() => dispatch({ type: 'session/reconnected' })));
      const rereadThrottle = { leading: true, trailing: true } as const;
      subscriptions.add(hub.queueChanged$.pipe(throttleTime(SIGNAL_REREAD_MS, scheduler, rereadThrottle)).subscribe(() => dispatch({ type: 'queue/changed' })));
      subscriptions.add(
        hub.caseFileChanged$
          .pipe(
            groupBy((caseFileId) => caseFileId),
            mergeMap((ofOneFile) => ofOneFile.pipe(throttleTime(SIGNAL_REREAD_MS, scheduler, rereadThrottle))),
          )
          .subscribe((caseFileId) => dispatch({ type: 'caseFiles/changedByClient', caseFileId })),
      );
      subscriptions.add(hub.casesErased$.subscribe((caseIds) => dispatch({ type: 'tabs/casesErased', caseIds })));
      subscriptions.add(hub.messages$.subscribe((message) => dispatch({ type: 'tabs/messageReceived', message, windowFocused: win.isFocused() })));
      subscriptions.add(hub.notifications$.subscribe((notification) => dispatch({ type: 'tabs/notification', notification, nowMs: scheduler.now() })));
      subscriptions.add(
        win.focused$
          .pipe(
            distinctUntilChanged(),
            filter((focused) => focused),
          )
          .subscribe(() => dispatch({ type: 'queue/windowFocused' })),
      );
      subscriptions.add(titleBlink().subscribe((title) => win.setTitle(title)));
      subscriptions.add(interval(CALLBACK_REFRESH_MS, scheduler).subscribe(() => dispatch({ type: 'queue/callbacksDue' })));
      subscriptions.add(caseFilesShown().subscribe(() => dispatch({ type: 'caseFiles/load' })));
      subscriptions.add(waitingClock().subscribe(() => dispatch({ type: 'session/clockTicked', nowMs: scheduler.now() })));
      dispatch({ type: 'session/connect' });
    },

    dispose() {
      subscriptions.unsubscribe();
      hub.stop().subscribe();
    },

    reconnect: () => dispatch({ type: 'session/connect' }),
    accept: (chatId) => dispatch({ type: 'queue/accept', chatId }),
    select: (chatId) => dispatch({ type: 'tabs/select', chatId }),
    showView: (view: WorkspaceView) => dispatch({ type: 'tabs/showView', view }),
    holdView: () => dispatch({ type: 'tabs/holdView' }),
    setDraft: (chatId, text) => dispatch({ type: 'tabs/setDraft', chatId, text, nowMs: scheduler.now() }),
    send: (chatId) => dispatch({ type: 'tabs/send', chatId, clientId: deps.ids.next() }),
    sendText: (chatId, text) => dispatch({ type: 'tabs/sendText', chatId, text, clientId: deps.ids.next() }),
    uploadFile: (chatId, file, fileName) => dispatch({ type: 'tabs/upload', chatId, file, fileName }),
    fileUrl: (fileId) => api.fileUrl(fileId),
    close: (chatId, requestPhoneNumber) => dispatch({ type: 'tabs/close', chatId, requestPhoneNumber }),
    forward: (chatId, lawyerId) => dispatch({ type: 'tabs/forward', chatId, lawyerId }),
    dismiss: (chatId) => dispatch({ type: 'tabs/dismiss', chatId }),
    changeFieldOfLaw: (chatId, fieldOfLaw) => dispatch({ type: 'fieldOfLaw/change', chatId, fieldOfLaw }),
    setCallbackDone: (callbackId, done) => dispatch({ type: 'queue/setCallbackDone', callbackId, done }),
    claimCallback: (callbackId) => dispatch({ type: 'queue/claimCallback', callbackId }),
    releaseCallback: (callbackId) => dispatch({ type: 'queue/releaseCallback', callbackId }),
    setMuted: (muted) => dispatch({ type: 'queue/setMuted', muted }),
    dismissNotice: () => dispatch({ type: 'session/dismissNotice' }),
    createCaseFile: (request: CreateCaseFileRequest) => dispatch({ type: 'caseFiles/create', request }),
    startCaseFileFromChat: (chatId) => dispatch({ type: 'caseFiles/startFromChat', chatId }),
    discardCaseFilePrefill: () => dispatch({ type: 'caseFiles/discardPrefill' }),
    setCaseFileValues: (values: CaseFileFormValues) => dispatch({ type: 'caseFiles/setValues', values }),
    forgetTab: () => dispatch({ type: 'memory/forget' }),
    dismissCreatedCaseFile: () => dispatch({ type: 'caseFiles/dismissCreated' }),
    loadCaseFiles: () => dispatch({ type: 'caseFiles/load' }),
    loadColleagues: () => dispatch({ type: 'tabs/loadColleagues' }),
    openCaseFile: (caseFileId) => dispatch({ type: 'caseFiles/open', caseFileId }),
    closeCaseFile: () => dispatch({ type: 'caseFiles/close' }),
    caseFileWithdrawn: (caseFileId) => dispatch({ type: 'caseFiles/withdrawn', caseFileId }),
    caseFileHandedOver: (caseFileId, lawyerName) => dispatch({ type: 'caseFiles/handedOver', caseFileId, lawyerName }),
    caseFileDocumentUrl: (caseFileId, documentId) => api.caseFileDocumentUrl(caseFileId, documentId),
    saveProfile: (name, gender: LawyerGender, phone) => dispatch({ type: 'profile/save', name, gender, ...(phone !== undefined ? { phone } : {}) }),
    uploadPhoto: (file: BlobLike, fileName) => dispatch({ type: 'profile/uploadPhoto', file, fileName }),
    removePhoto: () => dispatch({ type: 'profile/removePhoto' }),
  };
}
