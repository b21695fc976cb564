// @vitest-environment jsdom
// The console tabs' channel in the browser: a BroadcastChannel where there is one, otherwise the storage event.
import { describe, expect, it } from 'vitest';
import type { SessionTabMessage } from '@rechtschat/core';
import { SESSION_TABS_CHANNEL, createBrowserSessionTabs } from './browserSessionTabs.adapter.js';

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

  it('should fall back to the storage event where the browser has no BroadcastChannel', () => {
    const win = { addEventListener: window.addEventListener.bind(window), removeEventListener: window.removeEventListener.bind(window), localStorage };
    const tab = createBrowserSessionTabs(win);
    const heard: SessionTabMessage[] = [];
    const subscription = tab.messages$.subscribe(record(heard));
    // This tab's write, as another tab of the origin sees it.
    tab.post({ type: 'signedOut', reason: 'absolute' });
    const written = localStorage.getItem(SESSION_TABS_CHANNEL);
    expect(JSON.parse(written ?? 'null')).toMatchObject({ type: 'signedOut', reason: 'absolute' });
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_TABS_CHANNEL, newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'another.key', newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_TABS_CHANNEL, newValue: 'not json' }));
    expect(heard).toEqual([{ type: 'signedOut', reason: 'absolute' }]);
    // The same message again is a new value: the others hear it again.
    tab.post({ type: 'signedOut', reason: 'absolute' });
    expect(localStorage.getItem(SESSION_TABS_CHANNEL)).not.toBe(written);
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
});
