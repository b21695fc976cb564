// ChatHub over the official @microsoft/signalr client (the real-time hub).
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection, type IRetryPolicy } from '@microsoft/signalr';
import type * as t from 'io-ts';
import {
  BehaviorSubject,
  Subject,
  Subscription,
  concat,
  concatMap,
  defer,
  filter,
  first,
  from,
  map,
  of,
  race,
  switchMap,
  take,
  tap,
  timeout,
  timer,
  type Observable,
} from 'rxjs';
import { ChatMessage, ErrorBody, Notification, StartJoinResult, decode, decodeJson, err, httpError, networkError, ok } from '@rechtschat/core';
import type { AppError, Call, ChatHub, ConnectionState, Logger, Result, StartChatRequest } from '@rechtschat/core';

/**
 * Reconnect retry delays 0, 2, 10, 30 s: after a lost connection the first attempt comes at once, each further one this
 * long after the one before failed; after the last the hub gives up ('disconnected'). reconnectNow() starts the next
 * attempt early.
 */
export const RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000] as const;

/** How long an invocation waits for a running automatic reconnect before it fails (longer than the 30 s retry step). */
export const RECONNECT_WAIT_MS = 35_000;

/** The part of HubConnection the adapter uses; tests hand in a fake with the same shape. */
export type HubConnectionLike = Pick<HubConnection, 'state' | 'start' | 'stop' | 'invoke' | 'send' | 'on' | 'onclose'>;

export interface SignalRChatHubOptions {
  /** Chat host base address with trailing slash. */
  readonly chatUrl: () => Call<string>;
  readonly logger: Logger;
  /**
   * Builds the connection for a hub URL; defaults to the official builder. It must be built with `reconnectPolicy`
   * (buildHubConnection does so): through it the client tells the adapter that a connection was lost.
   */
  readonly connect?: (hubUrl: string, reconnectPolicy: IRetryPolicy) => HubConnectionLike;
  /** Hub path after the chat host address; the lawyer console uses `signalr?as=lawyer`. */
  readonly hubPath?: string;
  /** The reconnect's delays; RECONNECT_DELAYS_MS unless a test needs others. */
  readonly reconnectDelaysMs?: readonly number[];
}

/**
 * The official client; cookies go along (withCredentials). `reconnectPolicy` is the adapter's, handed to `connect`:
 * SignalR asks it only where it would reconnect on its own – a lost connection, the server's Close with
 * allowReconnect – and hears "not you", since the adapter reconnects itself on a schedule that the online event can cut
 * short (SignalR's own waits cannot be). `headers` only matter outside the browser (Node tests send the session Cookie
 * this way).
 */
export function buildHubConnection(hubUrl: string, reconnectPolicy: IRetryPolicy, headers: Record<string, string> = {}): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(hubUrl, { withCredentials: true, headers })
    .withAutomaticReconnect(reconnectPolicy)
    .configureLogging(LogLevel.Warning)
    .build();
}

/**
 * A refused invocation as an AppError value. Status 0: not an HTTP answer. The server's completion error is the JSON
 * text of `{ Error, Message }`, the shape of an HTTP error body, so the value carries its code (`ChatTaken`, …) and
 * German message; anything else (the hub engine's own texts, an older server) is the message of a generic `HubError`.
 */
export function hubError(cause: unknown): ReturnType<typeof httpError> {
  const message = cause instanceof Error ? cause.message : String(cause);
  const body = message.startsWith('{') ? decodeJson(ErrorBody, message) : null;
  return body?._tag === 'Right' ? httpError(0, body.right.Error, body.right.Message) : httpError(0, 'HubError', message);
}

/**
 * Why an invocation on `connection` failed. While the connection is still up, the server refused it and its code
 * and German message are the reason. Once the connection is down (server timeout, network lost, closed), the client
 * library cancelled the call with an English text of its own: that is a lost connection, never a reason to show.
 */
function invocationError(connection: HubConnectionLike, cause: unknown): AppError {
  return connection.state === HubConnectionState.Connected ? hubError(cause) : networkError(CONNECTION_LOST);
}

const CONNECTION_LOST = 'Die Verbindung zum Chat-Server wurde unterbrochen.';

/** The hub's code when the client's address holds too many live connections (HUB_MAX_CONNECTIONS_PER_ADDRESS). */
export const TOO_MANY_CONNECTIONS = 'TooManyConnectionsFromAddress';

