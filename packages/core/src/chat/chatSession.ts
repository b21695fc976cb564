// The live chat use case (phase 1): lawyer events, connection and rejoin,
// sending with acknowledgement, and the chat timers (chatTimings.ts). Time comes only from the
// injected scheduler (ADR 0002), so every timer runs in virtual time in tests.
import {
  BehaviorSubject,
  EMPTY,
  Subject,
  Subscription,
  combineLatest,
  concatMap,
  distinctUntilChanged,
  exhaustMap,
  filter,
  forkJoin,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  tap,
  timer,
  type SchedulerLike,
} from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { Call } from '../ports/call.js';
import type { ChatHostApi } from '../ports/chatHostApi.js';
import type { ChatHub } from '../ports/chatHub.js';
import type { IdSource, KeyValueStorage, Logger, NetworkStatus, WindowPort } from '../ports/platform.js';
import type { CaseStatus, ChatMessage, Notification } from '../wire/index.js';
import { reconnectOnHints, retryHints } from '../connection/reconnectNow.js';
import { connectionCapRetryDelayMs, isConnectionCap } from '../connection/connectionCap.js';
import { ChatErrorKeys } from './chatErrorKeys.js';
import { pendingMessage } from './displayMessage.js';
import { MessageLedger } from './messageLedger.js';
import { loadPendingMessages, savePendingMessages } from './pendingMessages.js';
import { caseClosed, initialSessionState, lawyerForwarded, lawyerJoined, waitingSinceOf, withCaseStatus, type SessionState } from './chatSessionState.js';
import { callbackOffer } from './timers/callbackOffer.js';
import { fileForwardingAutoYes } from './timers/fileForwardingAutoYes.js';
import { inactivity, type InactivityEvent, type InactivityTrigger } from './timers/inactivity.js';
import { lawyerTyping } from './timers/lawyerTyping.js';
import { pingRoutes } from './timers/ping.js';
import { titleToggle } from './timers/titleToggle.js';
import { typingNotifications } from './timers/typingNotifications.js';

/** Ports of the live chat; `scheduler` drives every timer. */
export interface ChatSessionDeps {
  readonly scheduler: SchedulerLike;
  readonly hub: ChatHub;
  readonly chatHostApi: ChatHostApi;
  readonly window: WindowPort;
  /**
   * The device's own report of a lost network, long before the hub's keep-alive notices it; and of the network back,
   * when a reconnecting hub tries again at once.
   */
  readonly network: NetworkStatus;
  readonly ids: IdSource;
  readonly logger: Logger;
  /** The tab's session storage: sent messages not yet acknowledged survive a reload there (pendingMessages.ts). */
  readonly storage?: KeyValueStorage;
}

/** The chat the session enters: from StartChat or JoinLatestChat. */
export interface SessionJoin {
  readonly caseId: string;
  /** Null when the latest chat could not be joined (a closed case still shows its history). */
  readonly chatId: string | null;
  readonly history: readonly ChatMessage[];
  readonly status?: CaseStatus;
  /** Author id of the participant's own messages (the current user), if known. */
  readonly participantId?: string | null;
}

/** Shown when revoking the file forwarding failed. */
export const REVOKE_FAILED_KEY = ChatErrorKeys.RevokeFileForwardingFailed;

/** The first wait after a start refused for the address's connection cap; each further one doubles. */
export const CONNECTION_CAP_FIRST_RETRY_MS = 5000;

/**
 * Owns phase 1 of one chat screen. Subscriptions start with activate()/begin() and end with
 * dispose(); state$ always has a current value.
 */
export class ChatSession {
  private readonly state = new BehaviorSubject<SessionState>(initialSessionState);
  private readonly route = new BehaviorSubject('');
  private readonly keystrokes = new Subject<void>();
  private readonly isTyping = new Subject<void>();
  private readonly inactivityTrigger = new Subject<InactivityTrigger>();
  /** A lawyer message waits for an answer and its 180 s run (the last trigger was 'armed'). */
  private inactivityArmed = false;
  private readonly newLawyerMessage = new Subject<void>();
  private readonly ledger = new MessageLedger();
  private readonly subscriptions = new Subscription();
  private begun = false;
  /** A QueuePosition that came before begin() (see activate). */
  private positionBeforeBegin: Notification | null = null;
  private active = false;
  /** Starts refused in a row for the address's connection cap; 0 after any other outcome. */
  private capRefusals = 0;
  /** The pending retry after such a refusal. */
  private capRetry = new Subscription();

