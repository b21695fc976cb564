import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { HubConnectionState, type IRetryPolicy } from '@microsoft/signalr';
import { ok, type ChatMessage, type ConnectionState, type Notification } from '@rechtschat/core';
import { SignalRChatHub, hubError, type HubConnectionLike } from './signalrChatHub.adapter.js';
import { SignalRLawyerHub } from './signalrLawyerHub.adapter.js';

/** A stand-in for HubConnection that records calls and lets the test fire server events and lose the connection. */
class FakeConnection {
  state = HubConnectionState.Disconnected;
  readonly handlers = new Map<string, (payload: unknown) => void>();
  readonly invocations: Array<[string, unknown[]]> = [];
  /** The time (Date.now()) of every start: the first one and each attempt of the reconnect. */
  readonly startedAt: number[] = [];
  startResult: () => Promise<void> = () => Promise.resolve();
  invokeResult: (method: string) => Promise<unknown> = () => Promise.resolve(undefined);
  readonly closeHandlers: Array<(error?: Error) => void> = [];
  /** The policy the adapter built the connection with (as buildHubConnection passes it to the client). */
  reconnectPolicy: IRetryPolicy | null = null;
  /** The connection ends for good: every onclose callback runs, as in the official client. */
  closed = (error?: Error) => {
    this.state = HubConnectionState.Disconnected;
    this.closeHandlers.forEach((handler) => handler(error));
  };
  /**
   * The connection is lost (network gone, server time-out, Close with allowReconnect): the client asks its retry policy
   * whether to reconnect and, told no, closes – as HubConnection does with a policy that answers null.
   */
  lost = (error = new Error('WebSocket closed with status code: 1006 (no reason given).')) => {
    const delay = this.reconnectPolicy?.nextRetryDelayInMilliseconds({ previousRetryCount: 0, elapsedMilliseconds: 0, retryReason: error });
    expect(delay).toBeNull();
    this.closed(error);
  };

  start = () => {
    this.startedAt.push(Date.now());
    return this.startResult().then(() => void (this.state = HubConnectionState.Connected));
  };
  stop = () => Promise.resolve(void (this.state = HubConnectionState.Disconnected));
  invoke = <T>(method: string, ...args: unknown[]) => {
    this.invocations.push([method, args]);
    return this.invokeResult(method) as Promise<T>;
  };
  send = (method: string, ...args: unknown[]) => {
    this.invocations.push([method, args]);
    return Promise.resolve();
  };
  on = (name: string, handler: (payload: unknown) => void) => void this.handlers.set(name, handler);
  onclose = (cb: (error?: Error) => void) => void this.closeHandlers.push(cb);
}

function setup() {
  const fake = new FakeConnection();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const urls: string[] = [];
  const hub = new SignalRChatHub({
    chatUrl: () => of({ _tag: 'Right', right: 'http://chat.test/' }),
    logger,
    connect: (url, reconnectPolicy) => {
      urls.push(url);
      fake.reconnectPolicy = reconnectPolicy;
      return fake as unknown as HubConnectionLike;
    },
  });
  return { fake, hub, logger, urls };
}

/** Every state the hub reports from now on. */
function statesOf(hub: SignalRChatHub): ConnectionState[] {
  const states: ConnectionState[] = [];
  hub.connectionState$.subscribe((s) => states.push(s));
  return states;
}

const message: ChatMessage = { Id: 'm1', Message: 'Guten Tag', Type: 2, Author: { Id: 'l1', Name: 'Dr. Roth' }, Created: '2026-11-22T10:00:00Z' };

