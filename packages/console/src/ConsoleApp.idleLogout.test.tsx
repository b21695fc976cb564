// @vitest-environment jsdom
// SECURITY.md C5 / WCAG 2.2.1 in the console, on fake timers (the console's scheduler is RxJS's asyncScheduler): two
// minutes before the counted idle end an alert dialog takes the focus, „Angemeldet bleiben“ and Escape keep the
// session with a real request (whoami), „Jetzt abmelden“ signs out, and a run-out countdown leads to the login, which says why.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './ConsoleApp.js';
import { createI18n } from './i18n/i18n.js';
import { consoleOnFakeClock } from './testSupport/fakeClock.js';
import { CHAT, WEB, fakeConnection, fakeFetch, me, focusedWindow, noPreferences, otherTabs } from './testSupport/fakes.js';

const MIN = 60_000;
/** „Nur meine“ on the Rückrufe screen, kept with the id of the lawyer who switched it on (CallbacksScreen.tsx). */
const ONLY_MINE_KEY = 'rc.console.callbacks.onlyMine';
/** What the tab keeps for the lawyer besides the drafts, forgotten with them at „Abmelden“: the view shown (core tabMemorySlice `selectionKey`). */
const SELECTION_KEY = `rc.console.selection.${me.Id}`;

const advance = consoleOnFakeClock();
const dialog = () => screen.queryByRole('alertdialog');

