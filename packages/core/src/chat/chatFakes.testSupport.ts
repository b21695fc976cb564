// In-memory fakes of the chat ports (small classes returning `of(ok(...))`) and a
// virtual-time helper. A shared FakeChatBackend keeps the messages of the case, so a
// re-read after a reconnect sees what was stored before.
import { BehaviorSubject, NEVER, Observable, Subject, finalize, of, take, tap } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { libphonenumberPlan } from '../validation/libphonenumberPlan.js';
import { expect } from 'vitest';
import type { ChatHostApi } from '../ports/chatHostApi.js';
import type { ChatHub, ConnectionState } from '../ports/chatHub.js';
import type { Call } from '../ports/call.js';
import type { BlobLike, ErrorReporter, IdSource, KeyValueStorage, Logger, NetworkStatus, UploadOptions, WindowPort } from '../ports/platform.js';
import type { ProductApi, ProtocolRequestOutcome } from '../ports/productApi.js';
import { err, httpError, networkError, ok, type AppError, type Result } from '../result.js';
import type {
  BotProgress,
  CallbackRequest,
  CaseStatus,
  ChatFileInfo,
  ChatMessage,
  ClassifyResult,
  CurrentUser,
  CustomerLoginRequest,
  Notification,
  ProtocolConfirmationInfo,
  ProtocolConfirmed,
  PublicSettings,
  RatingRequest,
  ServiceHours,
  StartChatRequest,
  StartJoinResult,
  TranscriptEntry,
  TranscriptPost,
} from '../wire/index.js';

export const PARTICIPANT = { Id: 'user-1', Name: 'Max Muster' };
export const LAWYER = { Id: 'lawyer-7', Name: 'Dr. Anna Berger' };
/** Server clock of the fakes: virtual time 0 is this instant. */
const SERVER_EPOCH = Date.parse('2026-11-22T10:30:00.000Z');
export const failure: AppError = { _tag: 'HttpError', status: 500, code: 'ServerError', message: 'Serverfehler' };

export const openStatus: CaseStatus = {
  CaseRating: null,
  ParticipantEnteredEmail: false,
  RequestPhoneNumber: false,
  LawyerConnected: false,
  CaseClosed: false,
  Disabled: false,
  SecondLevelEnabled: true,
};

export function lawyerMessage(id: string, text: string, created = '2026-11-22T10:00:00.000Z', chatId = 'chat-1'): ChatMessage {
  return { Id: id, Message: text, Type: 2, Author: LAWYER, Created: created, ChatId: chatId };
}

export function fileMessage(id: string, created = '2026-11-22T10:00:00.000Z'): ChatMessage {
  return { Id: id, Message: 'Datei', Type: 4, Author: LAWYER, Created: created, ChatId: 'chat-1', FileId: `file-${id}`, FileName: 'mietvertrag.pdf' };
}

export class FakeChatBackend {
  readonly messages: ChatMessage[] = [];
  status: CaseStatus = openStatus;
  botProgress: BotProgress | null = null;
  private counter = 0;
  constructor(private readonly now: () => number) {}
  store(chatId: string, text: string, clientId: string): ChatMessage {
    const existing = this.messages.find((m) => m.ClientId === clientId);
    if (existing) return existing;
    this.counter += 1;
    const message: ChatMessage = {
      Id: `srv-${this.counter}`,
      Message: text,
      Type: 2,
      Author: PARTICIPANT,
      Created: new Date(SERVER_EPOCH + this.now()).toISOString(),
      ChatId: chatId,
      ClientId: clientId,
    };
    this.messages.push(message);
    return message;
  }
  /** Like the server: bot entries as Type 3 without author, answers as the participant's messages; ClientId dedupes. */
  storeTranscript(chatId: string, entries: readonly TranscriptEntry[]): void {
    for (const entry of entries) {
      if (this.messages.some((m) => m.ClientId === entry.ClientId)) continue;
      this.counter += 1;
      this.messages.push({
        Id: `srv-${this.counter}`,
        Message: entry.Message,
        Type: entry.Author === 'bot' ? 3 : 2,
        Author: entry.Author === 'bot' ? null : PARTICIPANT,
        Created: entry.Created,
        ChatId: chatId,
        ClientId: entry.ClientId,
        HighlightedMessage: entry.Highlighted ?? false,
      });
    }
  }
}

/** sessionStorage stand-in that survives a "reload" (a new controller over the same fakes). */
export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  set(key: string, value: string): void {
    this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
}

