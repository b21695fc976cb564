// Composition of the chat screen: onboarding bot (phase 0) → live session
// (phase 1) → offboarding bot (phase 2), plus callback, upload and usage confirmation.
// The view renders state$ and calls the commands; it holds no logic of its own.
import {
  AsyncSubject,
  BehaviorSubject,
  Subscription,
  combineLatest,
  concatMap,
  distinctUntilChanged,
  filter,
  finalize,
  forkJoin,
  map,
  observeOn,
  of,
  shareReplay,
  skip,
  switchMap,
  take,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import {
  BotNoticeKeys,
  createBotRunner,
  OFFBOARDING_SCRIPT,
  ONBOARDING_SCRIPT,
  type BotInput,
  type BotRunner,
  type BotRunnerResume,
  type BotTranscriptEntry,
} from '../bot/index.js';
import type { ChatHostApi } from '../ports/chatHostApi.js';
import type { ChatHub } from '../ports/chatHub.js';
import type { Call } from '../ports/call.js';
import type { BlobLike, ErrorReporter, IdSource, KeyValueStorage, Logger, NetworkStatus, UploadProgress, WindowPort } from '../ports/platform.js';
import { abortSource } from './abortSource.js';
import type { ProductApi } from '../ports/productApi.js';
import type { PhoneNumberPlan, PhoneNumberPlanLoader } from '../ports/phoneNumberPlan.js';
import { err, httpError, type AppError, type Result } from '../result.js';
import { callbackAvailabilityText, validateCallbackForm, validateChatText } from '../validation/index.js';
import type { BotProgress, CaseStatus, ChatMessage, CurrentUser, ResponseType, StartChatRequest } from '../wire/index.js';
import { fromBotEntry } from './botTranscript.js';
import {
  clearOnboardingDraft,
  loadOnboardingDraft,
  offboardingResume,
  progressOf,
  saveOnboardingDraft,
  toTranscriptEntry,
  type Translate,
} from './botTranscriptStore.js';
import { createTranscriptSync } from './transcriptSync.js';
import type { ChatController, ChatViewState, SettledOutcome, SubmitOutcome } from './chatController.types.js';
import { CALLBACK_SLOT_TEXT, ChatErrorKeys } from './chatErrorKeys.js';
import { ChatSession } from './chatSession.js';
import { lawyerTookPartIn, type SessionState } from './chatSessionState.js';
import { composeViewState, initialCommandState, noBot, type BotView, type CommandState } from './chatViewState.js';
import { interpretBotEffect, type BotEffectContext } from './botEffects.js';
import { chatUploadFailureKey, checkChatUpload, isUploadErrorKey } from './chatUploadRules.js';
import { chatAloneInBrowser } from './chatTabs.js';
import type { ChatTabChannel } from './chatTabs.js';

/** Ports and scheduler of the chat screen; the web composition root provides them. */
export interface ChatControllerDeps {
  readonly scheduler: SchedulerLike;
  readonly productApi: ProductApi;
  readonly chatHostApi: ChatHostApi;
  readonly hub: ChatHub;
  readonly window: WindowPort;
  /** navigator.onLine and its events in the browser: the connection notice by the response bar. */
  readonly network: NetworkStatus;
  readonly ids: IdSource;
  readonly logger: Logger;
  readonly errorReporter: ErrorReporter;
  /** The override_domain query parameter, passed on to StartChat. */
  readonly overrideDomain?: string | null;
  /** A second-level link parameter; the offboarding phone goes to secondLevel/param/{param} instead of the case. */
  readonly secondLevelParam?: string | null;
  /** Renders bot message keys as the German text stored in the transcript (i18next's t). */
  readonly translate: Translate;
  /** The tab's session storage: the onboarding draft survives a reload before the chat starts. */
  readonly storage: KeyValueStorage;
  /**
   * The phone numbering plan (libphonenumber, ≈ 50 kB gzip), requested only when a phone number is about
   * to be asked for: the bot's phone step, the offboarding, the callback offer. Emits the plan once.
   */
  readonly loadPhoneNumberPlan: PhoneNumberPlanLoader;
  /**
   * The other tabs of this browser: the same chat open twice learns there that the callback number was given here
   * (and this tab that it was given there). Without it the tab is alone.
   */
  readonly chatTabs?: ChatTabChannel;
}

function botView(runner$: Observable<BotRunner | null>): Observable<BotView> {
  return runner$.pipe(
    switchMap((runner) =>
      runner === null
        ? of(noBot)
        : combineLatest([runner.messages$, runner.typing$, runner.responseType$]).pipe(
            map(([entries, typing, responseType]) => ({ messages: entries.map(fromBotEntry), typing, responseType })),
          ),
    ),
  );
}

/** Creates the controller; nothing happens until start(). The caller must dispose() it. */
export function createChatController(deps: ChatControllerDeps): ChatController {
  const { scheduler, productApi, chatHostApi, hub, logger } = deps;
  const session = new ChatSession(deps);
  const commands = new BehaviorSubject<CommandState>(initialCommandState);
  const onboarding = new BehaviorSubject<BotRunner | null>(null);
  const offboarding = new BehaviorSubject<BotRunner | null>(null);
  const subscriptions = new Subscription();
  let participantId: string | null = null;
  /** Aborts the running upload („Abbrechen“); null while none runs. */
  let cancelRunningUpload: (() => void) | null = null;
  let started = false;

  const patch = (change: Partial<CommandState>) => commands.next({ ...commands.value, ...change });
  const fail = (errorKey: string, message: string, error: AppError) => {
    logger.warn(message, error);
    patch({ errorKey });
  };
  /** Runs a command call with `busy` set while it is in flight. */
  const track = <T>(call: Observable<T>, onResult: (value: T) => void) => {
    patch({ running: commands.value.running + 1 });
    subscriptions.add(call.pipe(finalize(() => patch({ running: commands.value.running - 1 }))).subscribe(onResult));
  };
  const caseId = () => session.snapshot.caseId;
  const effectContext: BotEffectContext = {
    scheduler,
    productApi,
    logger,
    online$: deps.network.online$,
    overrideDomain: deps.overrideDomain ?? null,
    secondLevelParam: deps.secondLevelParam ?? null,
    caseId,
    track,
    fail,
    keep: (subscription) => subscriptions.add(subscription),
    startLiveChat: (request) => startLiveChat(request),
    ratingSaved: () => patch({ ratingSaved: true }),
    secondLevelPhoneSaved: (phone) => {
      const id = caseId();
      if (id !== null) chatTabs.post({ type: 'secondLevelPhoneSaved', caseId: id, phone });
    },
  };
  const chatTabs = deps.chatTabs ?? chatAloneInBrowser;
  /** The callback number another tab of this chat saved; null while none was. */
  const phoneGivenElsewhere = new BehaviorSubject<string | null>(null);
  subscriptions.add(
    chatTabs.messages$.subscribe((message) => {
      if (message.type === 'secondLevelPhoneSaved' && message.caseId === caseId()) phoneGivenElsewhere.next(message.phone);
    }),
  );
  /** The latest entries of each runner, for StartChat and the transcript posts. */
  const entriesOf = new Map<BotRunner, readonly BotTranscriptEntry[]>();
  /** The response bar each runner currently asks for. */
  const promptOf = new Map<BotRunner, ResponseType | null>();

  let phonePlan: PhoneNumberPlan | null = null;
  let phonePlanLoading = false;
  /** Phone answers held until the plan is there (or failed to load: null). */
  const phonePlanWaiters = new Set<(plan: PhoneNumberPlan | null) => void>();

  /** Starts loading the numbering plan once; after a failed load the next need tries again. */
  function loadPhonePlan(): void {
    if (phonePlan !== null || phonePlanLoading) return;
    phonePlanLoading = true;
    const settle = (plan: PhoneNumberPlan | null) => {
      phonePlanLoading = false;
      phonePlan = plan;
      const waiting = [...phonePlanWaiters];
      phonePlanWaiters.clear();
      waiting.forEach((waiter) => waiter(plan));
    };
    subscriptions.add(
      deps
        .loadPhoneNumberPlan()
        .pipe(take(1))
        .subscribe({
          next: settle,
          error: (error: unknown) => {
            logger.warn('Rufnummernplan nicht geladen', error);
            settle(null);
          },
        }),
    );
  }

  /** Checks at once when the plan is loaded; otherwise holds the check (busy meanwhile) until it is. */
  function withPhonePlan(check: (plan: PhoneNumberPlan) => SettledOutcome): SubmitOutcome {
    loadPhonePlan();
    if (phonePlan !== null) return check(phonePlan);
    const settled = new AsyncSubject<SettledOutcome>();
    patch({ running: commands.value.running + 1 });
    phonePlanWaiters.add((plan) => {
      patch({ running: commands.value.running - 1 });
      settled.next(plan === null ? { ok: false, errorKey: ChatErrorKeys.PhoneCheckFailed } : check(plan));
      settled.complete();
    });
    return { ok: 'held', settled: settled.asObservable() };
  }

  const state$: Observable<ChatViewState> = combineLatest([commands, session.state$, botView(onboarding), botView(offboarding)]).pipe(
    map(([c, s, on, off]) => composeViewState(c, s, on, off)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  function newRunner(kind: 'onboarding' | 'offboarding', status: CaseStatus | null, resume?: BotRunnerResume): BotRunner {
    const script = kind === 'onboarding' ? ONBOARDING_SCRIPT : OFFBOARDING_SCRIPT;
    const runner = createBotRunner({
      script,
      scheduler,
      caseStatus: status,
      idPrefix: kind,
      phonePlan: () => phonePlan,
      ...(resume ? { resume } : {}),
    });
    subscriptions.add(runner.effects$.subscribe((effect) => interpretBotEffect(effectContext, runner, effect)));
    subscriptions.add(
      runner.responseType$.subscribe((responseType) => {
        promptOf.set(runner, responseType);
        if (responseType === 'PhoneNumber') loadPhonePlan();
      }),
    );
    subscriptions.add(runner.messages$.subscribe((entries) => entriesOf.set(runner, entries)));
    subscriptions.add(() => runner.dispose());
    return runner;
  }

  /** Onboarding: every change is kept in the tab, so a reload continues instead of starting over. */
  function keepOnboardingDraft(runner: BotRunner): void {
    subscriptions.add(
      combineLatest([runner.state$, runner.messages$]).subscribe(([, entries]) => {
        if (commands.value.phase === 0) saveOnboardingDraft(deps.storage, runner, entries);
      }),
    );
  }

  /** Offboarding: entries and where the bot stands go to the chat host, so a reload, the lawyer and the PDF have them. */
  function storeOffboarding(runner: BotRunner, stored: { clientIds: Iterable<string>; progress: BotProgress | null }): void {
    const sync = createTranscriptSync({
      scheduler,
      logger,
      stored,
      chatId: () => session.snapshot.chatId,
      read: () => ({ entries: (entriesOf.get(runner) ?? []).map((e) => toTranscriptEntry(e, deps.translate)), progress: progressOf(runner) }),
      post: (chatId, post) => chatHostApi.postTranscript(chatId, post),
    });
    subscriptions.add(() => sync.dispose());
    subscriptions.add(combineLatest([runner.state$, runner.messages$]).subscribe(() => sync.request()));
    subscriptions.add(hub.reconnected$.subscribe(() => sync.request()));
  }

  /**
   * StartChat refused: when this person's consultation already runs (another tab or window started it – the server
   * allows one at a time – or a lost attempt did reach the server), the screen leads into that chat. Anything else is
   * the start failure, with its reload button; a start the network lost (a phone between cells) is also sent again by
   * itself as soon as the hub is connected again, so the request reaches the queue without the reload – the server's
   * one-consultation rule keeps a repeat from opening a second chat.
   */
  function refusedStart(error: AppError, request: StartChatRequest): void {
    track(productApi.getCurrentUser(), (user) => {
      const running = E.isRight(user) ? (user.right?.OpenChatCaseId ?? null) : null;
      if (running !== null) {
        logger.warn('Chat nicht gestartet: die Beratung läuft bereits', error);
        patch({ runningChatCaseId: running });
        return;
      }
      if (error._tag === 'NetworkError' || error._tag === 'Timeout') startAgainWhenReconnected(request);
      // The server's hourly limit of new consultations per person: expected, said plainly, not reported as a fault.
      if (error._tag === 'HttpError' && error.code === 'TooManyRequests') {
        fail(ChatErrorKeys.StartLimited, 'Chat nicht gestartet: zu viele neue Beratungen in einer Stunde', error);
        return;
      }
      deps.errorReporter.captureException(error, { action: 'StartChat' });
      fail(ChatErrorKeys.StartFailed, 'Chat konnte nicht gestartet werden', error);
    });
  }

  function startLiveChat(collected: StartChatRequest): void {
    const runner = onboarding.value;
    const transcript = runner === null ? [] : (entriesOf.get(runner) ?? []).map((e) => toTranscriptEntry(e, deps.translate));
    sendStartChat({ ...collected, Transcript: transcript });
  }

  function startAgainWhenReconnected(request: StartChatRequest): void {
    // The next change to 'connected': the hub's own reconnect, or the new start once the device is online again after
    // the hub gave up (ChatSession) – never the state it is in now, so a refusal while connected is not repeated at once.
    const connectedAgain$ = hub.connectionState$.pipe(
      distinctUntilChanged(),
      skip(1),
      filter((state) => state === 'connected'),
      take(1),
    );
    subscriptions.add(
      connectedAgain$.subscribe(() => {
        // Not once the chat began or the person was led into a running one (a reload makes a new controller anyway).
        if (commands.value.phase !== 0 || commands.value.runningChatCaseId !== null) return;
        logger.info('Verbindung wieder da: Chat-Start wird erneut gesendet');
        patch({ errorKey: null });
        sendStartChat(request);
      }),
    );
  }

  function sendStartChat(request: StartChatRequest): void {
    track(hub.startChat(request), (result) => {
      if (E.isLeft(result)) {
        refusedStart(result.left, request);
        return;
      }
      clearOnboardingDraft(deps.storage);
      patch({ phase: 1 });
      session.begin({ caseId: result.right.CaseId, chatId: result.right.ChatId, history: [], participantId });
    });
  }

  /** `stored`: after a reload, the offboarding so far (its entries are in the history) and where it stood. */
  function enterOffboarding(
    status: CaseStatus,
    stored: { history: readonly ChatMessage[]; progress: BotProgress | null } = { history: [], progress: null },
  ): void {
    if (offboarding.value !== null) return;
    // The offboarding soon asks for a phone number; fetch the plan while its first messages are typed.
    loadPhonePlan();
    const merged = { ...status, RequestPhoneNumber: status.RequestPhoneNumber || session.snapshot.requestPhoneNumber };
    // An upload refusal belongs to the live chat, which has ended: it must not stand under the offboarding's questions.
    patch({ phase: 2, secondLevelEnabled: status.SecondLevelEnabled, ...(isUploadErrorKey(commands.value.errorKey) ? { errorKey: null } : {}) });
    const runner = newRunner('offboarding', merged, stored.progress ? offboardingResume(stored.progress) : undefined);
    const clientIds = stored.history.flatMap((m) => (m.ClientId ? [m.ClientId] : []));
    storeOffboarding(runner, { clientIds, progress: stored.progress });
    offboarding.next(runner);
    runner.start();
    skipPhoneGivenElsewhere(runner);
  }

  /**
   * The same chat in a second tab (an old tab on a phone, a link opened twice): once the callback number was saved in
   * another tab, this one stops asking for it – also when it reaches the question only later – says which number was
   * given and goes on as after its own confirmation, so no different number replaces it unnoticed.
   */
  function skipPhoneGivenElsewhere(runner: BotRunner): void {
    subscriptions.add(
      // On the scheduler, not inside the runner's own state change (its prompt and typing are set after that); an
      // ignored input hands the same state on again, which must not ask once more.
      combineLatest([phoneGivenElsewhere, runner.state$.pipe(distinctUntilChanged())])
        .pipe(observeOn(scheduler))
        .subscribe(([phone]) => {
          if (phone !== null && runner.answer({ kind: 'phoneGivenElsewhere', phone }).ok) runner.announce(BotNoticeKeys.PhoneGivenElsewhere, { value: phone });
        }),
    );
  }

  /**
   * On closure the offboarding bot starts, with the case status from the host – after a consultation. A case that
   * closed before any lawyer took part (it left the queue, timed out while waiting) has nothing to rate, no protocol
   * and no usage confirmation, and the host refuses the offboarding's phone step: the chat shows its history with the
   * closing line for that ending and the way to a new consultation.
   */
  function onCaseClosed(): void {
    const id = caseId();
    if (id === null || commands.value.historyOnly) return;
    subscriptions.add(
      chatHostApi.getCaseStatus(id).subscribe((result) => {
        if (E.isRight(result)) return closeCase(result.right);
        logger.warn('Fallstatus nicht lesbar, Abschluss mit bekannten Daten', result.left);
        closeCase(statusFromSession(session.snapshot, commands.value.secondLevelEnabled));
      }),
    );
  }

  function closeCase(status: CaseStatus): void {
    if (session.snapshot.lawyerTookPart || lawyerTookPartIn(status)) enterOffboarding(status);
    // A callback booked in another tab of this chat closed it while it waited: the closing line says the call is arranged.
    else patch({ historyOnly: true, callbackRequested: commands.value.callbackRequested || status.CallbackRequested === true });
  }

  function joinCase(id: string): void {
    const joined = session.startHub().pipe(
      concatMap((startResult) => {
        if (E.isLeft(startResult)) logger.warn('Verbindung zum Chat nicht aufgebaut', startResult.left);
        // The current user tells which history messages are the participant's own.
        return forkJoin([
          hub.joinLatestChat(id),
          chatHostApi.getCaseStatus(id),
          chatHostApi.getMessagesForCase(id),
          productApi.getCurrentUser(),
          chatHostApi.getBotProgress(id),
        ]);
      }),
    );
    track(joined, ([join, status, messages, user, progress]) => {
      rememberParticipant(user);
      if (E.isLeft(status)) {
        deps.errorReporter.captureException(status.left, { action: 'JoinLatestChat', caseId: id });
        return fail(ChatErrorKeys.LoadFailed, 'Fall konnte nicht geladen werden', status.left);
      }
      if (E.isLeft(join)) logger.warn('Letzter Chat konnte nicht betreten werden', join.left);
      const closed = status.right.CaseClosed;
      // Rated or disabled: the offboarding is done; without a lawyer's part there is none (onCaseClosed).
      const historyOnly = closed && (status.right.CaseRating !== null || status.right.Disabled || !lawyerTookPartIn(status.right));
      // begin() before phase 1, so the closure watcher does not fetch the status known here again.
      session.begin({
        caseId: id,
        chatId: E.isRight(join) ? join.right.ChatId : null,
        history: E.isRight(messages) ? messages.right : [],
        status: status.right,
        participantId,
      });
      // A callback asked for before the reload (or in another tab) stays asked for: no second offer.
      patch({
        phase: 1,
        historyOnly,
        secondLevelEnabled: status.right.SecondLevelEnabled,
        callbackRequested: commands.value.callbackRequested || status.right.CallbackRequested === true,
      });
      if (progress._tag === 'Left') logger.warn('Stand des Abschlussgesprächs nicht lesbar, es beginnt neu', progress.left);
      if (closed && !historyOnly)
        enterOffboarding(status.right, { history: E.isRight(messages) ? messages.right : [], progress: E.isRight(progress) ? progress.right : null });
    });
  }

  function rememberParticipant(user: Result<CurrentUser | null>): void {
    if (E.isRight(user) && user.right !== null) participantId = user.right.Id;
  }

  /**
   * A participant starting a new chat after a closed one can still download that case's usage confirmation – only
   * when a lawyer took part (lawyerTookPartIn; LawyerName alone misses a case forwarded and then closed while it
   * waited): a case that ended with a callback request or left the queue had no consultation, and the server has
   * no confirmation for it.
   */
  function offerEarlierUsageConfirmation(user: Result<CurrentUser | null>): void {
    const earlierCaseId = E.isRight(user) ? (user.right?.CaseId ?? null) : null;
    if (earlierCaseId === null) return;
    subscriptions.add(
      chatHostApi.getCaseStatus(earlierCaseId).subscribe((status) => {
        const consulted = E.isRight(status) && status.right.CaseClosed && lawyerTookPartIn(status.right);
        if (consulted && session.snapshot.caseId === null) patch({ earlierClosedCaseId: earlierCaseId });
      }),
    );
  }

  function requestCallback(form: Parameters<ChatController['requestCallback']>[0], plan: PhoneNumberPlan): SettledOutcome {
    const checked = validateCallbackForm(form, scheduler.now(), plan);
    if (!checked.ok) return { ok: false, errorKey: checked.errorKey };
    const chatId = session.snapshot.chatId;
    if (chatId === null) return { ok: false, errorKey: ChatErrorKeys.NotExpected };
    const request = {
      Phone: checked.value.phone.international,
      Availability: callbackAvailabilityText(checked.value.date, CALLBACK_SLOT_TEXT[checked.value.slot]),
    };
    track(chatHostApi.requestCallback(chatId, request), (r) =>
      E.isLeft(r)
        ? fail(ChatErrorKeys.CallbackFailed, 'Rückruf nicht angelegt', r.left)
        : // The confirmation shows the number as the person typed it (a reformatted one looks like a wrong one).
          patch({ callbackRequested: true, callbackConfirmation: { phone: form.phone.trim().replace(/\s+/g, ' '), availability: request.Availability } }),
    );
    return { ok: true };
  }

  function currentRunner(): BotRunner | null {
    const phase = commands.value.phase;
    return phase === 0 ? onboarding.value : phase === 2 ? offboarding.value : null;
  }

  function answerBot(input: BotInput): SettledOutcome {
    const runner = currentRunner();
    if (runner === null) return { ok: false, errorKey: ChatErrorKeys.NotExpected };
    const outcome = runner.answer(input);
    return outcome.ok ? { ok: true } : { ok: false, errorKey: outcome.errorKey ?? ChatErrorKeys.NotExpected };
  }

  // The callback form asks for a phone number.
  subscriptions.add(
    session.state$
      .pipe(
        map((s) => s.callbackOffered),
        distinctUntilChanged(),
        filter(Boolean),
      )
      .subscribe(() => loadPhonePlan()),
  );

  subscriptions.add(
    session.state$
      .pipe(
        map((s) => s.caseClosed),
        distinctUntilChanged(),
        filter((closed) => closed && commands.value.phase === 1),
      )
      .subscribe(() => onCaseClosed()),
  );

  return {
    state$,
    start({ caseId: id, route }) {
      if (started) return;
      started = true;
      session.activate(route);
      if (id) return joinCase(id);
      subscriptions.add(
        productApi.getCurrentUser().subscribe((user) => {
          rememberParticipant(user);
          offerEarlierUsageConfirmation(user);
        }),
      );
      subscriptions.add(session.startHub().subscribe((r) => E.isLeft(r) && logger.warn('Verbindung zum Chat nicht aufgebaut', r.left)));
      const runner = newRunner('onboarding', null, loadOnboardingDraft(deps.storage));
      keepOnboardingDraft(runner);
      onboarding.next(runner);
      runner.start();
    },
    setRoute: (route) => session.setRoute(route),
    now: () => scheduler.now(),
    submitText(text) {
      if (commands.value.phase !== 1) {
        const runner = currentRunner();
        const answer = () => answerBot({ kind: 'text', value: text });
        return runner !== null && promptOf.get(runner) === 'PhoneNumber' ? withPhonePlan(answer) : answer();
      }
      const s = session.snapshot;
      if (s.caseClosed || s.chatId === null || commands.value.historyOnly) return { ok: false, errorKey: ChatErrorKeys.NotExpected };
      const checked = validateChatText(text, { lawyerConnected: s.lawyerConnected });
      if (!checked.ok) return { ok: false, errorKey: checked.errorKey };
      session.send(checked.value);
      return { ok: true };
    },
    skip: () => void answerBot({ kind: 'skip' }),
    answerYesNo: (yes) => void answerBot({ kind: yes ? 'yes' : 'no' }),
    submitRating: (stars, comment) => void answerBot(comment === undefined ? { kind: 'rating', stars } : { kind: 'rating', stars, comment }),
    requestCallback: (form) => withPhonePlan((plan) => requestCallback(form, plan)),
    answerFileForwarding: (allow) => session.answerFileForwarding(allow),
    stayActive: () => session.stayActive(),
    userTyping: () => session.userTyping(),
    uploadFile(file, fileName) {
      const chatId = session.snapshot.chatId;
      // One upload at a time; meanwhile the person can still write (not `busy`: outside tester, a slow upload blocked „Senden“).
      if (chatId === null || session.snapshot.caseClosed || commands.value.uploadingFileName !== null) return;
      const refused = checkChatUpload(file, fileName);
      if (refused !== null) {
        patch({ errorKey: refused, cancelledUploadFileName: null });
        return;
      }
      // A new file supersedes the refusal of the one before: its „zu groß“ must not stand under the file that was sent.
      patch({
        uploadingFileName: fileName,
        uploadPercent: 0,
        cancelledUploadFileName: null,
        ...(isUploadErrorKey(commands.value.errorKey) ? { errorKey: null } : {}),
      });
      const abort = abortSource();
      cancelRunningUpload = () => {
        abort.abort();
        patch({ cancelledUploadFileName: fileName });
      };
      // Only whole-percent changes reach the state: the browser reports many times a second.
      const onProgress = ({ loaded, total }: UploadProgress) => {
        const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
        if (percent !== commands.value.uploadPercent && commands.value.uploadingFileName === fileName) patch({ uploadPercent: percent });
      };
      subscriptions.add(
        chatHostApi
          .uploadFile(chatId, file, fileName, { onProgress, signal: abort.signal })
          .pipe(
            finalize(() => {
              cancelRunningUpload = null;
              patch({ uploadingFileName: null, uploadPercent: 0 });
            }),
          )
          .subscribe((r) => {
            if (E.isLeft(r))
              fail(
                chatUploadFailureKey(r.left._tag === 'HttpError' ? r.left.status : null, r.left._tag === 'HttpError' ? r.left.code : undefined),
                'Datei nicht hochgeladen',
                r.left,
              );
          }),
      );
    },
    cancelUpload() {
      cancelRunningUpload?.();
    },
    downloadUsageConfirmation(): Call<BlobLike> {
      // The server decides whether this case's confirmation exists; without a case of its own the earlier one is meant.
      const id = caseId() ?? commands.value.earlierClosedCaseId;
      return id === null
        ? of(err(httpError(409, 'NoCase', 'Es gibt noch keinen Fall für eine Nutzungsbestätigung.')))
        : productApi.downloadUsageConfirmation(id);
    },
    dismissError() {
      patch({ errorKey: null });
      session.dismissError();
    },
    dispose() {
      subscriptions.unsubscribe();
      session.dispose();
      phonePlanWaiters.clear();
      [commands, onboarding, offboarding, phoneGivenElsewhere].forEach((subject) => subject.complete());
    },
  };
}

/** What is known locally when the host cannot tell the status at closure. */
function statusFromSession(s: SessionState, secondLevelEnabled: boolean): CaseStatus {
  return {
    CaseRating: null,
    ParticipantEnteredEmail: false,
    RequestPhoneNumber: s.requestPhoneNumber,
    LawyerConnected: false,
    CaseClosed: true,
    Disabled: false,
    SecondLevelEnabled: secondLevelEnabled,
  };
}