async function signedInConsole({ resumed = true } = {}) {
  let signedIn = resumed;
  const tabs = otherTabs();
  const { fetcher, calls } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: () => ({ status: 200, body: signedIn ? me : null }),
    [`POST ${CHAT}api/lawyer/login`]: () => {
      signedIn = true;
      return { status: 200, body: me };
    },
    [`POST ${CHAT}api/lawyer/logout`]: () => {
      signedIn = false;
      return { status: 204, body: '' };
    },
    [`GET ${CHAT}api/lawyer/queue`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/callbacks`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats/finished`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/case-files`]: { status: 200, body: [] },
  });
  const hub = fakeConnection();
  render(
    <ConsoleApp
      fetcher={fetcher}
      webOrigin={WEB}
      i18n={createI18n()}
      connect={() => hub.connection}
      preferences={noPreferences}
      window={focusedWindow}
      sessionTabs={tabs.tabs}
    />,
  );
  if (!resumed) {
    fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), { target: { value: 'anna@example.org' } });
    fireEvent.change(screen.getByLabelText(/Passwort/), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  }
  await screen.findByRole('button', { name: 'Abmelden' });
  await advance(1_000);
  // The workspace's first reads ran a moment ago; from here on the test counts.
  calls.length = 0;
  return { calls, hub, tabs, session: { end: () => (signedIn = false) } };
}

const requests = (calls: { url: string; init: RequestInit | undefined }[]) => calls.map((c) => `${c.init?.method ?? 'GET'} ${c.url.replace(CHAT, '')}`);

describe('idle logout warning', () => {
  it('should open 2 minutes before the idle end as an alert dialog with a countdown, and move the focus to „Angemeldet bleiben“', async () => {
    await signedInConsole();
    await advance(26 * MIN + 50_000);
    expect(dialog()).toBeNull();
    await advance(15_000);
    const warning = dialog();
    expect(warning).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Abmeldung wegen Inaktivität' })).toBeTruthy();
    const status = document.getElementById(warning?.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Sie werden in 2 Minuten wegen Inaktivität abgemeldet.');
    expect(warning?.getAttribute('aria-describedby')).toBe(status.id);
    expect(screen.getByText(/^Verbleibende Zeit: 1:[45]\d$/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Angemeldet bleiben' }));
    await advance(60_000);
    expect(screen.getByText('Sie werden in 1 Minute wegen Inaktivität abgemeldet.')).toBeTruthy();
  });

  it('should count neither the hub keep-alive nor the console’s own re-reads (callbacks every minute), but a hub call of the lawyer’s', async () => {
    const { calls, hub } = await signedInConsole();
    await advance(10 * MIN);
    await act(async () => void (await hub.connection.invoke('Ping')));
    await advance(17 * MIN + 5_000);
    expect(requests(calls)).toContain('GET api/lawyer/callbacks');
    expect(dialog()).not.toBeNull();
    // A call of the lawyer's (here: typing in a chat) restarts the countdown and closes the warning.
    await act(async () => void (await hub.connection.invoke('SendTyping', 'chat-1')));
    await advance(1_000);
    expect(dialog()).toBeNull();
  });

  it('should keep the session with „Angemeldet bleiben“ (a real whoami request) and warn again only a full idle period later', async () => {
    const { calls } = await signedInConsole();
    await advance(27 * MIN + 5_000);
    calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Angemeldet bleiben' }));
    await advance(1_000);
    expect(requests(calls)).toEqual(['GET api/lawyer/whoami']);
    expect(dialog()).toBeNull();
    await advance(26 * MIN);
    expect(dialog()).toBeNull();
    await advance(MIN);
    expect(dialog()).not.toBeNull();
  });

  it('should keep the session on Escape instead of just hiding the warning', async () => {
    const { calls } = await signedInConsole();
    await advance(27 * MIN + 5_000);
    calls.length = 0;
    fireEvent.keyDown(screen.getByRole('button', { name: 'Angemeldet bleiben' }), { key: 'Escape' });
    await advance(500);
    expect(requests(calls)).toEqual(['GET api/lawyer/whoami']);
    expect(dialog()).toBeNull();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('should sign out with „Jetzt abmelden“', async () => {
    const { calls } = await signedInConsole();
    await advance(27 * MIN + 5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt abmelden' }));
    await advance(3_000);
    expect(requests(calls)).toContain('POST api/lawyer/logout');
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
  });

  it('should sign out (hub stopped, then the logout request) and show the login with the reason once the countdown ran out', async () => {
    const { calls, hub } = await signedInConsole();
    await advance(29 * MIN + 5_000);
    expect(dialog()).toBeNull();
    expect(requests(calls)).toContain('POST api/lawyer/logout');
    expect(hub.stopped).toBe(true);
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByText('Sie wurden nach 30 Minuten ohne Aktivität abgemeldet. Bitte melden Sie sich erneut an.')).toBeTruthy();
  });

  it('should forget „Nur meine“ at the idle end, leaving no lawyer id in the tab, but keep what the tab keeps with the drafts, for signing in again', async () => {
    await signedInConsole();
    sessionStorage.setItem(ONLY_MINE_KEY, me.Id);
    sessionStorage.setItem(SELECTION_KEY, 'view:callbacks');
    await advance(29 * MIN + 5_000);
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(sessionStorage.getItem(ONLY_MINE_KEY)).toBeNull();
    expect(Object.values(sessionStorage)).not.toContain(me.Id);
    expect(sessionStorage.getItem(SELECTION_KEY)).toBe('view:callbacks');
  });

  it('should go to the login at once when the server no longer knows the session on „Angemeldet bleiben“', async () => {
    const { session } = await signedInConsole();
    await advance(27 * MIN + 5_000);
    session.end();
    fireEvent.click(screen.getByRole('button', { name: 'Angemeldet bleiben' }));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeTruthy();
  });

  it('should say at the 12-hour limit after the login that the limit was reached, not 30 minutes without activity', async () => {
    const { calls, hub, tabs } = await signedInConsole({ resumed: false });
    // Busy all day: the clock jumps to 10 minutes before the limit (the timers are not run), and the lawyer types.
    vi.setSystemTime(Date.now() + 11 * 60 * MIN + 50 * MIN);
    await act(async () => void (await hub.connection.invoke('SendTyping', 'chat-1')));
    await advance(8 * MIN + 5_000);
    expect(
      screen.getByText('Ihre Anmeldung endet in 1 Minute (höchstens 12 Stunden nach der Anmeldung). Bitte melden Sie sich danach erneut an.'),
    ).toBeTruthy();
    await advance(MIN);
    expect(requests(calls)).toContain('POST api/lawyer/logout');
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByText('Ihre Anmeldung ist nach 12 Stunden abgelaufen. Bitte melden Sie sich erneut an.')).toBeTruthy();
    expect(screen.queryByText(/nach 30 Minuten ohne Aktivität/)).toBeNull();
    expect(tabs.posted.at(-1)).toEqual({ type: 'signedOut', reason: 'absolute' });
  });

  it('should forget „Nur meine“ at the 12-hour limit too', async () => {
    const { hub } = await signedInConsole({ resumed: false });
    sessionStorage.setItem(ONLY_MINE_KEY, me.Id);
    vi.setSystemTime(Date.now() + 11 * 60 * MIN + 50 * MIN);
    await act(async () => void (await hub.connection.invoke('SendTyping', 'chat-1')));
    await advance(9 * MIN + 5_000);
    expect(await screen.findByText('Ihre Anmeldung ist nach 12 Stunden abgelaufen. Bitte melden Sie sich erneut an.')).toBeTruthy();
    expect(sessionStorage.getItem(ONLY_MINE_KEY)).toBeNull();
  });
});

describe('idle logout across the browser’s tabs (one shared session)', () => {
  it('should count the lawyer’s work in another tab: no warning and no sign-out here while it goes on', async () => {
    const { calls, tabs } = await signedInConsole();
    for (let minute = 20; minute <= 60; minute += 20) {
      await advance(20 * MIN);
      tabs.say({ type: 'activity', at: Date.now() });
    }
    await advance(20 * MIN);
    expect(dialog()).toBeNull();
    expect(requests(calls)).not.toContain('POST api/lawyer/logout');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('should close the warning here when the lawyer is active in another tab', async () => {
    const { tabs } = await signedInConsole();
    await advance(27 * MIN + 5_000);
    expect(dialog()).not.toBeNull();
    await act(async () => tabs.say({ type: 'activity', at: Date.now() }));
    await advance(1_000);
    expect(dialog()).toBeNull();
  });

  it('should tell the other tabs of the lawyer’s calls and of the sign-out with its reason', async () => {
    const { hub, tabs } = await signedInConsole();
    const before = Date.now();
    await act(async () => void (await hub.connection.invoke('SendTyping', 'chat-1')));
    const told = tabs.posted.at(-1);
    expect(told?.type === 'activity' && told.at >= before && told.at <= Date.now()).toBe(true);
    await advance(29 * MIN + 5_000);
    expect(tabs.posted.filter((m) => m.type === 'signedOut')).toEqual([{ type: 'signedOut', reason: 'idle' }]);
  });

  for (const [reason, text] of [
    ['idle', 'Sie wurden nach 30 Minuten ohne Aktivität abgemeldet. Bitte melden Sie sich erneut an.'],
    ['absolute', 'Ihre Anmeldung ist nach 12 Stunden abgelaufen. Bitte melden Sie sich erneut an.'],
    ['logout', 'Sie haben sich in einem anderen Tab dieses Browsers abgemeldet. Bitte melden Sie sich erneut an, um weiterzuarbeiten.'],
  ] as const) {
    it(`should go to the login at once, saying why, when another tab signed out (${reason}) – without a logout request of its own`, async () => {
      const { calls, hub, tabs } = await signedInConsole();
      sessionStorage.setItem(ONLY_MINE_KEY, me.Id);
      sessionStorage.setItem(SELECTION_KEY, 'view:callbacks');
      await advance(5 * MIN);
      await act(async () => tabs.say({ type: 'signedOut', reason }));
      expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      // „Nur meine“ goes at every sign-out; the tab's drafts and selection only after „Abmelden“ (kept to continue after the idle end).
      expect(sessionStorage.getItem(ONLY_MINE_KEY)).toBeNull();
      expect(sessionStorage.getItem(SELECTION_KEY)).toBe(reason === 'logout' ? null : 'view:callbacks');
      expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull();
      expect(hub.stopped).toBe(true);
      // Later the countdown here neither warns nor signs out a second time.
      await advance(30 * MIN);
      expect(dialog()).toBeNull();
      expect(requests(calls)).not.toContain('POST api/lawyer/logout');
      expect(tabs.posted.filter((m) => m.type === 'signedOut')).toEqual([]);
    });
  }
});