  /** Always has a current value (BehaviorSubject). */
  readonly state$ = this.state.asObservable();

  constructor(private readonly deps: ChatSessionDeps) {}

  /**
   * Starts following the connection state, cutting a reconnect's wait short when the network is back or the page
   * shown again, and pinging the route every 10 s. Idempotent.
   */
  activate(route: string): void {
    this.route.next(route);
    if (this.active) return;
    this.active = true;
    const { hub, network, scheduler } = this.deps;
    this.subscriptions.add(
      hub.connectionState$
        .pipe(distinctUntilChanged())
        .subscribe((connection) =>
          this.update(
            connection === 'connected'
              ? { connection, connectionTried: true, closedByServer: null, connectionCapped: false, connectionCapRetrySeconds: null }
              : { connection },
          ),
        ),
    );
    this.subscriptions.add(network.online$.pipe(distinctUntilChanged()).subscribe((deviceOnline) => this.update({ deviceOnline })));
    this.subscriptions.add(hub.closedByServer$.subscribe((closedByServer) => this.update({ closedByServer })));
    // The next step of the reconnect schedule may lie 30 s away: the online event or the page shown again tries at
    // once. A success comes as reconnected$ (the rejoin below resends what is pending); a failure keeps the schedule.
    this.subscriptions.add(
      reconnectOnHints(hub, retryHints(network, this.deps.window)).subscribe((attempt) => {
        if (E.isLeft(attempt)) this.deps.logger.info('Sofortiger Verbindungsversuch noch ohne Erfolg', attempt.left);
      }),
    );
    // The server sends a waiting chat's place right after answering JoinLatestChat, while the join still loads the
    // status and history: kept until begin() knows the chat, else a reload while waiting showed no place at all.
    this.subscriptions.add(hub.notifications$.pipe(filter((n) => n.Type === 'QueuePosition' && !this.begun)).subscribe((n) => (this.positionBeforeBegin = n)));
    this.subscriptions.add(
      pingRoutes(this.route, scheduler)
        .pipe(
          // A ping while (re)connecting could only fail; the next tick after the connection is up sends it.
          filter(() => this.state.value.connection === 'connected'),
          mergeMap((r) => hub.ping(r)),
        )
        .subscribe((result) => this.logFailure('Ping fehlgeschlagen', result)),
    );
  }

  /**
   * Starts the hub connection; a failed start is remembered, so 'disconnected' is then shown as an interruption. A start
   * the hub refused because the address holds too many connections (connection/connectionCap.ts) is said as such and
   * tried again by itself after 5 s, then after waits that double up to CONNECTION_CAP_RETRY_MAX_MS – as long as nothing
   * else connects meanwhile; once connected, a begun chat is joined again.
   */
  startHub(): Call<void> {
    return this.deps.hub.start().pipe(
      tap((started) => {
        this.capRetry.unsubscribe();
        if (E.isRight(started)) {
          this.capRefusals = 0;
          this.update({ connectionCapped: false, connectionCapRetrySeconds: null });
          return;
        }
        const capped = isConnectionCap(started.left);
        this.capRefusals = capped ? this.capRefusals + 1 : 0;
        const wait = capped ? connectionCapRetryDelayMs(this.capRefusals - 1, CONNECTION_CAP_FIRST_RETRY_MS) : null;
        this.update({ connectionTried: true, connectionCapped: capped, connectionCapRetrySeconds: wait === null ? null : Math.round(wait / 1000) });
        if (wait !== null) this.retryAfterCap(wait);
      }),
    );
  }

  private retryAfterCap(wait: number): void {
    this.capRetry = timer(wait, this.deps.scheduler)
      .pipe(
        filter(() => this.state.value.connection === 'disconnected'),
        concatMap(() => this.startHub()),
        concatMap((started) => (E.isRight(started) && this.begun ? this.rejoin() : EMPTY)),
      )
      .subscribe();
    this.subscriptions.add(this.capRetry);
  }

  get snapshot(): SessionState {
    return this.state.value;
  }

  setRoute(route: string): void {
    this.route.next(route);
  }

