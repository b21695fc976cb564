// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LawyerProfile } from '@rechtschat/core';
import { ConsoleApp } from '../ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, me, type Route, focusedWindow, noPreferences } from '../testSupport/fakes.js';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const admin: LawyerProfile = { ...me, Role: 'admin' };

/** The console signed in as `profile`, starting at `path` (relative to /konsole/); extra answers of the chat host. */
export function renderSignedIn(profile: LawyerProfile, path: string, extra: Record<string, Route | (() => Route)> = {}) {
  const empty = { status: 200, body: [] };
  const { fetcher, calls } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: profile },
    [`GET ${CHAT}api/lawyer/me`]: { status: 200, body: profile },
    [`GET ${CHAT}api/lawyer/queue`]: empty,
    [`GET ${CHAT}api/lawyer/chats`]: empty,
    [`GET ${CHAT}api/lawyer/callbacks`]: empty,
    [`GET ${CHAT}api/lawyer/colleagues`]: empty,
    [`GET ${CHAT}api/lawyer/case-files`]: empty,
    ...extra,
  });
  const hub = fakeConnection();
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => hub.connection} initialPath={path} preferences={noPreferences} window={focusedWindow} />);
  return { calls };
}

describe('Console navigation', () => {
  it('should show an administrator the workspace, the reports, their own text templates and the six administration screens', async () => {
    renderSignedIn(admin, '/');
    // The file's first render draws the whole console for the first time in this worker: on a busy runner that took
    // more than findBy's default second (CI of 9929d58, the header drawn, the navigation not yet).
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' }, { timeout: 5000 });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Arbeitsplatz', '/'],
      ['Berichte', '/berichte'],
      ['Meine Textbausteine', '/textbausteine'],
      ['Team', '/verwaltung/team'],
      ['Protokoll', '/verwaltung/protokoll'],
      ['Versicherer', '/verwaltung/versicherer'],
      ['Auskunftsersuchen', '/verwaltung/auskunft'],
      ['Servicezeiten', '/verwaltung/servicezeiten'],
      ['Kanzlei', '/verwaltung/kanzlei'],
      ['Textbausteine', '/verwaltung/textbausteine'],
    ]);
    expect(within(nav).getByRole('list', { name: 'Verwaltung' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Arbeitsplatz' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
  });

  it('should show a plain lawyer no administration entries', async () => {
    renderSignedIn(me, '/');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Arbeitsplatz', 'Berichte', 'Meine Textbausteine']);
    expect(within(nav).queryByRole('list', { name: 'Verwaltung' })).toBeNull();
  });

  it.each(['/verwaltung/team', '/verwaltung/servicezeiten', '/verwaltung/kanzlei', '/verwaltung/textbausteine'])(
    'should tell a plain lawyer who opens %s that they have no permission',
    async (address) => {
      const { calls } = renderSignedIn(me, address);
      expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
      expect(screen.getByText(/Dieser Bereich steht nur Administratorinnen und Administratoren/)).toBeTruthy();
      expect(calls.some((call) => call.url.includes('api/admin/'))).toBe(false);
      fireEvent.click(screen.getByRole('link', { name: 'Zum Arbeitsplatz' }));
      expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
    },
  );

  it('should give every signed-in screen a laptop’s whole width – administration, reports and the chat workspace alike', async () => {
    renderSignedIn(admin, '/verwaltung/protokoll', { [`GET ${CHAT}api/admin/audit-log?limit=50`]: { status: 200, body: { Entries: [], NextBefore: null } } });
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(screen.getByRole('main').className).toContain('MuiContainer-maxWidthXl');
    fireEvent.click(within(nav).getByRole('link', { name: 'Berichte' }));
    expect(await screen.findByRole('heading', { name: 'Berichte' })).toBeTruthy();
    expect(screen.getByRole('main').className).toContain('MuiContainer-maxWidthXl');
    // The workspace too: on a 1366 × 657 window its chat puts the facts and actions beside the log (ChatScreen).
    fireEvent.click(within(nav).getByRole('link', { name: 'Arbeitsplatz' }));
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
    expect(screen.getByRole('main').className).toContain('MuiContainer-maxWidthXl');
  });

  it('should move between screens by the navigation, mark the one shown and name it in the window title', async () => {
    const pageTitle = document.title;
    renderSignedIn(admin, '/');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Berichte' }));
    expect(await screen.findByRole('heading', { name: 'Berichte' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Berichte' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Arbeitsplatz' }).getAttribute('aria-current')).toBeNull();
    // The new screen below the navigation, so that the next Tab reaches the screen, not the navigation again.
    expect(document.activeElement?.id).toBe('bildschirm');
    expect(nav.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Berichte – Anwaltskonsole'));
    fireEvent.click(within(nav).getByRole('link', { name: 'Arbeitsplatz' }));
    expect(await screen.findByRole('region', { name: 'Warteschlange' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(pageTitle));
  });

  it('should skip past the navigation with „Zum Inhalt springen“: the focus lands in <main> on the screen below it', async () => {
    renderSignedIn(admin, '/');
    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' }, { timeout: 5000 });
    await screen.findByRole('region', { name: 'Warteschlange' });
    fireEvent.click(screen.getByRole('link', { name: 'Zum Inhalt springen' }));
    const focused = document.activeElement!;
    expect(focused.id).toBe('bildschirm');
    expect(screen.getByRole('main').contains(focused)).toBe(true);
    expect(nav.contains(focused)).toBe(false);
    // Below the navigation: the next Tab goes on from here into the screen.
    expect(nav.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(focused as HTMLElement).getByRole('region', { name: 'Warteschlange' })).toBeTruthy();
  });

  it('should skip to <main> on the login, where there is no navigation', async () => {
    const { fetcher } = fakeFetch({
      [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
      [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null },
    });
    render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => fakeConnection().connection} initialPath="/" />);
    await screen.findByRole('heading', { name: 'Anmeldung' });
    fireEvent.click(screen.getByRole('link', { name: 'Zum Inhalt springen' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('should say so on an unknown address of the console, in the window title too', async () => {
    renderSignedIn(admin, '/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    // The title follows in the page's effect, which a busy machine may run after the heading is found.
    await waitFor(() => expect(document.title).toBe('Seite nicht gefunden – Anwaltskonsole'));
  });

  it('should open the access page of a link without a login, and send the token in the body only', async () => {
    const { fetcher, calls } = fakeFetch({
      [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
      [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null },
      [`POST ${CHAT}api/account-link/inspect`]: {
        status: 200,
        body: { Purpose: 'invitation', Email: 'neu@example.org', Name: null, Role: 'lawyer', ExpiresAt: '2026-11-25T09:00:00.000Z' },
      },
    });
    render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => fakeConnection().connection} initialPath="/zugang#einmal-token-0123456789" />);
    expect(await screen.findByText(/Sie wurden in die Anwaltskonsole eingeladen/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Anmeldung' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    const inspect = calls.find((call) => call.url === `${CHAT}api/account-link/inspect`);
    expect(JSON.parse(String(inspect?.init?.body))).toEqual({ Token: 'einmal-token-0123456789' });
    expect(inspect?.init?.credentials).toBe('omit');
    expect(calls.every((call) => !call.url.includes('einmal-token'))).toBe(true);
  });
});
