// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createSessionStorage } from './sessionStorage.adapter.js';
import { BrowserWindow } from './browserWindow.adapter.js';
import { createBrowserNetworkStatus } from './browserNetwork.adapter.js';
import { createConsoleLogger } from './consoleLogger.js';
import { createCryptoIdSource } from './cryptoIdSource.js';

const silentLogger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('session storage adapter', () => {
  it('should store, read and remove values in sessionStorage', () => {
    const storage = createSessionStorage();
    storage.set('chat.caseId', 'c1');
    expect(window.sessionStorage.getItem('chat.caseId')).toBe('c1');
    expect(storage.get('chat.caseId')).toBe('c1');
    storage.remove('chat.caseId');
    expect(storage.get('chat.caseId')).toBeNull();
  });

  it('should degrade to "nothing stored" when storage is unavailable', () => {
    const storage = createSessionStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => storage.set('k', 'v')).not.toThrow();
    expect(storage.get('k')).toBeNull();
  });
});

describe('browser network status', () => {
  it('should start with navigator.onLine, follow the offline and online events and stop listening on unsubscribe', () => {
    const seen: boolean[] = [];
    const subscription = createBrowserNetworkStatus().online$.subscribe((online) => seen.push(online));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    subscription.unsubscribe();
    window.dispatchEvent(new Event('offline'));
    expect(navigator.onLine).toBe(true);
    expect(seen).toEqual([true, false, true]);
  });
});

describe('BrowserWindow', () => {
  it('should read and write the document title', () => {
    const port = new BrowserWindow({ logger: silentLogger() });
    port.setTitle('Neue Nachricht');
    expect(document.title).toBe('Neue Nachricht');
    expect(port.getTitle()).toBe('Neue Nachricht');
    port.dispose();
  });

  it('should follow focus and blur events of the window', () => {
    const port = new BrowserWindow({ logger: silentLogger() });
    const seen: boolean[] = [];
    const subscription = port.focused$.subscribe((value) => seen.push(value));
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    expect(seen.slice(-2)).toEqual([false, true]);
    expect(port.isFocused()).toBe(true);
    subscription.unsubscribe();
    port.dispose();
  });

  it('should follow the visibility of the page (a tab in the background, a suspended phone tab) until disposed', () => {
    let state: DocumentVisibilityState = 'visible';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const port = new BrowserWindow({ logger: silentLogger() });
    const seen: boolean[] = [];
    port.visible$.subscribe((value) => seen.push(value));
    const change = (next: DocumentVisibilityState) => {
      state = next;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    change('hidden');
    change('hidden');
    change('visible');
    port.dispose();
    change('hidden');
    expect(seen).toEqual([true, false, true]);
    visibility.mockRestore();
  });

  it('should log, not throw, when the notification sound cannot play', async () => {
    const logger = silentLogger();
    const port = new BrowserWindow({
      logger,
      createAudioContext: () => {
        throw new Error('kein Audio');
      },
    });
    expect(() => port.playNotificationSound()).not.toThrow();
    await Promise.resolve();
    expect(logger.warn).toHaveBeenCalledWith('Benachrichtigungston konnte nicht abgespielt werden', expect.any(Error));
    port.dispose();
  });

  it('should schedule two short tones on the audio context', async () => {
    const started: number[] = [];
    const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() });
    const context = {
      state: 'running',
      currentTime: 1,
      destination: {},
      createGain: () => ({ gain: param(), connect: (target: unknown) => target }),
      createOscillator: () => ({ type: '', frequency: param(), connect: (target: unknown) => target, start: (at: number) => started.push(at), stop: vi.fn() }),
    };
    const logger = silentLogger();
    const port = new BrowserWindow({ logger, createAudioContext: () => context as unknown as AudioContext });
    port.playNotificationSound();
    await Promise.resolve();
    expect(started).toEqual([1, 1.15]);
    expect(logger.warn).not.toHaveBeenCalled();
    port.dispose();
  });
});

describe('console logger and id source', () => {
  it('should prefix log lines and pass data along', () => {
    const target = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    createConsoleLogger(target).error('Konfiguration konnte nicht geladen werden', { status: 500 });
    expect(target.error).toHaveBeenCalledWith('[rechtschat] Konfiguration konnte nicht geladen werden', { status: 500 });
  });

  it('should hand out the ids of crypto.randomUUID', () => {
    const ids = createCryptoIdSource({ randomUUID: () => '00000000-0000-4000-8000-000000000001' });
    expect(ids.next()).toBe('00000000-0000-4000-8000-000000000001');
    expect(createCryptoIdSource().next()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