/**
 * Why a start failed. The official client reports a refused negotiate as `Failed to complete negotiation with the
 * server: Error: <body>: Status code '429'` – the only place its status and the server's `{ Error, Message }` survive.
 * The address's connection cap becomes HttpError 429 `TooManyConnectionsFromAddress` with the server's German text, so
 * the apps can wait longer and say why; every other failure stays a network error.
 */
export function startError(cause: unknown): AppError {
  const message = cause instanceof Error ? cause.message : String(cause);
  const body = /(\{.*\}): Status code '429'/s.exec(message)?.[1];
  const decoded = body === undefined ? null : decodeJson(ErrorBody, body);
  if (decoded?._tag === 'Right' && decoded.right.Error === TOO_MANY_CONNECTIONS) return httpError(429, decoded.right.Error, decoded.right.Message);
  return networkError(message);
}

/** The client library wraps the error of the server's Close message in this English prefix. */
const SERVER_CLOSE_PREFIX = 'Server returned an error on close: ';

/** The server's own reason for closing, or null for every other end of the connection. */
function serverCloseReason(cause: unknown): string | null {
  if (!(cause instanceof Error) || !cause.message.startsWith(SERVER_CLOSE_PREFIX)) return null;
  const reason = cause.message.slice(SERVER_CLOSE_PREFIX.length).trim();
  return reason === '' ? null : reason;
}

/**
 * ChatHub adapter: one connection per instance, created on the first start(). A lost connection is reconnected by the
 * adapter itself (RECONNECT_DELAYS_MS): SignalR's built-in reconnect waits out each delay with a timer of its own,
 * which nothing can cut short when the network is back.
 */
export class SignalRChatHub implements ChatHub {
  private readonly state = new BehaviorSubject<ConnectionState>('disconnected');
  private readonly reconnected = new Subject<void>();
  private readonly messages = new Subject<ChatMessage>();
  private readonly notifications = new Subject<Notification>();
  private connection: HubConnectionLike | null = null;
  /** A start in progress; a second start() joins it (the client refuses to start twice). */
  private starting: Promise<Result<void>> | null = null;
  /** Set by the client's question whether to reconnect, read by the onclose that follows at once: the connection was lost. */
  private lost = false;
  /** The running reconnect (delays and attempts) until it is connected, gives up or stop() ends it. */
  private reconnecting: Subscription | null = null;
  /** The reconnect's attempt in flight: reconnectNow() joins it instead of starting a second. */
  private attempt: Promise<boolean> | null = null;
  /** reconnectNow(): the waiting reconnect makes its attempt now. */
  private readonly tryNow = new Subject<void>();
  /** The client asks this only where it would reconnect by itself; the adapter does it instead (see reconnect()). */
  private readonly reconnectPolicy: IRetryPolicy = {
    nextRetryDelayInMilliseconds: () => {
      this.lost = true;
      return null;
    },
  };

  readonly connectionState$: Observable<ConnectionState> = this.state.asObservable();
  readonly reconnected$: Observable<void> = this.reconnected.asObservable();
  readonly messages$: Observable<ChatMessage> = this.messages.asObservable();
  readonly notifications$: Observable<Notification> = this.notifications.asObservable();
  private readonly closedByServer = new Subject<string>();
  /**
   * The German reason the server gave when it closed this connection for good – the person's data erased, an access
   * link revoked; for a lawyer: account deactivated, password or second factor reset, sessions ended elsewhere –
   * never the client library's own English texts.
   */
  readonly closedByServer$: Observable<string> = this.closedByServer.asObservable();

  constructor(private readonly options: SignalRChatHubOptions) {}

  start(): Call<void> {
    return defer(() => {
      if (this.connection?.state === HubConnectionState.Connected) return of(ok(undefined));
      // During the reconnect a start is its next attempt, now.
      if (this.reconnecting !== null) return this.reconnectNow();
      return this.options.chatUrl().pipe(switchMap((url) => (url._tag === 'Left' ? of(url) : this.startConnection(url.right))));
    });
  }

