// In-memory lawyer side of the chat host for workspace tests: one backend holds the queue, the
// lawyer's chats and the messages; the fake API and hub read and write it like the real server.
import { BehaviorSubject, Subject, of, take, tap, type Observable } from 'rxjs';
import type { Call } from '../ports/call.js';
import type { ConnectionState } from '../ports/chatHub.js';
import type { LawyerApi, LawyerHub } from '../ports/lawyer.js';
import { knownFieldOfLaw } from '../wire/fieldsOfLaw.js';
import type { BlobLike, KeyValueStorage } from '../ports/platform.js';
import { err, httpError, networkError, ok, type AppError, type Result } from '../result.js';
import type {
  ActiveChatEntry,
  CallbackEntry,
  ChatFieldOfLaw,
  ChatFileInfo,
  ChatMessage,
  CreateCaseFileRequest,
  CreateCaseFileResult,
  FinishedChatEntry,
  LawyerCaseFileDetail,
  Colleague,
  LawyerCaseFileSummary,
  LawyerProfile,
  Notification,
  QueueEntry,
  StartJoinResult,
} from '../wire/index.js';

export const ME: LawyerProfile = {
  Id: 'law-1',
  Name: 'Dr. Anna Berger',
  Email: 'anna@example.org',
  Gender: 'female',
  ImageUrl: 'http://chat.test/a.svg',
  Role: 'lawyer',
  Phone: '+49 30 1234567',
};
export const COLLEAGUE: Colleague = {
  Id: 'law-2',
  Name: 'Bernd Roth',
  Email: 'bernd@example.org',
  Gender: 'male',
  ImageUrl: 'http://chat.test/b.svg',
  Role: 'lawyer',
  Phone: '+49 30 7654321',
  LastActive: '2026-03-02T09:58:00.000Z',
};
export const CLIENT = { Id: 'p-1', Name: 'Ratsuchende Person' };

export const waiting = (n: number, over: Partial<QueueEntry> = {}): QueueEntry => ({
  ChatId: `chat-${n}`,
  CaseId: `case-${n}`,
  Description: `Anliegen ${n}: Mein Vermieter hat gekündigt.`,
  FieldOfLaw: 5,
  FieldOfLawLongName: 'Mietrecht',
  WaitingSince: '2026-11-22T09:00:00.000Z',
  AssignedLawyerId: null,
  ForwardedBy: null,
  CallbackRequested: false,
  ...over,
});

/** A callback request as the server lists it; the number and the case's facts filled in. */
export const callbackEntry = (over: Pick<CallbackEntry, 'Id' | 'ChatId' | 'CaseId' | 'Availability' | 'Created'> & Partial<CallbackEntry>): CallbackEntry => ({
  CaseReference: `RC-${over.CaseId.toUpperCase()}`,
  Phone: '+49301234567',
  PhoneDisplay: '+49 30 1234567',
  Description: 'Mein Vermieter hat gekündigt.',
  FieldOfLawLongName: 'Mietrecht',
  DoneAt: null,
  DoneBy: null,
  AssignedLawyer: null,
  Claimed: false,
  ...over,
});

export class FakeLawyerBackend {
  queue: QueueEntry[] = [];
  readonly held = new Map<string, ActiveChatEntry>();
  /** The lawyer's chats that ended recently (GET api/lawyer/chats/finished), by acceptance time. */
  finished: FinishedChatEntry[] = [];
  readonly log: { readonly caseId: string; readonly message: ChatMessage }[] = [];
  callbacks: CallbackEntry[] = [];
  readonly caseFiles = new Map<string, LawyerCaseFileDetail>();
  /** Chats another lawyer takes the moment this one tries. */
  readonly takenByColleague = new Set<string>();
  /** When set, every call answers this error. */
  failure: AppError | null = null;
  stored = 0;
  private counter = 0;
  constructor(private readonly now: () => number) {}

  time(): string {
    return new Date(Date.parse('2026-11-22T10:00:00.000Z') + this.now()).toISOString();
  }

  addMessage(
    chatId: string,
    caseId: string,
    text: string,
    author: ChatMessage['Author'],
    type: ChatMessage['Type'] = 2,
    clientId: string | null = null,
  ): ChatMessage {
    this.counter += 1;
    const message: ChatMessage = {
      Id: `m-${this.counter}`,
      ChatId: chatId,
      ClientId: clientId,
      Message: text,
      Type: type,
      Author: author,
      Created: this.time(),
    };
    this.log.push({ caseId, message });
    return message;
  }

  caseOf(chatId: string): string {
    return this.held.get(chatId)?.CaseId ?? this.queue.find((q) => q.ChatId === chatId)?.CaseId ?? `case-of-${chatId}`;
  }

