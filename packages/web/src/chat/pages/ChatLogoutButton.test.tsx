// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BehaviorSubject, of } from 'rxjs';
import { ok, type ChatViewState } from '@rechtschat/core';
import { fakeProductApi, initialChatState, recordingController, renderApp } from '../../testSupport/app.js';

afterEach(cleanup);

const signedIn = fakeProductApi({ getCurrentUser: () => of(ok({ Id: 'u1', Role: 'participant' as const })) });

/** The case chat F-17 with a controller whose view state the test sets. */
async function openCaseChat(state: Partial<ChatViewState>) {
  const state$ = new BehaviorSubject<ChatViewState>({ ...initialChatState, ...state });
  renderApp('/chat/F-17', { productApi: signedIn, chatControllerFactory: () => ({ ...recordingController([]), state$ }) });
  await screen.findByRole('region', { name: 'Rechtsberatung im Chat' }, { timeout: 10_000 });
  return state$;
}

const logoutButton = () => screen.getByRole('button', { name: 'Abmelden' });
const onLogoutPage = () => document.querySelector('h1')?.textContent === 'Abmeldung';

describe('ChatLogoutButton', () => {
  it('should ask before logging out of a chat a lawyer is in, and stay in the chat on "Im Chat bleiben"', async () => {
    await openCaseChat({ phase: 1, lawyerConnected: true, waitingForLawyer: false });
    fireEvent.click(logoutButton());
    const dialog = await screen.findByRole('dialog', { name: 'Möchten Sie sich wirklich abmelden?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('chat-logout-text');
    expect(within(dialog).getByText(/läuft nach der Abmeldung weiter\. Über Ihren Zugangslink kommen Sie in diesen Chat zurück/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Im Chat bleiben' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onLogoutPage()).toBe(false);
    expect(screen.getByRole('region', { name: 'Rechtsberatung im Chat' })).toBeTruthy();

    fireEvent.click(logoutButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(onLogoutPage()).toBe(true));
  });

  it('should say that a waiting chat keeps waiting for a lawyer', async () => {
    await openCaseChat({ phase: 1, waitingForLawyer: true });
    fireEvent.click(logoutButton());
    const dialog = await screen.findByRole('dialog', { name: 'Möchten Sie sich wirklich abmelden?' });
    expect(within(dialog).getByText(/wartet auch nach der Abmeldung weiter auf eine Anwältin oder einen Anwalt/)).toBeTruthy();
  });

  it('should log out at once when the chat is closed', async () => {
    const state$ = await openCaseChat({ phase: 1, lawyerConnected: true });
    act(() => state$.next({ ...state$.value, phase: 2, lawyerConnected: false, caseClosed: true }));
    fireEvent.click(logoutButton());
    await waitFor(() => expect(onLogoutPage()).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should leave "Abmelden" usable after ending the chat host session from the callback confirmation', async () => {
    // The product session outlives the chat host logout: /chat leads into a new chat, whose header keeps this button.
    renderApp('/chat/rueckruf', { productApi: signedIn, chatControllerFactory: () => recordingController([]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    await screen.findByRole('region', { name: 'Rechtsberatung im Chat' }, { timeout: 10_000 });
    await waitFor(() => expect((logoutButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(logoutButton());
    // The new chat is in its intake: the button asks first, then logs out.
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Möchten Sie sich wirklich abmelden?' })).getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(onLogoutPage()).toBe(true));
  });
});