  /**
   * Ends the connection on purpose (before a logout), quietly: the client logs a stop of its own at information level
   * only, and onclose gets no cause. A start still running is let finish first – stopped midway, the client would
   * report the aborted start as an error ("Failed to start the connection"). A reconnect ends with it.
   */
  stop(): Call<void> {
    return defer(() => {
      const connection = this.connection;
      if (connection === null) return of(ok(undefined));
      const running: Promise<unknown> = this.starting ?? this.attempt ?? Promise.resolve();
      this.endReconnect();
      return from(running).pipe(
        switchMap(() => this.settle(connection, connection.stop(), () => undefined)),
        // Stopped between two attempts, the client was down already and says nothing more.
        tap(() => this.state.value !== 'disconnected' && this.state.next('disconnected')),
      );
    });
  }

  reconnectNow(): Call<void> {
    return defer(() => {
      if (this.reconnecting === null) return of(ok(undefined));
      // The reconnect waits for its next delay (it takes the signal at once) or is in an attempt (joined).
      if (this.attempt === null) this.tryNow.next();
      const attempt = this.attempt;
      if (attempt === null) return of(ok(undefined));
      return from(attempt.then((connected): Result<void> => (connected ? ok(undefined) : err(networkError('Keine Verbindung zum Chat-Server.')))));
    });
  }

  ping(route: string): Call<void> {
    return this.fireAndForget('Ping', route);
  }

  startChat(request: StartChatRequest): Call<StartJoinResult> {
    return this.invoke(StartJoinResult, 'StartChat', request);
  }

  joinLatestChat(caseId: string): Call<StartJoinResult> {
    return this.invoke(StartJoinResult, 'JoinLatestChat', caseId);
  }

  sendMessage(chatId: string, text: string, clientId: string): Call<ChatMessage> {
    return this.invoke(ChatMessage, 'SendMessage', chatId, text, clientId);
  }

  closeChatByTimeout(chatId: string): Call<void> {
    return this.ensureConnection((c) => this.settle(c, c.invoke('CloseChatByTimeout', chatId), () => undefined));
  }

  sendTypingNotification(chatId: string): Call<void> {
    return this.fireAndForget('SendTypingNotification', chatId);
  }

  stayActive(chatId: string): Call<void> {
    return this.fireAndForget('StayActive', chatId);
  }

  private startConnection(baseUrl: string): Call<void> {
    const connection = this.connection ?? this.createConnection(`${baseUrl}${this.options.hubPath ?? 'signalr'}`);
    this.starting ??= connection
      .start()
      .then(
        (): Result<void> => {
          this.state.next('connected');
          return ok(undefined);
        },
        (cause: unknown): Result<void> => {
          // A failed start is rejected without a user message; it is only logged.
          this.options.logger.warn('Verbindung zum Chat-Server fehlgeschlagen', cause);
          this.state.next('disconnected');
          return err(startError(cause));
        },
      )
      .finally(() => {
        this.starting = null;
      });
    return from(this.starting);
  }

  private createConnection(hubUrl: string): HubConnectionLike {
    const connection = (this.options.connect ?? buildHubConnection)(hubUrl, this.reconnectPolicy);
    connection.on('DistributeMessage', (payload: unknown) => this.forward(ChatMessage, payload, this.messages, 'DistributeMessage'));
    connection.on('SendNotification', (payload: unknown) => this.forward(Notification, payload, this.notifications, 'SendNotification'));
    this.registerHandlers(connection);
    connection.onclose((cause) => {
      if (this.lost) {
        // Lost, not ended: the network went, the server timed out or restarts (Close with allowReconnect).
        this.lost = false;
        this.reconnect(connection);
        return;
      }
      if (cause) this.options.logger.warn('Chat-Verbindung geschlossen', cause);
      const reason = serverCloseReason(cause);
      if (reason !== null) this.closedByServer.next(reason);
      this.state.next('disconnected');
    });
    this.connection = connection;
    return connection;
  }

