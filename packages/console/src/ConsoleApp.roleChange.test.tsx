// @vitest-environment jsdom
// An administrator demoted by a colleague while the console is open: the next administration call answers 403, the
// console reads the profile again, and the navigation and the open screen stop offering the administration (before,
// „Verwaltung“ stayed until a reload and every screen offered „Erneut laden“, which was refused again).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from './ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, me, focusedWindow, noPreferences } from './testSupport/fakes.js';

afterEach(cleanup);

const forbidden = { status: 403, body: { Error: 'Forbidden', Message: 'Diese Funktion steht nur der Administration der Kanzlei zur Verfügung.' } };

function showConsole(path: string, roleFirst: 'admin' | 'lawyer', roleNow: 'admin' | 'lawyer') {
  const first = { ...me, Role: roleFirst };
  let whoAmICalls = 0;
  const hub = fakeConnection();
  const { fetcher } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    // The console opened with the first role; the profile read again says what the role is now.
    [`GET ${CHAT}api/lawyer/whoami`]: () => ({ status: 200, body: whoAmICalls++ === 0 ? first : { ...first, Role: roleNow } }),
    [`GET ${CHAT}api/lawyer/me`]: { status: 200, body: first },
    [`GET ${CHAT}api/lawyer/queue`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/callbacks`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/chats/finished`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/case-files`]: { status: 200, body: [] },
    [`GET ${CHAT}api/lawyer/colleagues`]: { status: 200, body: [] },
    [`GET ${CHAT}api/admin/lawyers`]: forbidden,
    [`GET ${CHAT}api/admin/invitations`]: forbidden,
  });
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} initialPath={path} connect={() => hub.connection} preferences={noPreferences} window={focusedWindow} />);
  return { whoAmICalls: () => whoAmICalls, hub };
}

const showTeamScreen = (roleNow: 'admin' | 'lawyer') => showConsole('/verwaltung/team', 'admin', roleNow);

describe('ConsoleApp: a role changed while the console is open', () => {
  it('should stop offering the administration once a 403 shows the lawyer was demoted', async () => {
    showTeamScreen('lawyer');
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Verwaltung' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erneut laden' })).toBeNull();
  });

  it('should keep the administration when the profile still says administrator', async () => {
    const { whoAmICalls } = showTeamScreen('admin');
    await waitFor(() => expect(whoAmICalls()).toBeGreaterThan(1), { timeout: 5000 });
    expect(screen.getByRole('list', { name: 'Verwaltung' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Keine Berechtigung' })).toBeNull();
  });

  it('should offer the administration at once when the server says an administrator promoted this lawyer', async () => {
    const { hub, whoAmICalls } = showConsole('/', 'lawyer', 'admin');
    expect(await screen.findByRole('navigation', { name: 'Hauptnavigation' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Verwaltung' })).toBeNull();
    hub.emit('ProfileChanged');
    expect(await screen.findByRole('list', { name: 'Verwaltung' }, { timeout: 5000 })).toBeTruthy();
    expect(whoAmICalls()).toBe(2);
  });
});
