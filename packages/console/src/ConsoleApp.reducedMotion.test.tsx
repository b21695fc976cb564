// @vitest-environment jsdom
// A lawyer whose system asks for less motion (WCAG 2.3.3) gets the console without transitions and ripples.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, focusedWindow } from './testSupport/fakes.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The browser's media queries, answering `prefers-reduced-motion: reduce` as the system is set. */
function systemAsksForLessMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** Opens the sign-in and presses its button (MUI mounts a button's ripple only once it is pressed or focused). */
async function pressSignInButton(): Promise<HTMLElement> {
  const { fetcher } = fakeFetch({
    [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
    [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: null },
  });
  render(<ConsoleApp fetcher={fetcher} webOrigin={WEB} connect={() => fakeConnection().connection} window={focusedWindow} />);
  await screen.findByRole('heading', { name: 'Anmeldung' });
  const button = screen.getByRole('button', { name: 'Anmelden' });
  await act(async () => {
    fireEvent.mouseDown(button);
    await Promise.resolve();
  });
  return button;
}

describe('ConsoleApp and the system’s motion setting', () => {
  it('should draw a pressed button’s ripple when the system does not ask for less motion', async () => {
    systemAsksForLessMotion(false);
    const button = await pressSignInButton();
    expect(button.querySelector('.MuiTouchRipple-root')).not.toBeNull();
  });

  it('should leave out the ripple when the system asks for less motion', async () => {
    systemAsksForLessMotion(true);
    const button = await pressSignInButton();
    expect(button.querySelector('.MuiTouchRipple-root')).toBeNull();
  });
});
