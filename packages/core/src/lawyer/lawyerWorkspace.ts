// The lawyer's working day as one use case: queue with alerts, several chats in tabs, callbacks,
// case files. Framework-free: ports in, one state stream out, commands that return nothing (their
// outcome shows in the state). All timers run on the injected scheduler, so tests use virtual time.
import { BehaviorSubject, EMPTY, Subscription, distinctUntilChanged, interval, map, of, switchMap, timer, type Observable, type SchedulerLike } from 'rxjs';
import { emailForSending } from '../casefile/emailDomain.js';
import type { Call } from '../ports/call.js';
import type { LawyerApi, LawyerHub } from '../ports/lawyer.js';
import type { BlobLike, IdSource, KeyValueStorage, WindowPort } from '../ports/platform.js';
import type { AppError, Result } from '../result.js';
import { MAX_CHAT_TEXT_LENGTH } from '../validation/chatText.js';
import { validateEmail } from '../validation/email.js';
import { validatePhoneNumber } from '../validation/phone.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import type { ChatMessage, CreateCaseFileRequest, LawyerGender, LawyerProfile, Notification, QueueEntry } from '../wire/index.js';
import { caseFilePrefillFromChat } from './caseFileFromChat.js';
import { EMPTY_CASE_FILE_FORM, type CaseFileFormValues, type CaseFilePrefill } from './caseFileForm.js';
import {
  decodeSelection,
  encodeSelection,
  initialWorkspaceState,
  isFromClient,
  mergeMessages,
  syncTabs,
  updateTab,
  type CaseFileDraftState,
  type CaseFileFormField,
  type ChatEnd,
  type RememberedSelection,
  type WorkspaceNoticeKey,
  type WorkspaceState,
  type WorkspaceView,
} from './workspaceState.js';

/** SPEC §9: the participant's typing notice shows 2.5 s; our own goes out at most every 2 s. */
export const PARTICIPANT_TYPING_VISIBLE_MS = 2500;
export const TYPING_NOTIFY_INTERVAL_MS = 2000;
/** SPEC §9: the window title toggles every 2 s until the window has focus again. */
export const ALERT_TITLE_TOGGLE_MS = 2000;
/** Callbacks arrive without a hub event: re-read them this often. */
export const CALLBACK_REFRESH_MS = 60_000;
/**
 * Case files change without a hub event (a colleague creates one, a client uploads or signs): the list is re-read this
 * often while it is shown. The open file only when the lawyer turns to it, as every read of a file is audited.
 */
export const CASE_FILES_REFRESH_MS = 60_000;
/** Once the automatic reconnect gave up, try again this often (a chat must never stay lost). */
export const RESTART_AFTER_MS = 15_000;
/** How often "waiting for n minutes" moves on. */
export const CLOCK_TICK_MS = 30_000;
export const MUTED_KEY = 'rechtschat.console.muted';

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
  readonly ids: IdSource;
  /** Remembers the mute switch across reloads (localStorage in the browser). */
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
  setCallbackDone(callbackId: string, done: boolean): void;
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
  openCaseFile(caseFileId: string): void;
  closeCaseFile(): void;
  caseFileDocumentUrl(caseFileId: string, documentId: string): string;
  /** `phone`: the lawyer's own number (clients see it in the Fallakte); empty or left out keeps the stored one. */
  saveProfile(name: string, gender: LawyerGender, phone?: string): void;
  uploadPhoto(file: BlobLike, fileName: string): void;
  removePhoto(): void;
}

/** Photos above this are refused before uploading (the server says the same). */
export const MAX_PHOTO_BYTES = 1024 * 1024;

const isTaken = (error: AppError) => error._tag === 'HttpError' && /bereits von einer anderen/i.test(error.message);

/** sessionStorage key of a chat's unsent answer. */
export const DRAFT_KEY_PREFIX = 'rc.console.draft.';
/** sessionStorage key (plus the lawyer's id) of the selected chat or view (`encodeSelection`). */
export const SELECTION_KEY_PREFIX = 'rc.console.selection.';
/** sessionStorage key (plus the lawyer's id) of the half-filled case-file form: its values and the chat it came from. */
export const CASE_FILE_FORM_KEY_PREFIX = 'rc.console.caseFileForm.';