/** Stand-in for i18next: the key with its parameters, so tests can see what was translated. */
export const fakeTranslate = (key: string, params: Readonly<Record<string, string>> = {}): string =>
  Object.keys(params).length === 0 ? `«${key}»` : `«${key}» ${JSON.stringify(params)}`;

export class FakeChatHub implements ChatHub {
  readonly connection = new BehaviorSubject<ConnectionState>('connected');
  readonly reconnected = new Subject<void>();
  readonly incoming = new Subject<ChatMessage>();
  readonly notifications = new Subject<Notification>();
  readonly connectionState$ = this.connection.asObservable();
  readonly reconnected$ = this.reconnected.asObservable();
  readonly messages$ = this.incoming.asObservable();
  readonly notifications$ = this.notifications.asObservable();
  readonly closedByServer = new Subject<string>();
  readonly closedByServer$ = this.closedByServer.asObservable();
  readonly calls: string[] = [];
  readonly sent: { chatId: string; text: string; clientId: string }[] = [];
  readonly pings: { at: number; route: string }[] = [];
  readonly startRequests: StartChatRequest[] = [];
  startFails = false;
  /** The error a start fails with while startFails (default: no network). */
  startFailure: AppError = networkError('offline');
  startChatFails = false;
  /** How many StartChat calls fail (with startChatFailure) before the next one succeeds. */
  startChatFailuresLeft = 0;
  /** The refusal StartChat answers with while startChatFails (default: a generic hub failure). */
  startChatFailure: AppError = failure;
  /** While true, SendMessage reaches the server but the acknowledgement is lost. */
  loseAcks = false;
  /** While true, SendMessage never reaches the server. */
  dropSends = false;
  /** While true, the server refuses SendMessage as the hub does for a chat that has ended (ChatEnded). */
  chatEnded = false;
  joinResult: StartJoinResult = { CaseId: 'case-1', ChatId: 'chat-1' };
  /** When set, start() answers only when the test emits here (a connection still being set up). */
  heldStart: Subject<Result<void>> | null = null;
  /** The virtual times of every reconnectNow(): the attempts the online event or the page shown again asked for. */
  readonly reconnectNowAt: number[] = [];
  /** false: the attempt reconnectNow() starts fails (the network is not really back yet) and the hub goes on reconnecting. */
  reconnectNowSucceeds = true;
  /** When set, the attempt answers only when the test emits here (an attempt still running). */
  heldReconnect: Subject<Result<void>> | null = null;

  constructor(
    private readonly backend: FakeChatBackend,
    private readonly now: () => number,
  ) {}

  start(): Call<void> {
    this.calls.push('start');
    if (this.heldStart) return this.heldStart.pipe(take(1));
    return of(this.startFails ? err(this.startFailure) : ok(undefined));
  }
  stop(): Call<void> {
    return of(ok(undefined));
  }
  /** As the adapter: a successful attempt reports connected, then reconnected (the server forgot the connection). */
  reconnectNow(): Call<void> {
    this.reconnectNowAt.push(this.now());
    const outcome = this.heldReconnect ? this.heldReconnect.pipe(take(1)) : of(this.reconnectNowSucceeds ? ok(undefined) : err(networkError('offline')));
    return outcome.pipe(
      tap((result) => {
        if (result._tag === 'Left') return;
        this.connection.next('connected');
        this.reconnected.next();
      }),
    );
  }
  ping(route: string): Call<void> {
    this.pings.push({ at: this.now(), route });
    return of(ok(undefined));
  }
  /** While set, StartChat waits for the test to answer (a phone on a slow or lost network). */
  heldStartChat: Subject<Result<StartJoinResult>> | null = null;
  startChat(request: StartChatRequest): Call<StartJoinResult> {
    this.startRequests.push(request);
    if (this.heldStartChat) return this.heldStartChat.pipe(take(1));
    if (this.startChatFails) return of(err(this.startChatFailure));
    if (this.startChatFailuresLeft > 0) {
      this.startChatFailuresLeft -= 1;
      return of(err(this.startChatFailure));
    }
    this.backend.storeTranscript('chat-1', request.Transcript ?? []);
    return of(ok({ CaseId: 'case-1', ChatId: 'chat-1' }));
  }
  /** Sent right after JoinLatestChat is answered, as the server sends a waiting chat's QueuePosition. */
  notifyAfterJoin: Notification | null = null;

