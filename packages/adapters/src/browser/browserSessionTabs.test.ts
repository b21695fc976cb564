// @vitest-environment jsdom
// The console tabs' channel in the browser: a BroadcastChannel where there is one, otherwise the storage event.
import { describe, expect, it } from 'vitest';
import type { ChatTabMessage, SessionTabMessage } from '@rechtschat/core';
import { CHAT_TABS_CHANNEL, SESSION_TABS_CHANNEL, createBrowserChatTabs, createBrowserSessionTabs } from './browserSessionTabs.adapter.js';

/** BroadcastChannel between the instances of one test, delivering to every other instance of the same name. */
function fakeBroadcastChannels() {
  const open = new Set<FakeChannel>();
  class FakeChannel extends EventTarget {
    constructor(readonly name: string) {
      super();
      open.add(this);
    }
    postMessage(data: unknown) {
      for (const other of open) if (other !== this && other.name === this.name) other.dispatchEvent(new MessageEvent('message', { data }));
    }
    close() {
      open.delete(this);
    }
  }
  return { BroadcastChannel: FakeChannel as unknown as typeof BroadcastChannel, open };
}

const record = (messages: SessionTabMessage[]) => (message: SessionTabMessage) => void messages.push(message);

describe('browser session tabs', () => {
  it('should carry activity and sign-outs to the other tabs over a BroadcastChannel, not back to the sender, and ignore foreign messages', () => {
    const { BroadcastChannel, open } = fakeBroadcastChannels();
    const win = { BroadcastChannel, addEventListener: () => undefined, removeEventListener: () => undefined };
    const tabA = createBrowserSessionTabs(win);
    const tabB = createBrowserSessionTabs(win);
    const heardByA: SessionTabMessage[] = [];
    const heardByB: SessionTabMessage[] = [];
    tabA.messages$.subscribe(record(heardByA));
    tabB.messages$.subscribe(record(heardByB));
    tabA.post({ type: 'activity', at: 1_000 });
    tabA.post({ type: 'signedOut', reason: 'idle' });
    new BroadcastChannel(SESSION_TABS_CHANNEL).postMessage({ type: 'somethingElse' });
    expect(heardByB).toEqual([
      { type: 'activity', at: 1_000 },
      { type: 'signedOut', reason: 'idle' },
    ]);
    expect(heardByA).toEqual([]);
    tabA.close();
    tabB.close();
    expect(open.size).toBe(1);
    expect(() => tabA.post({ type: 'activity', at: 2_000 })).not.toThrow();
  });

  it('should fall back to the storage event where the browser has no BroadcastChannel, and leave nothing in storage', () => {
    const writes: string[] = [];
    const recordingStorage = {
      setItem: (key: string, value: string) => {
        if (key === SESSION_TABS_CHANNEL) writes.push(value);
        localStorage.setItem(key, value);
      },
      removeItem: (key: string) => localStorage.removeItem(key),
    } as unknown as Storage;
    const win = {
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      localStorage: recordingStorage,
    };
    const tab = createBrowserSessionTabs(win);
    const heard: SessionTabMessage[] = [];
    const subscription = tab.messages$.subscribe(record(heard));
    // This tab's write, as another tab of the origin sees it.
    tab.post({ type: 'signedOut', reason: 'absolute' });
    const written = writes[0] ?? null;
    expect(JSON.parse(written ?? 'null')).toMatchObject({ type: 'signedOut', reason: 'absolute' });
    // Removed right after the write: nothing stays in the browser profile (a chat tab's message carries a phone number).
    expect(localStorage.getItem(SESSION_TABS_CHANNEL)).toBeNull();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_TABS_CHANNEL, newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'another.key', newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_TABS_CHANNEL, newValue: 'not json' }));
    expect(heard).toEqual([{ type: 'signedOut', reason: 'absolute' }]);
    // The same message again is a new value: the others hear it again.
    tab.post({ type: 'signedOut', reason: 'absolute' });
    expect(writes).toHaveLength(2);
    expect(writes[1]).not.toBe(written);
    subscription.unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_TABS_CHANNEL, newValue: written }));
    expect(heard).toHaveLength(1);
    localStorage.clear();
  });

  it('should leave the tab alone when storage is denied', () => {
    const win = {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const tab = createBrowserSessionTabs(win);
    expect(() => tab.post({ type: 'activity', at: 1 })).not.toThrow();
    const heard: SessionTabMessage[] = [];
    tab.messages$.subscribe(record(heard));
    expect(heard).toEqual([]);
  });

  // The client's chat open in two tabs: the second stops asking for a callback number the first saved.
  it("should carry a saved callback number to the chat's other tabs on their own channel, by BroadcastChannel or the storage event", () => {
    const { BroadcastChannel } = fakeBroadcastChannels();
    const win = { BroadcastChannel, addEventListener: () => undefined, removeEventListener: () => undefined };
    const [tabA, tabB] = [createBrowserChatTabs(win), createBrowserChatTabs(win)];
    const console = createBrowserSessionTabs(win);
    const heardByB: ChatTabMessage[] = [];
    const heardByConsole: SessionTabMessage[] = [];
    tabB.messages$.subscribe((message) => void heardByB.push(message));
    console.messages$.subscribe(record(heardByConsole));
    const saved: ChatTabMessage = { type: 'secondLevelPhoneSaved', caseId: 'case-1', phone: '030 12345678' };
    tabA.post(saved);
    new BroadcastChannel(CHAT_TABS_CHANNEL).postMessage({ type: 'secondLevelPhoneSaved', caseId: 'case-1' });
    expect(heardByB).toEqual([saved]);
    expect(heardByConsole).toEqual([]);

    // No BroadcastChannel: the storage event of the window.
    const writes: string[] = [];
    const fallback = createBrowserChatTabs({
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      localStorage: {
        setItem: (key: string, value: string) => {
          writes.push(value);
          localStorage.setItem(key, value);
        },
        removeItem: (key: string) => localStorage.removeItem(key),
      } as unknown as Storage,
    });
    const heard: ChatTabMessage[] = [];
    fallback.messages$.subscribe((message) => void heard.push(message));
    fallback.post(saved);
    window.dispatchEvent(new StorageEvent('storage', { key: CHAT_TABS_CHANNEL, newValue: writes[0] ?? null }));
    expect(heard).toEqual([saved]);
    // The phone number does not stay in the browser profile once the other tabs have their event.
    expect(localStorage.getItem(CHAT_TABS_CHANNEL)).toBeNull();
    localStorage.clear();
  });
});