  hold(entry: QueueEntry): ActiveChatEntry {
    const { ChatId, CaseId, Description, FieldOfLaw, FieldOfLawLongName, WaitingSince } = entry;
    const active: ActiveChatEntry = {
      ChatId,
      CaseId,
      Description,
      FieldOfLaw,
      FieldOfLawLongName,
      WaitingSince,
      Email: 'client@example.org',
      VerifiedEmail: true,
      AcceptedAt: this.time(),
    };
    this.held.set(entry.ChatId, active);
    this.queue = this.queue.filter((q) => q.ChatId !== entry.ChatId);
    return active;
  }

  /** The held chat ends as the server records it: it leaves the active list and is listed as finished. */
  finish(chatId: string, ended: FinishedChatEntry['Ended'], forwardedTo: string | null = null): void {
    const entry = this.held.get(chatId);
    if (!entry) return;
    this.held.delete(chatId);
    this.finished = [...this.finished, { ...entry, ClosedAt: this.time(), Ended: ended, ForwardedTo: forwardedTo }];
  }

  answer<A>(value: () => A): Call<A> {
    return of(this.failure ? err(this.failure) : ok(value()));
  }
}

export class FakeLawyerApi implements LawyerApi {
  readonly doneCalls: [string, boolean][] = [];
  readonly uploads: string[] = [];
  readonly createdRequests: CreateCaseFileRequest[] = [];
  historyReads = 0;
  queueReads = 0;
  caseFileListReads = 0;
  constructor(private readonly backend: FakeLawyerBackend) {}
  me = () => this.backend.answer(() => ME);
  queue = () =>
    this.backend.answer(() => {
      this.queueReads += 1;
      return [...this.backend.queue];
    });
  activeChats = () => this.backend.answer(() => [...this.backend.held.values()]);
  finishedChats = () => this.backend.answer(() => [...this.backend.finished]);
  colleagues = () => this.backend.answer(() => [COLLEAGUE]);
  callbacks = () => this.backend.answer(() => [...this.backend.callbacks]);
  setCallbackDone = (id: string, done: boolean): Call<void> =>
    this.backend.answer(() => {
      this.doneCalls.push([id, done]);
      this.backend.callbacks = this.backend.callbacks.map((c) =>
        c.Id === id ? { ...c, DoneAt: done ? this.backend.time() : null, DoneBy: done ? { Id: ME.Id, Name: ME.Name } : null } : c,
      );
    });
  /** As the server: nobody's call yet → the signed-in lawyer's; someone else's → 409 naming them. */
  releaseCallback = (id: string): Call<void> => {
    const entry = this.backend.callbacks.find((c) => c.Id === id);
    if (entry?.AssignedLawyer && entry.AssignedLawyer.Id !== ME.Id) {
      return of(err(httpError(403, 'Forbidden', `Diesen Rückruf hat ${entry.AssignedLawyer.Name} übernommen.`)));
    }
    return this.backend.answer(() => {
      this.backend.callbacks = this.backend.callbacks.map((c) => (c.Id === id ? { ...c, AssignedLawyer: null, Claimed: false } : c));
    });
  };