  joinLatestChat(caseId: string): Call<StartJoinResult> {
    this.calls.push(`joinLatestChat:${caseId}`);
    const after = this.notifyAfterJoin;
    return of(ok(this.joinResult)).pipe(finalize(() => after && this.notifications.next(after)));
  }
  sendMessage(chatId: string, text: string, clientId: string): Call<ChatMessage> {
    this.sent.push({ chatId, text, clientId });
    if (this.dropSends) return of(err(networkError('Verbindung verloren')));
    if (this.chatEnded) return of(err(httpError(0, 'ChatEnded', 'Dieser Chat ist beendet.')));
    const stored = this.backend.store(chatId, text, clientId);
    return of(this.loseAcks ? err(networkError('Verbindung verloren')) : ok(stored));
  }
  closeChatByTimeout(chatId: string): Call<void> {
    this.calls.push(`closeChatByTimeout:${chatId}@${this.now()}`);
    return of(ok(undefined));
  }
  sendTypingNotification(chatId: string): Call<void> {
    this.calls.push(`typing:${chatId}@${this.now()}`);
    return of(ok(undefined));
  }

  stayActive(chatId: string): Call<void> {
    this.calls.push(`stayActive:${chatId}@${this.now()}`);
    return of(ok(undefined));
  }
}

export class FakeChatHostApi implements ChatHostApi {
  readonly calls: string[] = [];
  readonly callbacks: CallbackRequest[] = [];
  callbackFails = false;
  uploadFails = false;
  /** When set, an upload answers only when the test emits here (a slow upload). */
  heldUpload: Subject<Result<ChatFileInfo>> | null = null;
  /** The options of the last upload: its progress callback and abort signal. */
  uploadOptions: UploadOptions | undefined;
  /** Uploads aborted through their signal. */
  abortedUploads = 0;
  /** When set, uploads fail with this error instead of the generic one. */
  uploadFailure: AppError | null = null;
  statusFails = false;
  revokeFails = false;
  constructor(private readonly backend: FakeChatBackend) {}

  login(): Call<void> {
    return of(ok(undefined));
  }
  logout(): Call<void> {
    return of(ok(undefined));
  }
  requestCallback(chatId: string, request: CallbackRequest): Call<void> {
    this.calls.push(`requestCallback:${chatId}`);
    this.callbacks.push(request);
    return of(this.callbackFails ? err(failure) : ok(undefined));
  }
  getFile(): Call<BlobLike> {
    return of(ok(blob));
  }
  uploadFile(chatId: string, _file: BlobLike, fileName: string, options?: UploadOptions): Call<ChatFileInfo> {
    this.calls.push(`uploadFile:${chatId}:${fileName}`);
    this.uploadOptions = options;
    const held = this.heldUpload;
    // Like the adapter: an aborted upload completes without a Result.
    if (held)
      return new Observable<Result<ChatFileInfo>>((subscriber) => {
        const onAbort = () => {
          this.abortedUploads++;
          subscriber.complete();
        };
        options?.signal?.addEventListener('abort', onAbort, { once: true });
        const subscription = held.pipe(take(1)).subscribe(subscriber);
        return () => {
          options?.signal?.removeEventListener('abort', onAbort);
          subscription.unsubscribe();
        };
      });
    return of(
      this.uploadFailure
        ? err(this.uploadFailure)
        : this.uploadFails
          ? err(failure)
          : ok({ Id: 'f1', ChatId: chatId, FileName: fileName, ContentType: 'application/pdf', Size: 3 }),
    );
  }
  revokeFileForwarding(chatId: string): Call<void> {
    this.calls.push(`revokeFileForwarding:${chatId}`);
    return of(this.revokeFails ? err(failure) : ok(undefined));
  }
  getCaseStatus(caseId: string): Call<CaseStatus> {
    this.calls.push(`getCaseStatus:${caseId}`);
    return of(this.statusFails ? err(failure) : ok(this.backend.status));
  }
  getMessagesForCase(caseId: string): Call<readonly ChatMessage[]> {
    this.calls.push(`getMessagesForCase:${caseId}`);
    return of(ok([...this.backend.messages]));
  }
  getAgentImage(chatId: string, authorId: string): Call<string> {
    return of(ok(`/api/chat/agent/image/${chatId}/${authorId}`));
  }
  readonly transcriptPosts: { chatId: string; post: TranscriptPost }[] = [];
  transcriptFails = false;
  postTranscript(chatId: string, post: TranscriptPost): Call<void> {
    this.calls.push(`postTranscript:${chatId}:${post.Entries.map((e) => e.ClientId).join(',')}`);
    if (this.transcriptFails) return of(err(failure));
    this.transcriptPosts.push({ chatId, post });
    this.backend.storeTranscript(chatId, post.Entries);
    if (post.Progress !== undefined) this.backend.botProgress = post.Progress;
    return of(ok(undefined));
  }
  getBotProgress(caseId: string): Call<BotProgress | null> {
    this.calls.push(`getBotProgress:${caseId}`);
    return of(ok(this.backend.botProgress));
  }
}