describe('SignalRChatHub', () => {
  it('should connect to {chat host}signalr and report the connected state', async () => {
    const { hub, urls } = setup();
    const states: ConnectionState[] = [];
    hub.connectionState$.subscribe((s) => states.push(s));
    expect(await firstValueFrom(hub.start())).toEqual({ _tag: 'Right', right: undefined });
    expect(urls).toEqual(['http://chat.test/signalr']);
    expect(states).toEqual(['disconnected', 'connected']);
  });

  it("should pass on the server's German reason when it ends a person's connection (data erased), not a lost connection", async () => {
    const { fake, hub } = setup();
    await firstValueFrom(hub.start());
    const reasons: string[] = [];
    hub.closedByServer$.subscribe((r) => reasons.push(r));
    fake.closed(new Error('WebSocket closed with status code: 1006 (no reason given).'));
    fake.closed(new Error('Server returned an error on close: Ihre Daten wurden auf Ihren Wunsch gelöscht.'));
    expect(reasons).toEqual(['Ihre Daten wurden auf Ihren Wunsch gelöscht.']);
  });

  it('should start the connection once when start() is called twice at the same time', async () => {
    const { hub, fake } = setup();
    const results = await Promise.all([firstValueFrom(hub.start()), firstValueFrom(hub.start())]);
    expect(results).toEqual([
      { _tag: 'Right', right: undefined },
      { _tag: 'Right', right: undefined },
    ]);
    expect(fake.startedAt).toHaveLength(1);
  });

  it('should answer a start failure as an error value and log it', async () => {
    const { hub, fake, logger } = setup();
    fake.startResult = () => Promise.reject(new Error('negotiate 503'));
    const result = await firstValueFrom(hub.start());
    expect(result).toEqual({ _tag: 'Left', left: { _tag: 'NetworkError', message: 'negotiate 503' } });
    expect(logger.warn).toHaveBeenCalled();
  });

  it('should decode DistributeMessage and SendNotification payloads and log undecodable ones', async () => {
    const { hub, fake, logger } = setup();
    await firstValueFrom(hub.start());
    const messages: ChatMessage[] = [];
    const notifications: Notification[] = [];
    hub.messages$.subscribe((m) => messages.push(m));
    hub.notifications$.subscribe((n) => notifications.push(n));
    fake.handlers.get('DistributeMessage')!(message);
    fake.handlers.get('DistributeMessage')!({ Id: 'broken' });
    fake.handlers.get('SendNotification')!({ ChatId: 'ch1', Type: 'Joined' });
    expect(messages).toEqual([message]);
    expect(notifications).toEqual([{ ChatId: 'ch1', Type: 'Joined' }]);
    expect(logger.error).toHaveBeenCalledWith('Ungültige Hub-Nachricht (DistributeMessage)', expect.objectContaining({ _tag: 'DecodeError' }));
  });

  it('should invoke SendMessage with chat id, text and client id and decode the stored message', async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    fake.invokeResult = () => Promise.resolve(message);
    expect(await firstValueFrom(hub.sendMessage('ch1', 'Guten Tag', 'client-1'))).toEqual({ _tag: 'Right', right: message });
    expect(fake.invocations).toEqual([['SendMessage', ['ch1', 'Guten Tag', 'client-1']]]);
  });

  it('should turn a hub exception into a HubError value', async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    fake.invokeResult = () => Promise.reject(new Error('Kein Zugriff auf diesen Fall.'));
    expect(await firstValueFrom(hub.joinLatestChat('c2'))).toEqual({
      _tag: 'Left',
      left: { _tag: 'HttpError', status: 0, code: 'HubError', message: 'Kein Zugriff auf diesen Fall.' },
    });
  });

  it('should decode the code and German message the server sends as the JSON text of { Error, Message }', async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    // What the official client makes of the completion {"type":3,"invocationId":"1","error":"{\"Error\":…}"}.
    const text = 'Dieser Chat wurde bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen.';
    fake.invokeResult = () => Promise.reject(new Error(JSON.stringify({ Error: 'ChatTaken', Message: text })));
    expect(await firstValueFrom(hub.joinLatestChat('c2'))).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 0, code: 'ChatTaken', message: text } });
  });

  it('should keep a completion error that is not a whole { Error, Message } object as the text of a HubError', () => {
    expect(hubError(new Error('{"Error":"ChatTaken"}'))).toEqual({ _tag: 'HttpError', status: 0, code: 'HubError', message: '{"Error":"ChatTaken"}' });
    expect(hubError(new Error('{kein JSON'))).toEqual({ _tag: 'HttpError', status: 0, code: 'HubError', message: '{kein JSON' });
    expect(hubError('Zu viele Nachrichten.')).toEqual({ _tag: 'HttpError', status: 0, code: 'HubError', message: 'Zu viele Nachrichten.' });
  });

  it("should report a call the lost connection cancelled as a NetworkError, not with the client library's English text", async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    fake.invokeResult = () => {
      // As the official client does on a server timeout: the connection goes down, then pending calls are rejected.
      fake.state = HubConnectionState.Reconnecting;
      return Promise.reject(new Error('Server timeout elapsed without receiving a message from the server.'));
    };
    expect(await firstValueFrom(hub.sendMessage('ch1', 'Guten Tag', 'client-1'))).toEqual({
      _tag: 'Left',
      left: { _tag: 'NetworkError', message: 'Die Verbindung zum Chat-Server wurde unterbrochen.' },
    });
  });

  it('should refuse calls while not connected instead of throwing', async () => {
    const { hub, fake } = setup();
    expect(await firstValueFrom(hub.ping('/chat/new'))).toMatchObject({ _tag: 'Left', left: { _tag: 'NetworkError' } });
    expect(fake.invocations).toEqual([]);
  });

  it('should start the connection first when StartChat is invoked before it is up', async () => {
    const { hub, fake } = setup();
    fake.invokeResult = () => Promise.resolve({ CaseId: 'c1', ChatId: 'ch1' });
    const request = {
      Description: 'Kündigung erhalten, was nun?',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 1,
      FieldOfLawLongName: 'Arbeitsrecht',
    };
    expect(await firstValueFrom(hub.startChat(request))).toEqual({ _tag: 'Right', right: { CaseId: 'c1', ChatId: 'ch1' } });
    expect(fake.state).toBe(HubConnectionState.Connected);
    expect(fake.invocations).toEqual([['StartChat', [request]]]);
  });
});

