// @vitest-environment jsdom
// The session-expiry warning of the case-file shell on fake timers – it opens 2 minutes before the
// idle end (counted conservatively: 30 min minus the minute the server may lag), takes focus, speaks the time once
// a minute, extends by the authenticated check (also on Escape), logs out, and gives way to the SessionEnded state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, REDIRECT_KEY } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

/** The page's own status line, not the shell's announcement of the firm's news (data-testid firm-news). */
const expiryStatus = (): HTMLElement => screen.getAllByRole('status').find((element) => element.dataset['testid'] !== 'firm-news') as HTMLElement;

const MIN = 60_000;

beforeEach(() => {
  // Time moves on its own (the lazy chunk and waitFor need it) and jumps when the test advances it.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-06-01T09:00:00Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function signedInOverview() {
  const calls: string[] = [];
  const storage = memoryStorage();
  // The server's session: live until a test lets it end.
  const session = { live: true };
  const api = fakeCaseFileAuthApi({
    isAuthenticated: (token) => {
      calls.push(`isAuthenticated:${token ?? ''}`);
      return of(ok(session.live));
    },
    logout: () => {
      calls.push('logout');
      return of(ok(undefined));
    },
  });
  renderApp('/digitale-fallakte/tok/uebersicht', { caseFileAuthApi: api, caseFileContentApi: fakeCaseFileContentApi(), storage });
  await pageHeading();
  // The overview's loads ran a moment ago; from here on the test counts.
  calls.length = 0;
  return { calls, storage, session };
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const dialog = () => screen.queryByRole('alertdialog');

describe('session-expiry warning', () => {
  it('should open 2 minutes before the end with the time left, focus "Sitzung verlängern" and speak whole minutes only', async () => {
    await signedInOverview();
    await advance(26 * MIN + 50_000);
    expect(dialog()).toBeNull();
    await advance(15_000);
    const warning = dialog();
    expect(warning).not.toBeNull();
    expect(warning?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ihre Sitzung läuft bald ab' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sitzung verlängern' }));
    const status = expiryStatus();
    expect(warning?.getAttribute('aria-describedby')).toBe(status.id);
    expect(status.textContent).toMatch(/in 2 Minuten ab/);
    expect(screen.getByText(/^Verbleibende Zeit: 1:[45]\d$/)).toBeTruthy();
    // Seconds tick visibly, the live region keeps its text until the minute changes.
    await advance(30_000);
    expect(status.textContent).toMatch(/in 2 Minuten ab/);
    await advance(45_000);
    expect(expiryStatus().textContent).toMatch(/in 1 Minute ab/);
  });

  it('should extend with the authenticated check, close, and warn again only 27 minutes later', async () => {
    const { calls } = await signedInOverview();
    await advance(27 * MIN + 5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Sitzung verlängern' }));
    expect(calls).toEqual(['isAuthenticated:tok']);
    await advance(1_000);
    expect(dialog()).toBeNull();
    await advance(26 * MIN);
    expect(dialog()).toBeNull();
    await advance(MIN);
    expect(dialog()).not.toBeNull();
  });

  it('should extend on Escape instead of silently hiding the warning', async () => {
    const { calls } = await signedInOverview();
    await advance(27 * MIN + 5_000);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Sitzung verlängern' }), { key: 'Escape' });
    expect(calls).toEqual(['isAuthenticated:tok']);
    await advance(1_000);
    expect(dialog()).toBeNull();
  });

  it('should log out from the warning', async () => {
    const { calls } = await signedInOverview();
    await advance(27 * MIN + 5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(calls[0]).toBe('logout');
  });

  it('should show the SessionEnded state at the end, whose login returns to the same screen', async () => {
    const { storage, session } = await signedInOverview();
    session.live = false;
    await advance(29 * MIN + 5_000);
    expect(dialog()).toBeNull();
    expect(await pageHeading()).toBe('Sitzung abgelaufen');
    expect(screen.getByRole('alert').textContent).toMatch(/Ihre Sitzung ist abgelaufen\. Bitte melden Sie sich erneut an\./);
    const login = screen.getByRole('link', { name: 'Erneut anmelden' });
    expect(login.getAttribute('href')).toBe('/digitale-fallakte/tok');
    fireEvent.click(login);
    expect(storage.get(REDIRECT_KEY)).toBe('/digitale-fallakte/tok/uebersicht');
  });
});