export const blob: BlobLike = { size: 3, type: 'application/pdf', arrayBuffer: () => Promise.resolve(new ArrayBuffer(3)) };

export class FakeProductApi implements ProductApi {
  readonly calls: string[] = [];
  readonly ratings: RatingRequest[] = [];
  classifyMode: 'ok' | 'fail' | 'never' = 'ok';
  /** How many classification requests the network loses (NetworkError) before one gets through. */
  classifyLost = 0;
  failures = new Set<string>();
  /** Calls that the network loses (NetworkError) instead of the server refusing them. */
  lostCalls = new Set<string>();
  /** The participant's latest case as GET /api/authentication/user reports it. */
  latestCaseId: string | null = null;
  /** The case of a consultation that already runs (another tab started it), as GET /api/authentication/user reports it. */
  openChatCaseId: string | null = null;
  /** How the server answers a protocol request: mailed, or a confirmation mail first (an address never confirmed); never. */
  protocolOutcome: ProtocolRequestOutcome | 'never' = 'sent';
  getPublicSettings(): Call<PublicSettings> {
    return of(ok({ SentryDsn: '', SentryProject: '', VersionTag: 'test', Environment: 'test', FirmName: 'Rechtschat', ImprintUrl: null }));
  }
  getChatUrl(): Call<string> {
    return of(ok('http://127.0.0.1:8081/'));
  }
  getCurrentUser(): Call<CurrentUser | null> {
    return of(ok({ Id: PARTICIPANT.Id, Role: 'participant' as const, CaseId: this.latestCaseId, OpenChatCaseId: this.openChatCaseId }));
  }
  loginCustomer(_request: CustomerLoginRequest): Call<CurrentUser> {
    return of(ok({ Id: PARTICIPANT.Id, Role: 'participant' as const }));
  }
  getServiceHours(): Call<ServiceHours> {
    return of(ok({ IsOpen: true, Hours: [], TimeZone: 'Europe/Berlin' }));
  }
  getChatSessionTicket(): Call<string> {
    return of(ok('ticket'));
  }
  logout(): Call<void> {
    return of(ok(undefined));
  }
  classify(text: string): Call<ClassifyResult> {
    this.calls.push(`classify:${text}`);
    if (this.classifyMode === 'never') return NEVER;
    if (this.classifyLost > 0) {
      this.classifyLost -= 1;
      return of(err(networkError('Netzwerk nicht erreichbar')));
    }
    return of(this.classifyMode === 'fail' ? err(failure) : ok({ FieldOfLaw: 7, FieldOfLawLongName: 'Mietrecht' }));
  }
  sendProtocol(caseId: string, email: string): Call<ProtocolRequestOutcome> {
    this.calls.push(`sendProtocol:${caseId}:${email}`);
    if (this.lostCalls.has('sendProtocol')) return of(err(networkError('Verbindung verloren')));
    if (this.protocolOutcome === 'never') return NEVER;
    return of(this.failures.has('sendProtocol') ? err(failure) : ok(this.protocolOutcome));
  }
  inspectProtocolConfirmation(token: string): Call<ProtocolConfirmationInfo> {
    this.calls.push(`inspectProtocolConfirmation:${token}`);
    return of(ok({ Reference: 'RC-7K3M9Q2T', Email: 'max@example.de', ExpiresAt: '2026-06-03T08:00:00.000Z' }));
  }
  confirmProtocolMail(token: string): Call<ProtocolConfirmed> {
    this.calls.push(`confirmProtocolMail:${token}`);
    return of(ok({ Reference: 'RC-7K3M9Q2T', Email: 'max@example.de', AlreadySent: false }));
  }
  renewProtocolConfirmation(token: string): Call<ProtocolConfirmationInfo> {
    this.calls.push(`renewProtocolConfirmation:${token}`);
    return of(ok({ Reference: 'RC-7K3M9Q2T', Email: 'max@example.de', ExpiresAt: '2026-06-05T08:00:00.000Z' }));
  }
  saveRating(request: RatingRequest): Call<void> {
    this.ratings.push(request);
    return this.record(`saveRating:${request.CaseId}:${request.Stars}`, 'saveRating');
  }
  saveSecondLevelPhone(caseId: string, phone: string): Call<void> {
    return this.record(`saveSecondLevelPhone:${caseId}:${phone}`, 'saveSecondLevelPhone');
  }
  downloadUsageConfirmation(caseId: string): Call<BlobLike> {
    this.calls.push(`downloadUsageConfirmation:${caseId}`);
    return of(ok(blob));
  }
  downloadProtocol(reference: string): Call<BlobLike> {
    this.calls.push(`downloadProtocol:${reference}`);
    return of(ok(blob));
  }
  saveSecondLevelPhoneByParam(param: string, phone: string): Call<void> {
    return this.record(`saveSecondLevelPhoneByParam:${param}:${phone}`, 'saveSecondLevelPhone');
  }
  private record(call: string, name: string): Call<void> {
    this.calls.push(call);
    if (this.lostCalls.has(name)) return of(err(networkError('Verbindung verloren')));
    return of(this.failures.has(name) ? err(failure) : ok(undefined));
  }
}