  /** Enters the live chat of a case: shows its history and starts listening. Idempotent. */
  begin(join: SessionJoin): void {
    if (join.participantId) this.ledger.addParticipant(join.participantId);
    // After a reload the 59 s of the callback offer count from when the chat began to wait, not from now.
    const waitingSince = waitingSinceOf(join.history, join.chatId) ?? this.deps.scheduler.now();
    const base: SessionState = { ...this.state.value, caseId: join.caseId, chatId: join.chatId, waitingForLawyer: true, waitingSince };
    this.state.next(join.status ? withCaseStatus(base, join.status) : base);
    this.mergeServerMessages(join.history);
    if (this.begun) return;
    this.begun = true;
    this.resendKeptMessages(join);
    const early = this.positionBeforeBegin;
    this.positionBeforeBegin = null;
    // Only for this chat and while it waits (onNotification checks both).
    if (early) this.onNotification(early);
    this.listen();
  }

  /** Sends a participant message; it shows as pending until the server acknowledges it. */
  send(text: string): void {
    const clientId = this.deps.ids.next();
    const created = new Date(this.deps.scheduler.now()).toISOString();
    this.ledger.queue(clientId, text);
    this.keepPending();
    this.update({ messages: [...this.state.value.messages, pendingMessage(clientId, text, created)] });
    this.setInactivity('idle');
    this.transmit(clientId, text);
  }

  /**
   * A keystroke in the answer field. While the client types an answer to the lawyer, the 180 s before „Sind Sie noch
   * da?“ start again: a person writing a long answer is there (outside tester: the dialog took the focus mid-sentence).
   * An open dialog stays: it is answered with its own button.
   */
  userTyping(): void {
    this.keystrokes.next();
    if (this.inactivityArmed && this.state.value.inactivity === null) this.setInactivity('armed');
  }

  private setInactivity(trigger: InactivityTrigger): void {
    this.inactivityArmed = trigger === 'armed';
    this.inactivityTrigger.next(trigger);
  }

  /**
   * "Ich bin noch da": closes the dialog; the unanswered lawyer message counts again from now. The person's other tabs
   * and devices hear it (StillHere) – each runs its own timer and would otherwise end the chat (outside tester).
   */
  stayActive(): void {
    this.countAgain();
    const chatId = this.state.value.chatId;
    if (chatId !== null) this.subscriptions.add(this.deps.hub.stayActive(chatId).subscribe((r) => this.logFailure('Anwesenheit nicht gemeldet', r)));
  }

  private countAgain(): void {
    this.setInactivity(this.state.value.lawyerConnected ? 'armed' : 'idle');
  }

  answerFileForwarding(allow: boolean): void {
    const { fileForwardingQuestion, fileForwardingChatId } = this.state.value;
    if (!fileForwardingQuestion) return;
    this.update({ fileForwardingQuestion: false });
    if (allow || fileForwardingChatId === null) return;
    this.subscriptions.add(
      this.deps.chatHostApi.revokeFileForwarding(fileForwardingChatId).subscribe((result) => {
        if (E.isLeft(result)) {
          this.deps.logger.warn('Dateiweitergabe konnte nicht widerrufen werden', result.left);
          this.update({ errorKey: REVOKE_FAILED_KEY });
        }
      }),
    );
  }

  dismissError(): void {
    this.update({ errorKey: null });
  }

  dispose(): void {
    this.subscriptions.unsubscribe();
    this.state.complete();
  }