describe('SignalRChatHub reconnect', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A connected hub on fake timers (Date.now() starts at 0), the connection then lost. */
  async function lostConnection() {
    vi.useFakeTimers({ now: 0 });
    const world = setup();
    await firstValueFrom(world.hub.start());
    const states = statesOf(world.hub);
    let reconnects = 0;
    world.hub.reconnected$.subscribe(() => reconnects++);
    return { ...world, states, reconnects: () => reconnects };
  }

  it('should reconnect a lost connection at once, report reconnecting, then connected and a reconnected event', async () => {
    const { fake, states, reconnects, logger } = await lostConnection();
    fake.lost();
    expect(states).toEqual(['connected', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.startedAt).toEqual([0, 0]);
    expect(states).toEqual(['connected', 'reconnecting', 'connected']);
    expect(reconnects()).toBe(1);
    // Lost is no error of the user's: nothing is logged as a warning.
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('should try after 0, 2, 10 and 30 s and then give up as disconnected', async () => {
    const { fake, states, reconnects } = await lostConnection();
    fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
    fake.lost();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.startedAt).toEqual([0, 0, 2_000, 12_000, 42_000]);
    expect(states).toEqual(['connected', 'reconnecting', 'disconnected']);
    expect(reconnects()).toBe(0);
  });

  it('should not reconnect a connection the server ended for good', async () => {
    const { fake, states, logger } = await lostConnection();
    fake.closed(new Error('Server returned an error on close: Ihre Sitzung ist abgelaufen.'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.startedAt).toEqual([0]);
    expect(states).toEqual(['connected', 'disconnected']);
    expect(logger.warn).toHaveBeenCalledWith('Chat-Verbindung geschlossen', expect.any(Error));
  });

  it('should make the waiting attempt at once on reconnectNow (the network is back) instead of after the 30 s delay', async () => {
    const { hub, fake, states, reconnects } = await lostConnection();
    fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
    fake.lost();
    await vi.advanceTimersByTimeAsync(14_000);
    expect(fake.startedAt).toEqual([0, 0, 2_000, 12_000]);
    fake.startResult = () => Promise.resolve();
    expect(await firstValueFrom(hub.reconnectNow())).toEqual({ _tag: 'Right', right: undefined });
    expect(fake.startedAt).toEqual([0, 0, 2_000, 12_000, 14_000]);
    expect(states).toEqual(['connected', 'reconnecting', 'connected']);
    expect(reconnects()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.startedAt).toHaveLength(5);
  });

  it('should join the attempt that runs instead of starting a second one', async () => {
    const { hub, fake, reconnects } = await lostConnection();
    let finishAttempt = () => undefined as void;
    fake.startResult = () => new Promise<void>((resolve) => (finishAttempt = resolve));
    fake.lost();
    await vi.advanceTimersByTimeAsync(0);
    const joined = [firstValueFrom(hub.reconnectNow()), firstValueFrom(hub.reconnectNow()), firstValueFrom(hub.start())];
    expect(fake.startedAt).toEqual([0, 0]);
    finishAttempt();
    expect(await Promise.all(joined)).toEqual([ok(undefined), ok(undefined), ok(undefined)]);
    expect(fake.startedAt).toEqual([0, 0]);
    expect(reconnects()).toBe(1);
  });

  it('should keep the schedule when the early attempt fails too: the next one comes when it was due, not a whole delay later', async () => {
    const { hub, fake, states } = await lostConnection();
    fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
    fake.lost();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await firstValueFrom(hub.reconnectNow())).toMatchObject({ _tag: 'Left', left: { _tag: 'NetworkError' } });
    expect(states.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(40_000);
    expect(fake.startedAt).toEqual([0, 0, 2_000, 12_000, 20_000, 42_000]);
    expect(states.at(-1)).toBe('disconnected');
  });

  it('should not start anything on reconnectNow while connected or after stop()', async () => {
    const { hub, fake, states } = await lostConnection();
    expect(await firstValueFrom(hub.reconnectNow())).toEqual(ok(undefined));
    fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
    fake.lost();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await firstValueFrom(hub.stop())).toEqual(ok(undefined));
    expect(await firstValueFrom(hub.reconnectNow())).toEqual(ok(undefined));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.startedAt).toEqual([0, 0, 2_000]);
    expect(states).toEqual(['connected', 'reconnecting', 'disconnected']);
  });

  it('should let a message wait for a running reconnect and send it once reconnected', async () => {
    const { hub, fake } = await lostConnection();
    fake.invokeResult = () => Promise.resolve(message);
    fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
    fake.lost();
    await vi.advanceTimersByTimeAsync(1_000);
    const sent = firstValueFrom(hub.sendMessage('ch1', 'Guten Tag', 'client-1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.invocations).toEqual([]);
    fake.startResult = () => Promise.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await sent).toEqual({ _tag: 'Right', right: message });
    expect(fake.invocations).toEqual([['SendMessage', ['ch1', 'Guten Tag', 'client-1']]]);
  });

  it('should fail a waiting message as a NetworkError when the reconnect gives up', async () => {
    const { hub, fake } = await lostConnection();
    fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
    fake.lost();
    await vi.advanceTimersByTimeAsync(12_500);
    const sent = firstValueFrom(hub.sendMessage('ch1', 'Guten Tag', 'client-1'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await sent).toMatchObject({ _tag: 'Left', left: { _tag: 'NetworkError' } });
    expect(fake.invocations).toEqual([]);
  });
});

describe('SignalRLawyerHub', () => {
  function lawyerHub() {
    const fake = new FakeConnection();
    const hub = new SignalRLawyerHub({
      chatUrl: () => of({ _tag: 'Right', right: 'http://chat.test/' }),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      connect: (_url, reconnectPolicy) => {
        fake.reconnectPolicy = reconnectPolicy;
        return fake as unknown as HubConnectionLike;
      },
    });
    return { fake, hub };
  }

  it('should pass on the id of a case file its client changed, and drop a CaseFileChanged without a string id', async () => {
    const { fake, hub } = lawyerHub();
    await firstValueFrom(hub.start());
    const changed: string[] = [];
    hub.caseFileChanged$.subscribe((id) => changed.push(id));
    fake.handlers.get('CaseFileChanged')?.('cf-1');
    fake.handlers.get('CaseFileChanged')?.(42);
    fake.handlers.get('CaseFileChanged')?.(undefined);
    expect(changed).toEqual(['cf-1']);
  });

  it('should pass on the ids of erased chat cases, and drop a CasesErased that is not a list of string ids', async () => {
    const { fake, hub } = lawyerHub();
    await firstValueFrom(hub.start());
    const erased: (readonly string[])[] = [];
    hub.casesErased$.subscribe((ids) => erased.push(ids));
    fake.handlers.get('CasesErased')?.(['case-1', 'case-2']);
    fake.handlers.get('CasesErased')?.('case-3');
    fake.handlers.get('CasesErased')?.(['case-4', 4]);
    expect(erased).toEqual([['case-1', 'case-2']]);
  });

  it("should pass on the server's German reason for closing, and nothing for a lost connection or the library's texts", async () => {
    const { fake, hub } = lawyerHub();
    await firstValueFrom(hub.start());
    const reasons: string[] = [];
    const states: ConnectionState[] = [];
    hub.closedByServer$.subscribe((r) => reasons.push(r));
    hub.connectionState$.subscribe((s) => states.push(s));
    fake.closed(new Error('WebSocket closed with status code: 1006 (no reason given).'));
    fake.closed();
    fake.closed(new Error('Server returned an error on close: Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.'));
    expect(reasons).toEqual(['Ihr Zugang wurde deaktiviert. Bitte wenden Sie sich an die Administration Ihrer Kanzlei.']);
    // The base hub's own handling of the end still runs beside it.
    expect(states.at(-1)).toBe('disconnected');
  });

  it('should reconnect, not pass on a reason, when the server closes with a reason but allows the reconnect (its client time-out)', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const { fake, hub } = lawyerHub();
      await firstValueFrom(hub.start());
      const reasons: string[] = [];
      const states = statesOf(hub);
      hub.closedByServer$.subscribe((r) => reasons.push(r));
      fake.startResult = () => Promise.reject(new Error('Failed to fetch'));
      fake.lost(new Error('Server returned an error on close: Connection timed out.'));
      await vi.advanceTimersByTimeAsync(5_000);
      fake.startResult = () => Promise.resolve();
      // The laptop woke up: the console tries at once.
      expect(await firstValueFrom(hub.reconnectNow())).toEqual(ok(undefined));
      expect(fake.startedAt).toEqual([0, 0, 2_000, 5_000]);
      expect(reasons).toEqual([]);
      expect(states).toEqual(['connected', 'reconnecting', 'connected']);
    } finally {
      vi.useRealTimers();
    }
  });
});