/** A window that records every title it was given and the virtual time of every sound. */
export class FakeWindow implements WindowPort {
  readonly focused: BehaviorSubject<boolean>;
  readonly focused$: Observable<boolean>;
  /** The page is shown until a test hides it (a phone puts the tab in the background). */
  readonly visible = new BehaviorSubject(true);
  readonly visible$ = this.visible.asObservable();
  title: string;
  readonly titles: string[] = [];
  sounds: number[] = [];
  constructor(
    private readonly now: () => number,
    initial: { readonly focused?: boolean; readonly title?: string } = {},
  ) {
    this.focused = new BehaviorSubject(initial.focused ?? true);
    this.focused$ = this.focused.asObservable();
    this.title = initial.title ?? 'Rechtsberatung im Chat';
  }
  isFocused(): boolean {
    return this.focused.value;
  }
  getTitle(): string {
    return this.title;
  }
  setTitle(title: string): void {
    this.title = title;
    this.titles.push(title);
  }
  playNotificationSound(): void {
    this.sounds.push(this.now());
  }
}

/** The device's network report; online until a test says otherwise. */
export class FakeNetwork implements NetworkStatus {
  readonly online = new BehaviorSubject(true);
  readonly online$ = this.online.asObservable();
}

export class SequentialIds implements IdSource {
  private n = 0;
  next(): string {
    this.n += 1;
    return `client-${this.n}`;
  }
}

export class RecordingLogger implements Logger {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  info(): void {}
  warn(message: string): void {
    this.warnings.push(message);
  }
  error(message: string): void {
    this.errors.push(message);
  }
}

export class RecordingErrorReporter implements ErrorReporter {
  readonly captured: unknown[] = [];
  captureException(error: unknown): void {
    this.captured.push(error);
  }
}

/** All fakes wired to one TestScheduler. */
export function createFakes(scheduler: TestScheduler) {
  const now = () => scheduler.now();
  const backend = new FakeChatBackend(now);
  return {
    scheduler,
    backend,
    hub: new FakeChatHub(backend, now),
    chatHostApi: new FakeChatHostApi(backend),
    productApi: new FakeProductApi(),
    window: new FakeWindow(now),
    network: new FakeNetwork(),
    ids: new SequentialIds(),
    logger: new RecordingLogger(),
    errorReporter: new RecordingErrorReporter(),
    storage: new MemoryStorage(),
    translate: fakeTranslate,
    // The real plan, already loaded; tests of the lazy load pass a delayed one.
    loadPhoneNumberPlan: () => of(libphonenumberPlan),
  };
}

export type Fakes = ReturnType<typeof createFakes>;

/**
 * Runs `body` in virtual time (TestScheduler run mode). `at(ms, fn)` schedules a step;
 * everything the body set up is disposed at `endMs`, which also ends periodic timers.
 */
/**
 * Runs `body` on a TestScheduler whose clock starts at `startMs` (default: the epoch) and disposes what it returns at
 * `endMs`; `at(ms, step)` runs a step at the absolute virtual time `ms`. A late start matters for tests of a time of
 * day: the virtual scheduler chains every tick of a periodic timer (the hub's Ping, every 10 s) to the one before, so
 * hours of ticks from the epoch make a chain whose disposal overflows the stack.
 */
export function inVirtualTime(endMs: number, body: (fakes: Fakes, at: (ms: number, step: () => void) => void) => { dispose(): void }, startMs = 0): void {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
  scheduler.frame = startMs;
  scheduler.run(({ flush }) => {
    const fakes = createFakes(scheduler);
    const at = (ms: number, step: () => void) => void scheduler.schedule(step, ms - startMs);
    const subject = body(fakes, at);
    at(endMs, () => subject.dispose());
    flush();
  });
}