  private listen(): void {
    const { hub, scheduler, window } = this.deps;
    const state$ = this.state;
    const add = (s: Subscription) => this.subscriptions.add(s);
    add(hub.messages$.subscribe((message) => this.onLiveMessage(message)));
    add(hub.notifications$.subscribe((n) => this.onNotification(n)));
    add(hub.reconnected$.pipe(switchMap(() => this.rejoin())).subscribe());
    // The hub stops retrying after its reconnect delays; a device that is online again later, or a page shown again
    // while online (a phone resumes the tab), starts the hub anew, and the rejoin resends what is still pending, as the
    // offline notice promises. One start at a time.
    const gaveUpWhileOnline$ = combineLatest([hub.connectionState$, this.deps.network.online$]).pipe(
      map(([connection, online]) => online && connection === 'disconnected'),
      distinctUntilChanged(),
      filter(Boolean),
    );
    const shownAgainAfterGivingUp$ = retryHints(this.deps.network, window).pipe(
      filter((hint) => hint === 'visible' && this.state.value.connection === 'disconnected'),
    );
    add(
      merge(gaveUpWhileOnline$, shownAgainAfterGivingUp$)
        .pipe(exhaustMap(() => this.startHub().pipe(concatMap((started) => (E.isRight(started) ? this.rejoin() : EMPTY)))))
        .subscribe(),
    );
    add(lawyerTyping(this.isTyping, scheduler, this.newLawyerMessage).subscribe((typing) => this.update({ lawyerTyping: typing })));
    add(
      callbackOffer(state$.pipe(map((s) => (s.waitingForLawyer && !s.caseClosed ? s.waitingSince : null))), scheduler).subscribe((offered) =>
        this.update({ callbackOffered: offered }),
      ),
    );
    add(fileForwardingAutoYes(state$.pipe(map((s) => s.fileForwardingQuestion)), scheduler).subscribe(() => this.answerFileForwarding(true)));
    add(titleToggle(this.newLawyerMessage, window, scheduler).subscribe());
    add(inactivity(this.inactivityTrigger, scheduler).subscribe((event) => this.onInactivity(event)));
    add(
      typingNotifications(this.keystrokes.pipe(filter(() => this.state.value.lawyerConnected)), scheduler)
        .pipe(
          map(() => this.state.value.chatId),
          filter((chatId): chatId is string => chatId !== null),
          mergeMap((chatId) => hub.sendTypingNotification(chatId)),
        )
        .subscribe((result) => this.logFailure('Tippbenachrichtigung fehlgeschlagen', result)),
    );
  }

  private onLiveMessage(message: ChatMessage): void {
    const isOwn = this.ledger.settle(message);
    if (isOwn) this.keepPending();
    this.mergeServerMessages([message]);
    const shown = this.state.value.messages.find((m) => m.id === message.Id);
    // The person answered – with text or a file, in another tab or on another device too: nobody waits for an answer
    // here either (outside tester: a client who sent the requested contract as a file was closed for inactivity).
    if (shown?.kind === 'participant' || shown?.own === true) this.setInactivity('idle');
    if (isOwn || shown?.kind !== 'lawyer') return;
    this.newLawyerMessage.next();
    if (this.state.value.lawyerConnected) this.setInactivity('armed');
  }

  private onNotification(notification: Notification): void {
    const state = this.state.value;
    if (notification.ChatId !== state.chatId) return;
    switch (notification.Type) {
      case 'Joined':
        this.state.next(lawyerJoined(state, notification.Data?.LawyerName ?? null));
        return;
      case 'Closed':
      case 'ClosedAndRequestPhoneNumber':
        this.setInactivity('idle');
        this.state.next(caseClosed(state, notification.Type === 'ClosedAndRequestPhoneNumber'));
        return;
      case 'Forwarded':
        this.setInactivity('idle');
        this.state.next(lawyerForwarded(state, notification.Data?.NewChatId ?? null, this.deps.scheduler.now()));
        return;
      case 'IsTyping':
        this.isTyping.next();
        return;
      case 'StillHere':
        this.countAgain();
        return;
      case 'QueuePosition': {
        const waiting = state.waitingForLawyer;
        const queuePosition = waiting ? (notification.Data?.Position ?? null) : null;
        this.state.next({ ...state, queuePosition, expectedWaitMinutes: waiting ? (notification.Data?.WaitMinutes ?? null) : null });
        return;
      }
    }
  }

  private onInactivity(event: InactivityEvent): void {
    if (event.kind === 'timeout') {
      const chatId = this.state.value.chatId;
      if (chatId === null) return;
      this.subscriptions.add(this.deps.hub.closeChatByTimeout(chatId).subscribe((r) => this.logFailure('Schließen wegen Inaktivität fehlgeschlagen', r)));
      return;
    }
    const previous = this.state.value.inactivity;
    this.update({ inactivity: event.warning });
    const stageOpened = event.warning !== null && event.warning.stage !== previous?.stage;
    if (stageOpened && !this.deps.window.isFocused()) this.deps.window.playNotificationSound();
  }