  claimCallback = (id: string): Call<void> => {
    const owner = this.backend.callbacks.find((c) => c.Id === id)?.AssignedLawyer;
    if (owner && owner.Id !== ME.Id) return of(err(httpError(409, 'Conflict', `Diesen Rückruf hat bereits ${owner.Name} übernommen.`)));
    return this.backend.answer(() => {
      this.backend.callbacks = this.backend.callbacks.map((c) => (c.Id === id ? { ...c, AssignedLawyer: { Id: ME.Id, Name: ME.Name } } : c));
    });
  };
  messages = (caseId: string) =>
    this.backend.answer(() => {
      this.historyReads += 1;
      return this.backend.log.filter((entry) => entry.caseId === caseId).map((entry) => entry.message);
    });
  uploadFile = (chatId: string, _file: BlobLike, fileName: string): Call<ChatFileInfo> =>
    this.backend.answer(() => {
      this.uploads.push(fileName);
      return { Id: `f-${fileName}`, ChatId: chatId, FileName: fileName, ContentType: 'application/pdf', Size: 3 };
    });
  fileUrl = (fileId: string) => `http://chat.test/api/chat/file/${fileId}`;
  readonly fieldOfLawChanges: [string, number][] = [];
  /** As the server: an id it does not know is refused with its German text, the held chat's facts change. */
  changeFieldOfLaw = (chatId: string, fieldOfLaw: number): Call<ChatFieldOfLaw> => {
    const field = knownFieldOfLaw(fieldOfLaw);
    if (!field) return of(err(httpError(400, 'BadRequest', 'Bitte wählen Sie ein Rechtsgebiet aus der Liste.')));
    return this.backend.answer(() => {
      this.fieldOfLawChanges.push([chatId, fieldOfLaw]);
      const held = this.backend.held.get(chatId);
      if (held) this.backend.held.set(chatId, { ...held, FieldOfLaw: field.id, FieldOfLawLongName: field.longName });
      return { ChatId: chatId, FieldOfLaw: field.id, FieldOfLawLongName: field.longName };
    });
  };
  caseFiles = (): Call<readonly LawyerCaseFileSummary[]> =>
    this.backend.answer(() => {
      this.caseFileListReads += 1;
      return [...this.backend.caseFiles.values()].map((d) => ({
        CaseId: d.CaseId,
        CaseNumber: d.CaseNumber,
        Title: d.Title,
        ClientName: `${d.FirstName} ${d.LastName}`,
        Created: d.Created,
        DocumentCount: d.Documents.length,
        QuestionnaireSubmitted: d.Questionnaire.Submitted,
        ContactCount: d.Contacts.length,
        PowerOfAttorneySignedAt: d.PowerOfAttorneySignedAt,
        Closed: d.Closed,
        ClosedAt: d.ClosedAt,
      }));
    });
  caseFile = (id: string): Call<LawyerCaseFileDetail> => {
    const found = this.backend.caseFiles.get(id);
    return found ? this.backend.answer(() => found) : of(err(httpError(404, 'NotFound', 'Die Fallakte wurde nicht gefunden.')));
  };
  profile: LawyerProfile = ME;
  // As the server: an empty number removes the stored one.
  updateProfile = (request: { Name: string; Gender: LawyerProfile['Gender']; Phone?: string }): Call<LawyerProfile> =>
    request.Phone !== undefined && request.Phone !== '' && !/^\+?[\d ]{6,}$/.test(request.Phone)
      ? of(err(httpError(400, 'BadRequest', 'Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567.')))
      : this.backend.answer(
          () =>
            (this.profile = { ...this.profile, Name: request.Name, Gender: request.Gender, ...(request.Phone !== undefined ? { Phone: request.Phone } : {}) }),
        );
  uploadPhoto = (_file: BlobLike, fileName: string): Call<LawyerProfile> =>
    this.backend.answer(() => (this.profile = { ...this.profile, ImageUrl: `http://chat.test/api/chat/agent/photo/law-1/${fileName}` }));
  removePhoto = (): Call<LawyerProfile> => this.backend.answer(() => (this.profile = { ...this.profile, ImageUrl: 'http://chat.test/a.svg' }));
  caseFileDocumentUrl = (id: string, documentId: string) => `http://chat.test/api/lawyer/case-files/${id}/documents/${documentId}`;
  createCaseFile = (request: CreateCaseFileRequest): Call<CreateCaseFileResult> =>
    this.backend.answer(() => {
      this.createdRequests.push(request);
      this.backend.caseFiles.set('cf-1', {
        CaseId: 'cf-1',
        CaseNumber: 'RC-2026-0001',
        Title: request.Title,
        Description: request.Description ?? '',
        FieldOfLaw: request.FieldOfLaw ?? '',
        FirstName: request.FirstName,
        LastName: request.LastName,
        Phone: request.Phone,
        PhoneDisplay: request.Phone,
        Email: request.Email ?? null,
        Street: null,
        PostalCode: null,
        City: null,
        PersonUpdatedAt: null,
        ChatCaseReference: request.ChatCaseId ? `RC-${request.ChatCaseId.slice(0, 8).toUpperCase()}` : null,
        Created: this.backend.time(),
        Documents: [],
        Questionnaire: { Submitted: false, SubmittedAt: null, Answers: {} },
        Contacts: [],
        FirmMessages: [],
        PowerOfAttorneySignedAt: null,
        Closed: false,
        ClosedAt: null,
        RetentionUntil: null,
        LoginLockedUntil: null,
      });
      return { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Url: 'http://web.test/digitale-fallakte/tok', Token: 'tok', Pin: '3344' };
    });
}

export class FakeLawyerHub implements LawyerHub {
  readonly state = new BehaviorSubject<ConnectionState>('disconnected');
  readonly reconnected = new Subject<void>();
  readonly messages = new Subject<ChatMessage>();
  readonly notifications = new Subject<Notification>();
  readonly queueChanged = new Subject<void>();
  readonly connectionState$: Observable<ConnectionState> = this.state.asObservable();
  readonly reconnected$ = this.reconnected.asObservable();
  readonly messages$ = this.messages.asObservable();
  readonly notifications$ = this.notifications.asObservable();
  readonly queueChanged$ = this.queueChanged.asObservable();
  readonly caseFileChanged = new Subject<string>();
  readonly caseFileChanged$ = this.caseFileChanged.asObservable();
  readonly casesErased = new Subject<readonly string[]>();
  readonly casesErased$ = this.casesErased.asObservable();
  readonly typingSent: number[] = [];
  readonly sentClientIds: string[] = [];
  starts = 0;
  /** false: start() fails like an unreachable server. */
  reachable = true;
  /** When set, start() fails with this error (a refusal by the server, e.g. the address's connection cap). */
  startRefusal: AppError | null = null;
  /** true: SendMessage stores the message but the answer is lost (the call fails). */
  loseNextAck = false;
  closed: [string, boolean][] = [];
  /** true: the server's Closed notice arrives before CloseChat is acknowledged (as over a real hub). */
  noticeBeforeAck = false;
  forwarded: [string, string][] = [];