interface StoredCaseFileForm {
  readonly values: CaseFileFormValues | null;
  readonly prefill: CaseFilePrefill | null;
}

const isStringRecord = (value: unknown, keys: readonly string[]): boolean =>
  typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

const FORM_KEYS = Object.keys(EMPTY_CASE_FILE_FORM);

/** Reads the stored form back; a value that does not fit (an older version, tampering) counts as none. */
export function decodeStoredCaseFileForm(stored: string | null): StoredCaseFileForm | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { values?: unknown; prefill?: unknown };
    const values = parsed.values === null ? null : isStringRecord(parsed.values, FORM_KEYS) ? (parsed.values as CaseFileFormValues) : undefined;
    const prefill = parsed.prefill as CaseFilePrefill | null | undefined;
    const prefillOk =
      prefill === null ||
      (isStringRecord(prefill, ['chatId', 'chatCaseId', 'caseReference']) && isStringRecord(prefill?.values, FORM_KEYS) && Array.isArray(prefill?.filled));
    if (values === undefined || !prefillOk || (values === null && prefill === null)) return null;
    return { values, prefill: prefill ?? null };
  } catch {
    return null;
  }
}

export function createLawyerWorkspace(deps: LawyerWorkspaceDeps): LawyerWorkspace {
  const { api, hub, scheduler, window: win } = deps;
  const selectionKey = `${SELECTION_KEY_PREFIX}${deps.lawyerId}`;
  const caseFileFormKey = `${CASE_FILE_FORM_KEY_PREFIX}${deps.lawyerId}`;
  /** What this tab showed before a reload: restored once, when the held chats first arrive. */
  const remembered: RememberedSelection | null = decodeSelection(deps.drafts?.get(selectionKey) ?? null);
  const storedForm = decodeStoredCaseFileForm(deps.drafts?.get(caseFileFormKey) ?? null);
  const initial = initialWorkspaceState(scheduler.now(), deps.preferences.get(MUTED_KEY) === 'true');
  const store = new BehaviorSubject<WorkspaceState>({
    ...initial,
    // A remembered view counts as chosen: held chats then do not take it over.
    ...(remembered !== null && 'view' in remembered ? { view: remembered.view, viewChosen: true } : {}),
    ...(storedForm ? { caseFile: { ...initial.caseFile, ...storedForm } } : {}),
  });
  const subscriptions = new Subscription();
  const typingTimers = new Map<string, Subscription>();
  const lastTypingSent = new Map<string, number>();
  let knownQueueIds: Set<string> | null = null;
  /** Chats this console is closing: the server's Closed notice may arrive before the acknowledgement. */
  const closing = new Map<string, ChatEnd>();
  let started = false;
  /** After signing out nothing more is written to the tab's storage (the workspace is about to end). */
  let forgotten = false;

  const get = () => store.value;
  const set = (change: (state: WorkspaceState) => WorkspaceState) => store.next(change(store.value));
  const notice = (key: WorkspaceNoticeKey, error?: AppError) =>
    set((s) => ({ ...s, notice: { key, detail: error && error._tag === 'HttpError' && error.status !== 500 ? error.message : null } }));
  /**
   * "Could not load, retrying" (a network or server failure, no detail) is over once a load succeeds
   * again, after a reconnect say; other notices, such as a case file that was not found, stay.
   */
  const loaded = () => {
    const shown = get().notice;
    if (shown?.key === 'Workspace.LoadFailed' && shown.detail === null) set((s) => ({ ...s, notice: null }));
  };

  const draftKey = (chatId: string) => `${DRAFT_KEY_PREFIX}${chatId}`;
  const storeDraft = (chatId: string, text: string) => {
    if (!deps.drafts || forgotten) return;
    if (text === '') deps.drafts.remove(draftKey(chatId));
    else deps.drafts.set(draftKey(chatId), text);
  };
  /** A tab opened by a reload or a reconnect gets back the answer its lawyer had not sent yet. */
  const withStoredDrafts = (state: WorkspaceState): WorkspaceState => {
    const drafts = deps.drafts;
    if (!drafts) return state;
    return { ...state, tabs: state.tabs.map((tab) => (tab.draft === '' ? { ...tab, draft: drafts.get(draftKey(tab.chatId)) ?? '' } : tab)) };
  };
  /** Keeps the case-file form (typed values and the chat it came from) for a reload; an empty form is forgotten. */
  const storeCaseFileForm = (caseFile: CaseFileDraftState) => {
    if (!deps.drafts || forgotten) return;
    if (caseFile.values === null && caseFile.prefill === null) deps.drafts.remove(caseFileFormKey);
    else deps.drafts.set(caseFileFormKey, JSON.stringify({ values: caseFile.values, prefill: caseFile.prefill }));
  };
  const setCaseFile = (change: (caseFile: CaseFileDraftState) => CaseFileDraftState) => {
    set((s) => ({ ...s, caseFile: change(s.caseFile) }));
    storeCaseFileForm(get().caseFile);
  };
  /** The draft after its text was sent: empty (and forgotten) unless the lawyer typed on meanwhile. */
  const sentDraftCleared = (chatId: string, draft: string, sent: string): string => {
    if (draft.trim() !== sent) return draft;
    storeDraft(chatId, '');
    return '';
  };

  /** Runs a call; a 401 anywhere ends the session in the console. */
  const run = <A>(call: Call<A>, onOk: (value: A) => void, onErr: (error: AppError) => void = () => notice('Workspace.ActionFailed')) => {
    subscriptions.add(
      call.subscribe((result: Result<A>) => {
        if (result._tag === 'Right') onOk(result.right);
        else if (result.left._tag === 'HttpError' && result.left.status === 401) set((s) => ({ ...s, sessionExpired: true }));
        else onErr(result.left);
      }),
    );
  };

  const alert = (kind: 'chat' | 'message') => {
    if (win.isFocused()) return;
    set((s) => ({ ...s, attention: s.attention + 1, attentionMessages: s.attentionMessages + (kind === 'message' ? 1 : 0) }));
    if (!get().muted) win.playNotificationSound();
  };

  const loadQueue = () =>
    run(
      api.queue(),
      (queue) => {
        loaded();
        const fresh = queue.filter((q: QueueEntry) => knownQueueIds !== null && !knownQueueIds.has(q.ChatId));
        knownQueueIds = new Set([...(knownQueueIds ?? []), ...queue.map((q) => q.ChatId)]);
        set((s) => ({ ...s, queue, queueLoaded: true }));
        if (fresh.length > 0) alert('chat');
      },
      (e) => notice('Workspace.LoadFailed', e),
    );

  const loadCallbacks = () =>
    run(
      api.callbacks(),
      (callbacks) => {
        loaded();
        set((s) => ({ ...s, callbacks }));
      },
      (e) => notice('Workspace.LoadFailed', e),
    );

  const loadHistory = (chatId: string, caseId: string) =>
    run(
      api.messages(caseId),
      (history) => set((s) => updateTab(s, chatId, (tab) => ({ ...tab, messages: mergeMessages(tab.messages, history) }))),
      (e) => notice('Workspace.LoadFailed', e),
    );

  /** Active chats from the server, then each one's whole history merged in: no doubles, no gaps. */
  const syncChats = () =>
    run(
      api.activeChats(),
      (active) => {
        loaded();
        set((s) => withStoredDrafts(syncTabs(s, active, remembered)));
        for (const entry of active) loadHistory(entry.ChatId, entry.CaseId);
      },
      (e) => notice('Workspace.LoadFailed', e),
    );

  const loadAll = () => {
    loadQueue();
    loadCallbacks();
    syncChats();
    run(
      api.colleagues(),
      (colleagues) => set((s) => ({ ...s, colleagues })),
      () => undefined,
    );
    loadCaseFiles();
    run(
      api.me(),
      (profile) => set((s) => ({ ...s, profile })),
      () => undefined,
    );
  };

  /** `fieldError`: a refusal that belongs beside a field of the form (its message key), not into a notice. */
  const profileCall = (call: Call<LawyerProfile>, fieldError: (error: AppError) => string | null = () => null) => {
    set((s) => ({ ...s, profileStatus: 'saving', profileError: null }));
    run(
      call,
      (profile) => set((s) => ({ ...s, profile, profileStatus: 'saved' })),
      (error) => {
        const field = fieldError(error);
        set((s) => ({ ...s, profileStatus: 'idle', ...(field !== null ? { profileError: field } : {}) }));
        if (field === null) notice('Workspace.ProfileFailed', error);
      },
    );
  };

  const loadCaseFiles = () =>
    run(
      api.caseFiles(),
      (caseFiles) => set((s) => ({ ...s, caseFiles })),
      (e) => notice('Workspace.LoadFailed', e),
    );

  /** The list and the open file again (one audited read); a failed re-read of the file keeps what is shown. */
  const refreshCaseFiles = () => {
    loadCaseFiles();
    const opened = get().openedCaseFile;
    if (opened === null) return;
    run(
      api.caseFile(opened.CaseId),
      (detail) => set((s) => (s.openedCaseFile?.CaseId === detail.CaseId ? { ...s, openedCaseFile: detail } : s)),
      () => undefined,
    );
  };

  const endTab = (chatId: string, ended: ChatEnd) =>
    set((s) => updateTab(s, chatId, (tab) => (tab.ended === null ? { ...tab, ended, busy: false, uploading: false, participantTyping: false } : tab)));

  const showTyping = (chatId: string, visible: boolean) =>
    set((s) => updateTab(s, chatId, (tab) => ({ ...tab, participantTyping: visible && tab.ended === null })));

  const onMessage = (message: ChatMessage) => {
    const chatId = message.ChatId;
    const tab = get().tabs.find((t) => t.chatId === chatId);
    if (!tab || chatId === undefined) return;
    const fromClient = isFromClient(message, deps.lawyerId);
    const isNew = !tab.messages.some((m) => m.Id === message.Id);
    if (fromClient) {
      typingTimers.get(chatId)?.unsubscribe();
      showTyping(chatId, false);
    }
    const unseen = fromClient && isNew && (get().selectedChatId !== chatId || !win.isFocused());
    set((s) => updateTab(s, chatId, (t) => ({ ...t, messages: mergeMessages(t.messages, [message]), unread: t.unread + (unseen ? 1 : 0) })));
    if (fromClient && isNew) alert('message');
  };

  const onNotification = (n: Notification) => {
    if (!get().tabs.some((t) => t.chatId === n.ChatId)) return;
    if (n.Type === 'IsTyping') {
      typingTimers.get(n.ChatId)?.unsubscribe();
      showTyping(n.ChatId, true);
      const hide = timer(PARTICIPANT_TYPING_VISIBLE_MS, scheduler).subscribe(() => showTyping(n.ChatId, false));
      typingTimers.set(n.ChatId, hide);
      subscriptions.add(hide);
    } else if (n.Type === 'Closed') {
      // The client's side closes only by timeout, and says so; without a reason the lawyer closed it (maybe in another window).
      endTab(n.ChatId, n.Data?.Reason === 'Timeout' ? 'timedOut' : (closing.get(n.ChatId) ?? 'closed'));
    } else if (n.Type === 'ClosedAndRequestPhoneNumber') endTab(n.ChatId, 'closedPhone');
    else if (n.Type === 'Forwarded') endTab(n.ChatId, 'forwarded');
  };

  const connect = () =>
    run(
      hub.start(),
      () => loadAll(),
      (e) => {
        set((s) => ({ ...s, connection: 'disconnected' }));
        notice('Workspace.LoadFailed', e);
      },
    );

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

  return {
    state$: store.asObservable(),
    snapshot: get,

    start() {
      if (started) return;
      started = true;
      subscriptions.add(
        hub.connectionState$.subscribe((connection) => {
          set((s) => ({ ...s, connection }));
        }),
      );
      subscriptions.add(
        hub.connectionState$
          .pipe(
            distinctUntilChanged(),
            switchMap((state) => (state === 'disconnected' ? interval(RESTART_AFTER_MS, scheduler) : EMPTY)),
          )
          .subscribe(() => {
            if (!get().sessionExpired) connect();
          }),
      );
      subscriptions.add(hub.reconnected$.subscribe(() => loadAll()));
      // The signal also follows a new callback request: the list is re-read with the queue.
      subscriptions.add(
        hub.queueChanged$.subscribe(() => {
          loadQueue();
          loadCallbacks();
        }),
      );
      // The selected chat or view survives a reload of this tab (restored by syncTabs and the initial state).
      subscriptions.add(
        store.pipe(map(encodeSelection), distinctUntilChanged()).subscribe((encoded) => {
          // Nothing chosen yet (the console just started): what an earlier page of this tab stored stays.
          if (encoded !== null && !forgotten) deps.drafts?.set(selectionKey, encoded);
        }),
      );
      subscriptions.add(hub.messages$.subscribe(onMessage));
      subscriptions.add(hub.notifications$.subscribe(onNotification));
      subscriptions.add(
        win.focused$.pipe(distinctUntilChanged()).subscribe((focused) => {
          if (!focused) return;
          set((s) => {
            const cleared = s.selectedChatId === null ? s : updateTab(s, s.selectedChatId, (tab) => ({ ...tab, unread: 0 }));
            return { ...cleared, attention: 0, attentionMessages: 0 };
          });
        }),
      );
      subscriptions.add(titleBlink().subscribe((title) => win.setTitle(title)));
      subscriptions.add(interval(CALLBACK_REFRESH_MS, scheduler).subscribe(() => loadCallbacks()));
      subscriptions.add(
        store
          .pipe(
            map((s) => s.view === 'casefiles' && s.selectedChatId === null),
            distinctUntilChanged(),
            switchMap((shown) => (shown ? interval(CASE_FILES_REFRESH_MS, scheduler) : EMPTY)),
          )
          .subscribe(() => loadCaseFiles()),
      );
      subscriptions.add(interval(CLOCK_TICK_MS, scheduler).subscribe(() => set((s) => ({ ...s, nowMs: scheduler.now() }))));
      connect();
    },

    dispose() {
      subscriptions.unsubscribe();
      hub.stop().subscribe();
    },

    reconnect: () => connect(),

    accept(chatId) {
      run(
        hub.acceptChat(chatId),
        (joined) => {
          set((s) => ({ ...s, selectedChatId: joined.ChatId, notice: null }));
          syncChats();
          loadQueue();
        },
        (error) => {
          notice(isTaken(error) ? 'Workspace.ChatTaken' : 'Workspace.ActionFailed', error);
          loadQueue();
        },
      );
    },

    select(chatId) {
      set((s) => {
        const next = { ...s, selectedChatId: chatId, viewChosen: true };
        return chatId === null ? next : updateTab(next, chatId, (tab) => ({ ...tab, unread: 0 }));
      });
    },

    showView(view) {
      set((s) => ({ ...s, selectedChatId: null, view, viewChosen: true }));
      if (view === 'casefiles') refreshCaseFiles();
    },

    setDraft(chatId, text) {
      storeDraft(chatId, text);
      set((s) => updateTab(s, chatId, (tab) => ({ ...tab, draft: text })));
      const tab = get().tabs.find((t) => t.chatId === chatId);
      if (!tab || tab.ended !== null || text.trim() === '') return;
      const now = scheduler.now();
      const last = lastTypingSent.get(chatId);
      if (last !== undefined && now - last < TYPING_NOTIFY_INTERVAL_MS) return;
      lastTypingSent.set(chatId, now);
      run(
        hub.sendTypingNotification(chatId),
        () => undefined,
        () => undefined,
      );
    },

    send(chatId) {
      const tab = get().tabs.find((t) => t.chatId === chatId);
      if (!tab || tab.ended !== null || tab.busy) return;
      sendMessage(chatId, tab.draft, true);
    },

    sendText(chatId, text) {
      const tab = get().tabs.find((t) => t.chatId === chatId);
      if (!tab || tab.ended !== null) return;
      sendMessage(chatId, text, false);
    },

    uploadFile(chatId, file, fileName) {
      set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: true, uploading: true })));
      // The server stores and distributes the file as a type-4 message; it arrives over the hub.
      run(
        api.uploadFile(chatId, file, fileName),
        () => set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: false, uploading: false }))),
        (error) => {
          set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: false, uploading: false })));
          notice('Workspace.UploadFailed', error);
        },
      );
    },

    fileUrl: (fileId) => api.fileUrl(fileId),

    close(chatId, requestPhoneNumber) {
      const end: ChatEnd = requestPhoneNumber ? 'closedPhone' : 'closed';
      closing.set(chatId, end);
      set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: true })));
      run(
        hub.closeChat(chatId, requestPhoneNumber),
        () => endTab(chatId, end),
        (error) => {
          closing.delete(chatId);
          set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: false })));
          notice('Workspace.ActionFailed', error);
        },
      );
    },

    forward(chatId, lawyerId) {
      set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: true })));
      run(
        hub.forwardChat(chatId, lawyerId),
        () => endTab(chatId, 'forwarded'),
        (error) => {
          set((s) => updateTab(s, chatId, (tab) => ({ ...tab, busy: false })));
          notice('Workspace.ActionFailed', error);
        },
      );
    },

    dismiss(chatId) {
      if (get().tabs.some((t) => t.chatId === chatId && t.ended !== null)) storeDraft(chatId, '');
      set((s) => {
        const tabs = s.tabs.filter((t) => t.chatId !== chatId || t.ended === null);
        return { ...s, tabs, selectedChatId: s.selectedChatId === chatId && !tabs.some((t) => t.chatId === chatId) ? null : s.selectedChatId };
      });
    },

    setCallbackDone(callbackId, done) {
      run(api.setCallbackDone(callbackId, done), () => loadCallbacks());
    },

    setMuted(muted) {
      deps.preferences.set(MUTED_KEY, String(muted));
      set((s) => ({ ...s, muted }));
    },

    dismissNotice: () => set((s) => ({ ...s, notice: null })),

    createCaseFile(request) {
      const errors = caseFileErrors(request, deps.phonePlan);
      if (Object.keys(errors).length > 0) {
        setCaseFile((caseFile) => ({ ...caseFile, errors }));
        return;
      }
      const phone = validatePhoneNumber(request.Phone, deps.phonePlan);
      const chatCaseId = get().caseFile.prefill?.chatCaseId;
      const body: CreateCaseFileRequest = {
        ...request,
        Phone: phone.ok ? phone.value.e164 : request.Phone,
        FirstName: request.FirstName.trim(),
        LastName: request.LastName.trim(),
        Title: request.Title.trim(),
        // The form shows an umlaut domain as written (max@müller.de); the server takes the deliverable xn-- form.
        ...(request.Email ? { Email: emailForSending(request.Email) } : {}),
        ...(chatCaseId !== undefined ? { ChatCaseId: chatCaseId } : {}),
      };
      set((s) => ({ ...s, caseFile: { ...s.caseFile, busy: true, errors: {}, created: null } }));
      run(
        api.createCaseFile(body),
        (created) => {
          setCaseFile(() => ({ busy: false, errors: {}, created, prefill: null, values: null }));
          loadCaseFiles();
        },
        (error) => {
          set((s) => ({ ...s, caseFile: { ...s.caseFile, busy: false } }));
          notice('Workspace.CaseFileFailed', error);
        },
      );
    },

    startCaseFileFromChat(chatId) {
      const tab = get().tabs.find((t) => t.chatId === chatId);
      if (!tab) return;
      const prefill = caseFilePrefillFromChat(tab, get().callbacks, deps.lawyerId, deps.phonePlan);
      set((s) => ({ ...s, selectedChatId: null, view: 'casefile', viewChosen: true }));
      setCaseFile((caseFile) => ({ ...caseFile, errors: {}, prefill, values: null }));
    },

    discardCaseFilePrefill: () => setCaseFile((caseFile) => ({ ...caseFile, errors: {}, prefill: null, values: null })),

    setCaseFileValues: (values) => setCaseFile((caseFile) => ({ ...caseFile, values })),

    forgetTab() {
      const drafts = deps.drafts;
      if (!drafts) return;
      forgotten = true;
      for (const tab of get().tabs) drafts.remove(draftKey(tab.chatId));
      drafts.remove(selectionKey);
      drafts.remove(caseFileFormKey);
    },

    // A form started from a chat meanwhile keeps its values.
    dismissCreatedCaseFile: () => set((s) => ({ ...s, caseFile: { ...s.caseFile, busy: false, errors: {}, created: null } })),

    loadCaseFiles: () => loadCaseFiles(),

    openCaseFile(caseFileId) {
      run(
        api.caseFile(caseFileId),
        (detail) => set((s) => ({ ...s, openedCaseFile: detail })),
        (e) => notice('Workspace.LoadFailed', e),
      );
    },

    closeCaseFile: () => set((s) => ({ ...s, openedCaseFile: null })),

    caseFileDocumentUrl: (caseFileId, documentId) => api.caseFileDocumentUrl(caseFileId, documentId),

    saveProfile(name, gender, phone) {
      const trimmed = name.trim();
      if (trimmed.length < 2 || trimmed.length > 100) {
        set((s) => ({ ...s, profileError: 'Profile.NameInvalid', profileStatus: 'idle' }));
        return;
      }
      const number = phone?.trim() ?? '';
      if (number === '') {
        profileCall(api.updateProfile({ Name: trimmed, Gender: gender }));
        return;
      }
      // The name passed the same check as on the server: a refusal (400) is about the number.
      profileCall(api.updateProfile({ Name: trimmed, Gender: gender, Phone: number }), (error) =>
        error._tag === 'HttpError' && error.status === 400 ? 'Profile.PhoneInvalid' : null,
      );
    },

    uploadPhoto(file, fileName) {
      if (file.size > MAX_PHOTO_BYTES) {
        set((s) => ({ ...s, profileError: 'Profile.PhotoTooLarge', profileStatus: 'idle' }));
        return;
      }
      profileCall(api.uploadPhoto(file, fileName));
    },

    removePhoto: () => profileCall(api.removePhoto()),
  };

  function sendMessage(chatId: string, raw: string, fromDraft: boolean) {
    const text = raw.trim();
    if (text === '') return;
    if (text.length > MAX_CHAT_TEXT_LENGTH) {
      notice('Workspace.TooLong');
      return;
    }
    const tab = get().tabs.find((t) => t.chatId === chatId);
    const clientId = fromDraft && tab?.pending?.text === text ? tab.pending.clientId : deps.ids.next();
    set((s) => updateTab(s, chatId, (t) => ({ ...t, busy: fromDraft ? true : t.busy, pending: fromDraft ? { clientId, text } : t.pending })));
    run(
      hub.sendMessage(chatId, text, clientId),
      (stored) =>
        set((s) =>
          updateTab(s, chatId, (t) => ({
            ...t,
            messages: mergeMessages(t.messages, [stored]),
            ...(fromDraft ? { busy: false, pending: null, draft: sentDraftCleared(chatId, t.draft, text) } : {}),
          })),
        ),
      (error) => {
        if (fromDraft) set((s) => updateTab(s, chatId, (t) => ({ ...t, busy: false })));
        notice('Workspace.SendFailed', error);
      },
    );
  }
}

/** Required fields and formats of the case-file form; keys are i18n keys. */
export function caseFileErrors(request: CreateCaseFileRequest, plan: PhoneNumberPlan): Partial<Record<CaseFileFormField, string>> {
  const errors: Partial<Record<CaseFileFormField, string>> = {};
  if (request.FirstName.trim() === '') errors.FirstName = 'CaseFile.Required';
  if (request.LastName.trim() === '') errors.LastName = 'CaseFile.Required';
  if (request.Title.trim() === '') errors.Title = 'CaseFile.Required';
  const phone = validatePhoneNumber(request.Phone, plan);
  if (!phone.ok) errors.Phone = phone.errorKey;
  if (request.Email) {
    const email = validateEmail(emailForSending(request.Email));
    if (!email.ok) errors.Email = email.errorKey;
  }
  return errors;
}