  /** After an automatic reconnect the server forgot us: join again, re-read, resend. */
  private rejoin() {
    const caseId = this.state.value.caseId;
    if (caseId === null) return EMPTY;
    const { hub, chatHostApi } = this.deps;
    return hub.joinLatestChat(caseId).pipe(
      concatMap((joined) => {
        if (E.isLeft(joined)) {
          this.deps.logger.warn('Erneutes Beitreten fehlgeschlagen', joined.left);
          return EMPTY;
        }
        const chatChanged = joined.right.ChatId !== this.state.value.chatId;
        this.update({ chatId: joined.right.ChatId });
        return forkJoin([chatHostApi.getMessagesForCase(caseId), chatHostApi.getCaseStatus(caseId), of(chatChanged)]);
      }),
      map(([messages, status, chatChanged]) => {
        if (E.isRight(messages)) {
          messages.right.forEach((m) => this.ledger.settle(m));
          this.keepPending();
          this.mergeServerMessages(messages.right);
          // A forward missed while disconnected: the new chat waits since its forward notice.
          if (chatChanged) this.update({ waitingSince: waitingSinceOf(messages.right, this.state.value.chatId) ?? this.deps.scheduler.now() });
        }
        if (E.isRight(status)) this.state.next(withCaseStatus(this.state.value, status.right));
        for (const [clientId, text] of this.ledger.unacknowledged()) this.transmit(clientId, text);
      }),
    );
  }

  private transmit(clientId: string, text: string): void {
    const chatId = this.state.value.chatId;
    if (chatId === null) return;
    this.subscriptions.add(
      this.deps.hub.sendMessage(chatId, text, clientId).subscribe((result) => {
        if (E.isLeft(result)) {
          this.deps.logger.warn('Nachricht nicht bestätigt', result.left);
          // Sent while offline, and the lawyer ended the chat meanwhile: no resend can deliver it any more. It stays
          // where it was written, marked as not delivered, so the person knows (and can copy it) – not „wird gesendet …“
          // for ever (outside tester).
          if (result.left._tag === 'HttpError' && result.left.code === 'ChatEnded') {
            this.ledger.drop(clientId);
            this.keepPending();
            const marked = this.state.value.messages.map((m) => (m.pending && m.id === clientId ? { ...m, pending: false, notSent: true } : m));
            this.update({ messages: marked });
          }
          // Anything else stays pending; the rejoin after the next reconnect sends it again with the same clientId.
          return;
        }
        this.ledger.settle({ ...result.right, ClientId: clientId });
        this.keepPending();
        this.mergeServerMessages([{ ...result.right, ClientId: clientId }]);
      }),
    );
  }

  /** Writes the messages still waiting for their acknowledgement to the tab's storage (none: the entry goes). */
  private keepPending(): void {
    const caseId = this.state.value.caseId;
    if (this.deps.storage && caseId !== null) savePendingMessages(this.deps.storage, caseId, this.ledger.unacknowledged());
  }

  /**
   * After a reload: the messages this tab sent that the server had not acknowledged show again as pending and are sent
   * with their client ids; those the history already holds (acknowledged, the answer lost) are dropped. A chat that
   * no longer runs takes none, so they are dropped too.
   */
  private resendKeptMessages(join: SessionJoin): void {
    const storage = this.deps.storage;
    if (!storage) return;
    const kept = loadPendingMessages(storage, join.caseId);
    if (kept.length === 0) return;
    const stored = new Set(join.history.map((m) => m.ClientId).filter((id) => id != null));
    const created = new Date(this.deps.scheduler.now()).toISOString();
    const resend = join.chatId === null ? [] : kept.filter(([clientId]) => !stored.has(clientId));
    for (const [clientId, text] of resend) this.ledger.queue(clientId, text);
    this.keepPending();
    if (resend.length === 0) return;
    this.update({ messages: [...this.state.value.messages, ...resend.map(([clientId, text]) => pendingMessage(clientId, text, created))] });
    for (const [clientId, text] of resend) this.transmit(clientId, text);
  }

  private mergeServerMessages(messages: readonly ChatMessage[]): void {
    this.update({ messages: this.ledger.merge(this.state.value.messages, messages) });
  }

  private update(patch: Partial<SessionState>): void {
    if (this.state.closed) return;
    this.state.next({ ...this.state.value, ...patch });
  }

  private logFailure(message: string, result: E.Either<unknown, unknown>): void {
    if (E.isLeft(result)) this.deps.logger.warn(message, result.left);
  }
}