  constructor(
    private readonly backend: FakeLawyerBackend,
    private readonly now: () => number,
  ) {}

  /** When set, a start answers only when the test emits here; as the adapter, a start meanwhile joins the running one. */
  heldStart: Subject<Result<void>> | null = null;

  start(): Call<void> {
    this.starts += 1;
    const refused = this.startRefusal;
    const outcome = this.heldStart
      ? this.heldStart.pipe(take(1))
      : of(refused !== null ? err(refused) : this.reachable ? ok(undefined) : err(networkError('Keine Verbindung')));
    return outcome.pipe(tap((result) => result._tag === 'Right' && this.state.next('connected')));
  }
  stop(): Call<void> {
    this.state.next('disconnected');
    return of(ok(undefined));
  }
  /** The virtual times of every reconnectNow() (the network back, the page shown again). */
  readonly reconnectNowAt: number[] = [];
  /** When set, the attempt answers only when the test emits here (an attempt still running). */
  heldReconnect: Subject<Result<void>> | null = null;
  /** As the adapter: an attempt that reaches the server reports connected, then reconnected. */
  reconnectNow(): Call<void> {
    this.reconnectNowAt.push(this.now());
    const outcome = this.heldReconnect ? this.heldReconnect.pipe(take(1)) : of(this.reachable ? ok(undefined) : err(networkError('Keine Verbindung')));
    return outcome.pipe(
      tap((result) => {
        if (result._tag === 'Left') return;
        this.state.next('connected');
        this.reconnected.next();
      }),
    );
  }
  acceptChat(chatId: string): Call<StartJoinResult> {
    if (this.backend.takenByColleague.has(chatId)) {
      this.backend.queue = this.backend.queue.filter((q) => q.ChatId !== chatId);
      return of(err(httpError(0, 'ChatTaken', 'Dieser Chat wurde bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen.')));
    }
    const entry = this.backend.queue.find((q) => q.ChatId === chatId);
    if (!entry) return of(err(httpError(0, 'HubError', 'Der Chat wurde nicht gefunden.')));
    this.backend.hold(entry);
    return of(ok({ CaseId: entry.CaseId, ChatId: chatId }));
  }
  sendMessage(chatId: string, text: string, clientId: string): Call<ChatMessage> {
    this.sentClientIds.push(clientId);
    const existing = this.backend.log.find((entry) => entry.message.ClientId === clientId)?.message;
    const stored = existing ?? this.backend.addMessage(chatId, this.backend.caseOf(chatId), text, { Id: ME.Id, Name: ME.Name }, 2, clientId);
    if (!existing) this.backend.stored += 1;
    if (this.loseNextAck) {
      this.loseNextAck = false;
      return of(err(networkError('Verbindung unterbrochen')));
    }
    return of(ok(stored));
  }
  sendTypingNotification(): Call<void> {
    this.typingSent.push(this.now());
    return of(ok(undefined));
  }
  closeChat(chatId: string, requestPhoneNumber: boolean): Call<void> {
    this.closed.push([chatId, requestPhoneNumber]);
    this.backend.finish(chatId, requestPhoneNumber ? 'closedPhone' : 'closed');
    if (this.noticeBeforeAck) this.notifications.next({ ChatId: chatId, Type: requestPhoneNumber ? 'ClosedAndRequestPhoneNumber' : 'Closed', Data: null });
    return of(ok(undefined));
  }
  forwardChat(chatId: string, lawyerId: string): Call<StartJoinResult> {
    this.forwarded.push([chatId, lawyerId]);
    this.backend.finish(chatId, 'forwarded', [ME, COLLEAGUE].find((l) => l.Id === lawyerId)?.Name ?? null);
    return of(ok({ CaseId: this.backend.caseOf(chatId), ChatId: `${chatId}-next` }));
  }

  /** The client writes: stored on the server and pushed over the hub (unless the lawyer is offline). */
  clientWrites(chatId: string, text: string, deliver = true): ChatMessage {
    const message = this.backend.addMessage(chatId, this.backend.caseOf(chatId), text, CLIENT);
    if (deliver) this.messages.next(message);
    return message;
  }
}

export class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  get = (key: string) => this.values.get(key) ?? null;
  set = (key: string, value: string) => void this.values.set(key, value);
  remove = (key: string) => void this.values.delete(key);
}
