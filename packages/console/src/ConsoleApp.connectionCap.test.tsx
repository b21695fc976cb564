// @vitest-environment jsdom
// The hub refuses the console's start because the firm's address holds too many connections (429
// TooManyConnectionsFromAddress at negotiate): the notice names when the console's next start comes – the wait it
// actually waits, on fake timers (the console's scheduler is RxJS's asyncScheduler) – instead of „in größer werdenden
// Abständen“.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from './ConsoleApp.js';
import { createI18n } from './i18n/i18n.js';
import { consoleOnFakeClock } from './testSupport/fakeClock.js';
import { CHAT, WEB, fakeConnection, fakeFetch, me, focusedWindow, noPreferences, otherTabs } from './testSupport/fakes.js';

const advance = consoleOnFakeClock();

/** The client library's error when negotiate answers 429 (the adapter reads the server's body out of it). */
const CAPPED = new Error(
  'Failed to complete negotiation with the server: Error: {"Error":"TooManyConnectionsFromAddress","Message":"Von Ihrem Netzwerk aus bestehen zu viele gleichzeitige Verbindungen. Bitte versuchen Sie es später erneut."}: Status code \'429\'',
);

function cappedConsole() {
  const { fetcher } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: me },
    [`GET ${CHAT}api/lawyer/queue`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/callbacks`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats/finished`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/case-files`]: { status: 200, body: [] },
  });
  const hub = fakeConnection();
  let starts = 0;
  // Refused at negotiate, the connection stays down (the fake is connected otherwise).
  (hub.connection as unknown as { state: string }).state = 'Disconnected';
  (hub.connection as unknown as { start: () => Promise<void> }).start = () => {
    starts += 1;
    return Promise.reject(CAPPED);
  };
  render(
    <ConsoleApp
      fetcher={fetcher}
      webOrigin={WEB}
      i18n={createI18n()}
      connect={() => hub.connection}
      preferences={noPreferences}
      window={focusedWindow}
      sessionTabs={otherTabs().tabs}
    />,
  );
  return { starts: () => starts };
}

const notice = () => screen.getByText(/zu viele gleichzeitige Verbindungen zum Server/).textContent;

describe('connection cap of the firm address', () => {
  it('should name the wait of the next start the console makes by itself, growing with each refused start', async () => {
    const console = cappedConsole();
    await screen.findByText(/zu viele gleichzeitige Verbindungen zum Server/);
    expect(console.starts()).toBe(1);
    expect(notice()).toBe(
      'Von Ihrem Netzwerk aus bestehen gerade zu viele gleichzeitige Verbindungen zum Server. Die Konsole versucht es in 15 Sekunden selbst erneut – Sie müssen nichts tun.',
    );

    await advance(15_000);
    expect(console.starts()).toBe(2);
    expect(notice()).toContain('Die Konsole versucht es in 30 Sekunden selbst erneut');
    await advance(29_000);
    expect(console.starts()).toBe(2);
    await advance(1_000);
    expect(console.starts()).toBe(3);
    expect(notice()).toContain('Die Konsole versucht es in 1 Minute selbst erneut');
    await advance(60_000);
    expect(console.starts()).toBe(4);
    expect(notice()).toContain('Die Konsole versucht es in 2 Minuten selbst erneut');
  });
});
