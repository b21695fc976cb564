import { describe, expect, it, vi } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { HubConnectionState } from '@microsoft/signalr';
import type { ChatMessage, ConnectionState, Notification } from '@rechtschat/core';
import { SignalRChatHub, hubError, type HubConnectionLike } from './signalrChatHub.adapter.js';
import { SignalRLawyerHub } from './signalrLawyerHub.adapter.js';

/** A stand-in for HubConnection that records calls and lets the test fire server events. */
class FakeConnection {
  state = HubConnectionState.Disconnected;
  readonly handlers = new Map<string, (payload: unknown) => void>();
  readonly invocations: Array<[string, unknown[]]> = [];
  startResult: Promise<void> = Promise.resolve();
  invokeResult: (method: string) => Promise<unknown> = () => Promise.resolve(undefined);
  reconnecting: () => void = () => undefined;
  reconnected: () => void = () => undefined;
  readonly closeHandlers: Array<(error?: Error) => void> = [];
  /** The connection ends: every onclose callback runs, as in the official client. */
  closed = (error?: Error) => this.closeHandlers.forEach((handler) => handler(error));

  start = () => this.startResult.then(() => void (this.state = HubConnectionState.Connected));
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
  onreconnecting = (cb: () => void) => void (this.reconnecting = cb);
  onreconnected = (cb: () => void) => void (this.reconnected = cb);
  onclose = (cb: (error?: Error) => void) => void this.closeHandlers.push(cb);
}

function setup() {
  const fake = new FakeConnection();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const urls: string[] = [];
  const hub = new SignalRChatHub({
    chatUrl: () => of({ _tag: 'Right', right: 'http://chat.test/' }),
    logger,
    connect: (url) => {
      urls.push(url);
      return fake as unknown as HubConnectionLike;
    },
  });
  return { fake, hub, logger, urls };
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

  it('should start the connection once when start() is called twice at the same time', async () => {
    const { hub, fake } = setup();
    let starts = 0;
    const start = fake.start;
    fake.start = () => {
      starts++;
      return start();
    };
    const results = await Promise.all([firstValueFrom(hub.start()), firstValueFrom(hub.start())]);
    expect(results).toEqual([
      { _tag: 'Right', right: undefined },
      { _tag: 'Right', right: undefined },
    ]);
    expect(starts).toBe(1);
  });

  it('should answer a start failure as an error value and log it', async () => {
    const { hub, fake, logger } = setup();
    fake.startResult = Promise.reject(new Error('negotiate 503'));
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

  it('should report reconnecting, then connected and a reconnected event', async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    const states: ConnectionState[] = [];
    let reconnects = 0;
    hub.connectionState$.subscribe((s) => states.push(s));
    hub.reconnected$.subscribe(() => reconnects++);
    fake.reconnecting();
    fake.reconnected();
    fake.closed(new Error('weg'));
    expect(states).toEqual(['connected', 'reconnecting', 'connected', 'disconnected']);
    expect(reconnects).toBe(1);
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

  it('should let a message wait for a running automatic reconnect and send it once reconnected', async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    fake.invokeResult = () => Promise.resolve(message);
    fake.state = HubConnectionState.Reconnecting;
    fake.reconnecting();
    const sent = firstValueFrom(hub.sendMessage('ch1', 'Guten Tag', 'client-1'));
    await Promise.resolve();
    expect(fake.invocations).toEqual([]);
    fake.state = HubConnectionState.Connected;
    fake.reconnected();
    expect(await sent).toEqual({ _tag: 'Right', right: message });
    expect(fake.invocations).toEqual([['SendMessage', ['ch1', 'Guten Tag', 'client-1']]]);
  });

  it('should fail a waiting message as a NetworkError when the reconnect gives up', async () => {
    const { hub, fake } = setup();
    await firstValueFrom(hub.start());
    fake.state = HubConnectionState.Reconnecting;
    fake.reconnecting();
    const sent = firstValueFrom(hub.sendMessage('ch1', 'Guten Tag', 'client-1'));
    fake.state = HubConnectionState.Disconnected;
    fake.closed(new Error('aufgegeben'));
    expect(await sent).toMatchObject({ _tag: 'Left', left: { _tag: 'NetworkError' } });
    expect(fake.invocations).toEqual([]);
  });
});

describe('SignalRLawyerHub', () => {
  it("should pass on the server's German reason for closing, and nothing for a lost connection or the library's texts", async () => {
    const fake = new FakeConnection();
    const hub = new SignalRLawyerHub({
      chatUrl: () => of({ _tag: 'Right', right: 'http://chat.test/' }),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      connect: () => fake as unknown as HubConnectionLike,
    });
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
});