  /**
   * The automatic reconnect, as SignalR's own: the first attempt at once, each further one a delay after the one
   * before failed, connected (then reconnected$: the server forgot the connection) or, after the last delay, given up.
   * reconnectNow() makes the waiting attempt at once; when that one fails too, the wait goes on to where it was due,
   * so the online event never makes the reconnect later than the schedule.
   */
  private reconnect(connection: HubConnectionLike): void {
    this.endReconnect();
    this.state.next('reconnecting');
    const step = (delayMs: number): Observable<boolean> =>
      defer(() => {
        const due = Date.now() + delayMs;
        const waitThenTry = (): Observable<boolean> =>
          race(timer(Math.max(0, due - Date.now())), this.tryNow.pipe(take(1))).pipe(
            take(1),
            // The attempt is over once the reconnect goes on: no gap in which reconnectNow() would find neither.
            concatMap(() => from(this.attemptStart(connection)).pipe(tap(() => (this.attempt = null)))),
            concatMap((connected) => (connected || Date.now() >= due ? of(connected) : waitThenTry())),
          );
        return waitThenTry();
      });
    const run = new Subscription();
    this.reconnecting = run;
    run.add(
      concat(...(this.options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS).map(step))
        .pipe(first(Boolean, false))
        .subscribe((connected) => {
          this.reconnecting = null;
          if (!connected) {
            // Given up, as SignalR's reconnect gave up: quietly (each failed attempt was logged by the client).
            this.state.next('disconnected');
            return;
          }
          this.state.next('connected');
          this.reconnected.next();
        }),
    );
  }

  /** One attempt of the reconnect, kept while it runs so that reconnectNow() joins it. */
  private attemptStart(connection: HubConnectionLike): Promise<boolean> {
    const started = connection.state === HubConnectionState.Connected ? Promise.resolve() : connection.start();
    const attempt = started.then(
      () => true,
      () => false,
    );
    this.attempt = attempt;
    return attempt;
  }

  private endReconnect(): void {
    const running = this.reconnecting;
    this.reconnecting = null;
    this.attempt = null;
    running?.unsubscribe();
  }

  /** Extra server → client methods of a subclass (the lawyer hub's QueueChanged). */
  protected registerHandlers(connection: HubConnectionLike): void {
    void connection;
  }

  protected forward<A>(codec: t.Type<A, unknown, unknown>, payload: unknown, target: Subject<A>, method: string): void {
    const decoded = decode(codec, payload);
    if (decoded._tag === 'Right') target.next(decoded.right);
    else this.options.logger.error(`Ungültige Hub-Nachricht (${method})`, decoded.left);
  }

  protected invoke<A>(codec: t.Type<A, unknown, unknown>, method: string, ...args: unknown[]): Call<A> {
    return this.ensureConnection((c) =>
      from(
        c.invoke<unknown>(method, ...args).then(
          (value) => decode(codec, value),
          (cause: unknown) => err(invocationError(c, cause)),
        ),
      ),
    );
  }

  protected fireAndForget(method: string, ...args: unknown[]): Call<void> {
    return this.requireConnection((c) => this.settle(c, c.send(method, ...args), () => undefined));
  }

  protected settle<T, A>(connection: HubConnectionLike, promise: Promise<T>, project: (value: T) => A): Call<A> {
    return from(
      promise.then(
        (value) => ok(project(value)),
        (cause: unknown) => err(invocationError(connection, cause)),
      ),
    );
  }

  /**
   * For invocations that carry the participant's intent (start, join, send, close): a connection
   * that is not up yet or was closed is started first; during an automatic reconnect the call waits
   * for it. Only when that fails does the call fail, so a slow start never loses a StartChat.
   */
  protected ensureConnection<A>(use: (connection: HubConnectionLike) => Call<A>): Call<A> {
    return defer(() => {
      if (this.connection?.state === HubConnectionState.Connected) return use(this.connection);
      const ready: Call<void> = this.state.value === 'reconnecting' ? this.reconnectOutcome() : this.start();
      return ready.pipe(switchMap((result) => (result._tag === 'Left' ? of(result) : this.requireConnection(use))));
    });
  }

  private reconnectOutcome(): Call<void> {
    return this.state.pipe(
      filter((state) => state !== 'reconnecting'),
      take(1),
      timeout({ first: RECONNECT_WAIT_MS, with: () => of<ConnectionState>('disconnected') }),
      map((state): Result<void> => (state === 'connected' ? ok(undefined) : err(networkError('Keine Verbindung zum Chat-Server.')))),
    );
  }

  /** Fire-and-forget calls (Ping, typing) fail at once without a connection: they are worthless later. */
  private requireConnection<A>(use: (connection: HubConnectionLike) => Call<A>): Call<A> {
    return defer(() =>
      this.connection?.state === HubConnectionState.Connected ? use(this.connection) : of(err(networkError('Keine Verbindung zum Chat-Server.'))),
    );
  }
}
