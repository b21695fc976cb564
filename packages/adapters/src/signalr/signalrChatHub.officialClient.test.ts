/// <reference types="node" />
// The hub adapter with the official @microsoft/signalr client (its real builder and reconnect policy)
// against a small long-polling hub, so the wire format and the reconnect path are exercised for real.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filter, firstValueFrom, of, take, toArray } from 'rxjs';
import type { ChatMessage, ConnectionState, Logger } from '@rechtschat/core';
import { startLongPollingHub, type LongPollingHubServer } from '../../test/support/longPollingHubServer.js';
import { SignalRChatHub } from './signalrChatHub.adapter.js';

const stored: ChatMessage = {
  Id: 'm1',
  Message: 'Guten Tag',
  Type: 2,
  Author: { Id: 'p1', Name: 'Teilnehmer' },
  Created: '2026-11-22T10:00:00Z',
  ClientId: 'k1',
};

describe('SignalRChatHub with the official client', () => {
  let server: LongPollingHubServer;
  let hub: SignalRChatHub;
  let logger: Logger;

  beforeEach(async () => {
    server = await startLongPollingHub('/signalr', (target, args) => {
      if (target === 'SendMessage') return { result: { ...stored, ChatId: args[0], Message: args[1], ClientId: args[2] } };
      if (target === 'JoinLatestChat') return { error: 'Kein Zugriff auf diesen Fall.' };
      return { result: null };
    });
    logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    hub = new SignalRChatHub({ chatUrl: () => of({ _tag: 'Right', right: server.baseUrl }), logger });
  });

  afterEach(async () => {
    await firstValueFrom(hub.stop());
    await server.close();
    vi.restoreAllMocks();
  });

  it('should connect to {chat host}signalr, invoke SendMessage and decode the stored message', async () => {
    expect(await firstValueFrom(hub.start())).toEqual({ _tag: 'Right', right: undefined });
    const result = await firstValueFrom(hub.sendMessage('ch1', 'Hallo Frau Roth', 'k9'));
    expect(result).toEqual({ _tag: 'Right', right: { ...stored, ChatId: 'ch1', Message: 'Hallo Frau Roth', ClientId: 'k9' } });
    expect(server.received).toContainEqual({ target: 'SendMessage', args: ['ch1', 'Hallo Frau Roth', 'k9'] });
  });

  it('should turn a hub exception into an error value', async () => {
    await firstValueFrom(hub.start());
    const result = await firstValueFrom(hub.joinLatestChat('c2'));
    expect(result._tag === 'Left' && result.left).toMatchObject({
      _tag: 'HttpError',
      code: 'HubError',
      message: expect.stringContaining('Kein Zugriff auf diesen Fall.'),
    });
  });

  it('should deliver DistributeMessage payloads and log those that do not decode', async () => {
    await firstValueFrom(hub.start());
    const next = firstValueFrom(hub.messages$);
    server.push('DistributeMessage', { Id: 'kaputt' });
    server.push('DistributeMessage', stored);
    expect(await next).toEqual(stored);
    expect(logger.error).toHaveBeenCalledWith('Ungültige Hub-Nachricht (DistributeMessage)', expect.objectContaining({ _tag: 'DecodeError' }));
  });

  it('should end a live connection on an intentional stop without an error or warning in the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const consoleWarn = vi.spyOn(console, 'warn');
    await firstValueFrom(hub.start());
    expect(await firstValueFrom(hub.stop())).toEqual({ _tag: 'Right', right: undefined });
    expect(await firstValueFrom(hub.connectionState$)).toBe('disconnected');
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('should let a start still running finish before an intentional stop, so no aborted start is reported as an error', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const started = firstValueFrom(hub.start());
    const stopped = firstValueFrom(hub.stop());
    expect(await started).toEqual({ _tag: 'Right', right: undefined });
    expect(await stopped).toEqual({ _tag: 'Right', right: undefined });
    expect(await firstValueFrom(hub.connectionState$)).toBe('disconnected');
    expect(consoleError).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('should still report a connection the server closes with an error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await firstValueFrom(hub.start());
    const disconnected = firstValueFrom(hub.connectionState$.pipe(filter((state) => state === 'disconnected')));
    server.closeWithError('Die Verbindung wurde wegen einer ungültigen Nachricht getrennt.');
    await disconnected;
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Die Verbindung wurde wegen einer ungültigen Nachricht getrennt.'));
    expect(logger.warn).toHaveBeenCalledWith('Chat-Verbindung geschlossen', expect.any(Error));
  });

  it('should reconnect on its own after the server ended the connection and announce it on reconnected$', async () => {
    await firstValueFrom(hub.start());
    const states = firstValueFrom(hub.connectionState$.pipe(take(3), toArray()));
    const reconnected = firstValueFrom(hub.reconnected$);
    server.drop();
    await reconnected;
    expect(await states).toEqual<ConnectionState[]>(['connected', 'reconnecting', 'connected']);
    expect(server.negotiations()).toBe(2);
  });

  it('should reconnect after a Close that allows it (the server timed the client out), without warning', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await firstValueFrom(hub.start());
    const states = firstValueFrom(hub.connectionState$.pipe(take(3), toArray()));
    const reconnected = firstValueFrom(hub.reconnected$);
    server.closeAllowingReconnect('Die Verbindung hat zu lange geschwiegen.');
    await reconnected;
    expect(await states).toEqual<ConnectionState[]>(['connected', 'reconnecting', 'connected']);
    expect(server.negotiations()).toBe(2);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('should make the waiting attempt at once on reconnectNow, also after an early attempt that failed', async () => {
    // The client logs the refused negotiation as an error.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await firstValueFrom(hub.stop());
    // The first attempt a minute after the loss: only reconnectNow() can be what reconnects within the test's time.
    hub = new SignalRChatHub({ chatUrl: () => of({ _tag: 'Right', right: server.baseUrl }), logger, reconnectDelaysMs: [60_000] });
    await firstValueFrom(hub.start());
    const reconnecting = firstValueFrom(hub.connectionState$.pipe(filter((state) => state === 'reconnecting')));
    server.drop();
    await reconnecting;
    server.refuseNegotiations(true);
    expect(await firstValueFrom(hub.reconnectNow())).toMatchObject({ _tag: 'Left', left: { _tag: 'NetworkError' } });
    expect(await firstValueFrom(hub.connectionState$)).toBe('reconnecting');
    server.refuseNegotiations(false);
    const reconnected = firstValueFrom(hub.reconnected$);
    expect(await firstValueFrom(hub.reconnectNow())).toEqual({ _tag: 'Right', right: undefined });
    await reconnected;
    expect(await firstValueFrom(hub.connectionState$)).toBe('connected');
    expect(server.negotiations()).toBe(2);
    const result = await firstValueFrom(hub.sendMessage('ch1', 'Wieder da', 'k2'));
    expect(result).toMatchObject({ _tag: 'Right', right: { Message: 'Wieder da', ClientId: 'k2' } });
  });

  it('should report the address connection cap at negotiate as HttpError 429 TooManyConnectionsFromAddress with the German text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Message = 'Von Ihrem Netzwerk aus bestehen zu viele gleichzeitige Verbindungen. Bitte versuchen Sie es später erneut.';
    server.refuseNegotiations({ status: 429, body: { Error: 'TooManyConnectionsFromAddress', Message } });
    expect(await firstValueFrom(hub.start())).toEqual({
      _tag: 'Left',
      left: { _tag: 'HttpError', status: 429, code: 'TooManyConnectionsFromAddress', message: Message },
    });
    server.refuseNegotiations({ status: 429, body: { Error: 'TooManyRequests', Message: 'Zu viele Anfragen.' } });
    expect(await firstValueFrom(hub.start())).toMatchObject({ _tag: 'Left', left: { _tag: 'NetworkError' } });
  });
});
