// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { entry } from '../testSupport/fakes.js';
import { QueueScreen } from './QueueScreen.js';

afterEach(cleanup);

const NOW = Date.parse('2026-12-03T10:00:00.000Z');

function renderQueue(queue: Parameters<typeof QueueScreen>[0]['queue']) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueueScreen queue={queue} lawyerId="me" nowMs={NOW} canAccept onAccept={() => undefined} />
    </I18nextProvider>,
  );
}

describe('QueueScreen', () => {
  it('should keep the keyboard in the queue, on the next „Annehmen“, when a colleague takes the chat whose „Annehmen“ has the focus', () => {
    const queueOf = (entries: Parameters<typeof QueueScreen>[0]['queue']) => (
      <I18nextProvider i18n={createI18n()}>
        <QueueScreen queue={entries} lawyerId="me" nowMs={NOW} canAccept onAccept={() => undefined} />
      </I18nextProvider>
    );
    const { rerender } = render(queueOf([entry('c1', 'Kündigung'), entry('c2', 'Nebenkosten'), entry('c3', 'Kaution')]));
    screen.getByRole('button', { name: 'Chat annehmen: Nebenkosten' }).focus();
    rerender(queueOf([entry('c1', 'Kündigung'), entry('c3', 'Kaution')]));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat annehmen: Kaution' }));
    // The last one taken too: the queue's heading, not the start of the page.
    rerender(queueOf([]));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Warteschlange' }));
  });

  it('should say who forwarded a chat to the lawyer', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), AssignedLawyerId: 'me', ForwardedBy: 'Dr. Anna Schmidt' }]);
    expect(screen.getByText('Von Dr. Anna Schmidt an Sie weitergeleitet')).toBeTruthy();
  });

  // The server lists the chats forwarded to the lawyer first (GET api/lawyer/queue, forwarding.test.ts); every client
  // shows that order as it comes, so the console, the API and the clients' places agree.
  it("should list the queue in the server's order, the chats forwarded to the lawyer before clients who waited longer", () => {
    renderQueue([
      { ...entry('c3', 'Kaution'), WaitingSince: '2026-12-03T09:55:00.000Z', AssignedLawyerId: 'me', ForwardedBy: 'Dr. Anna Schmidt' },
      { ...entry('c4', 'Eigenbedarf'), WaitingSince: '2026-12-03T09:58:00.000Z', AssignedLawyerId: 'me', ForwardedBy: null },
      { ...entry('c1', 'Nebenkosten'), WaitingSince: '2026-12-03T09:50:00.000Z' },
      { ...entry('c2', 'Lärm'), WaitingSince: '2026-12-03T09:52:00.000Z' },
    ]);
    const accept = screen.getAllByRole('button', { name: /^Chat annehmen/ }).map((button) => button.getAttribute('aria-label'));
    expect(accept).toEqual(['Chat annehmen: Kaution', 'Chat annehmen: Eigenbedarf', 'Chat annehmen: Nebenkosten', 'Chat annehmen: Lärm']);
  });

  it('should mark a chat assigned to the lawyer without a forwarding colleague as forwarded to them', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), AssignedLawyerId: 'me', ForwardedBy: null }]);
    expect(screen.getByText('An Sie weitergeleitet')).toBeTruthy();
  });

  it('should say why a chat forwarded to a colleague who was deactivated meanwhile now waits for this lawyer', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), AssignedLawyerId: 'me', ForwardedBy: 'Dr. Anna Schmidt', HandedOverFrom: 'Markus Hoffmann' }]);
    expect(
      screen.getByText('Von Dr. Anna Schmidt an Markus Hoffmann weitergeleitet, an Sie übergeben, weil der Zugang von Markus Hoffmann deaktiviert wurde'),
    ).toBeTruthy();
    cleanup();
    renderQueue([{ ...entry('c1', 'Kündigung'), AssignedLawyerId: 'me', ForwardedBy: null, HandedOverFrom: 'Markus Hoffmann' }]);
    expect(screen.getByText('An Sie übergeben, weil der Zugang von Markus Hoffmann deaktiviert wurde')).toBeTruthy();
  });

  it('should name the forwarding lawyer of a forwarded chat that is open to everyone', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), AssignedLawyerId: null, ForwardedBy: 'Dr. Anna Schmidt' }]);
    expect(screen.getByText('Weitergeleitet von Dr. Anna Schmidt')).toBeTruthy();
  });

  it('should say that a chat came back because its lawyer was away, not that the lawyer forwarded it', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), ReturnedFrom: 'Lisa Meier' }]);
    expect(screen.getByText('Zurückgegeben: Lisa Meier war nicht mehr erreichbar')).toBeTruthy();
    expect(screen.queryByText(/weitergeleitet/i)).toBeNull();
  });

  it('should say that the colleague a chat was forwarded to did not take it and that it is open to everyone again', () => {
    renderQueue([
      { ...entry('c1', 'Kündigung'), ForwardedBy: 'Dr. Anna Berger', ReleasedFrom: 'Markus Hoffmann', ReleasedFromLawyerId: 'markus' },
      { ...entry('c2', 'Mietminderung'), ReleasedFrom: 'Markus Hoffmann', ReleasedFromLawyerId: 'markus' },
    ]);
    expect(screen.getByText('Von Dr. Anna Berger an Markus Hoffmann weitergeleitet, nicht angenommen – wieder für alle')).toBeTruthy();
    expect(screen.getByText('Nicht angenommen von Markus Hoffmann – wieder für alle')).toBeTruthy();
    expect(screen.queryByText('Weitergeleitet von Dr. Anna Berger')).toBeNull();
  });

  // Markus Hoffmann read „Nicht angenommen von Markus Hoffmann – wieder für alle“ in his own queue (user report).
  it('should address the colleague who did not take a forwarded chat in their own queue instead of naming them to themselves', () => {
    renderQueue([
      { ...entry('c1', 'Kündigung'), ForwardedBy: 'Dr. Anna Berger', ReleasedFrom: 'Markus Hoffmann', ReleasedFromLawyerId: 'me' },
      { ...entry('c2', 'Mietminderung'), ReleasedFrom: 'Markus Hoffmann', ReleasedFromLawyerId: 'me' },
    ]);
    expect(screen.getByText('Von Dr. Anna Berger an Sie weitergeleitet, von Ihnen nicht angenommen – wieder für alle')).toBeTruthy();
    expect(screen.getByText('Von Ihnen nicht angenommen – wieder für alle')).toBeTruthy();
    expect(screen.queryByText(/Markus Hoffmann/)).toBeNull();
  });

  it('should say that a chat came back without a name when the away lawyer is no longer known', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), ReturnedFrom: null }]);
    expect(screen.getByText('Zurückgegeben: Die Anwältin oder der Anwalt war nicht mehr erreichbar')).toBeTruthy();
  });

  it('should show how long the client of a returned chat has been without an answer', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), ReturnedFrom: 'Lisa Meier', WaitingSince: '2026-12-03T09:53:00.000Z' }]);
    expect(screen.getByText('· wartet seit 7 Minuten')).toBeTruthy();
  });

  it('should name the insurer a client came through, and none for a client of the default', () => {
    renderQueue([
      { ...entry('c1', 'Kündigung'), InsurerName: 'ARAG SE' },
      { ...entry('c2', 'Mietminderung'), InsurerName: null },
    ]);
    expect(screen.getAllByText(/Versicherer:/).map((element) => element.textContent)).toEqual(['· Versicherer: ARAG SE']);
  });

  it('should show no forwarding note on a chat that was not forwarded', () => {
    renderQueue([entry('c1', 'Kündigung')]);
    expect(screen.queryByText(/weitergeleitet/)).toBeNull();
  });

  it('should say since when a waiting client is no longer connected, in Berlin time, and nothing while connected', () => {
    renderQueue([{ ...entry('c1', 'Kündigung'), ClientAwaySince: '2026-12-03T09:55:00.000Z' }, entry('c2', 'Mietminderung')]);
    expect(screen.getByText('seit 10:55 Uhr nicht mehr verbunden')).toBeTruthy();
    expect(screen.getAllByText(/nicht mehr verbunden/)).toHaveLength(1);
  });
});
