// @vitest-environment jsdom
// The row of open chats: each tab's second line shows the start of the client's problem; what is cut there is whole in
// the tab's accessible name and, on hovering, in its title – two problems alike up to the cut are told apart.
import { cleanup, render, screen, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { initialWorkspaceState, newTab, type LawyerWorkspace, type WorkspaceState } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { entry, me } from '../testSupport/fakes.js';
import { WorkspaceScreen } from './WorkspaceScreen.js';

afterEach(cleanup);

const held = (chatId: string, description: string) =>
  newTab({ ...entry(chatId, description), CaseId: `CASE${chatId}`, Email: null, VerifiedEmail: false, AcceptedAt: '2026-11-22T09:30:00.000Z' });

/** The workspace's screen over a fixed state with these chats open, the queue in front; every action does nothing. */
function showTabs(...tabs: WorkspaceState['tabs']) {
  const state: WorkspaceState = { ...initialWorkspaceState(0, false), connection: 'connected', connectionTried: true, tabs };
  const known = { state$: new BehaviorSubject(state), snapshot: () => state };
  const workspace = new Proxy(known, { get: (target, key) => (key in target ? target[key as keyof typeof known] : vi.fn()) }) as unknown as LawyerWorkspace;
  render(
    <I18nextProvider i18n={createI18n()}>
      <WorkspaceScreen workspace={workspace} me={me} onSessionExpired={vi.fn()} />
    </I18nextProvider>,
  );
  return within(screen.getByRole('tablist', { name: 'Ihre Chats' }));
}

describe('WorkspaceScreen chat tabs', () => {
  it('should name a chat tab by the whole problem where its line cuts it, and give the line the whole problem as its title (only there)', () => {
    const row = showTabs(
      held('chat-1', 'Maximilian Mustermann-Schneider'),
      held('chat-2', 'Maximilian Mustermann-Schmidt'),
      held('chat-3', 'Streit mit dem Nachbarn'),
    );
    const first = row.getByRole('tab', { name: /^Chat 1, Fall RC-CASECHAT, angenommen um 10:30 Uhr: Maximilian Mustermann-Schneider$/ });
    const second = row.getByRole('tab', { name: /^Chat 2, Fall RC-CASECHAT, angenommen um 10:30 Uhr: Maximilian Mustermann-Schmidt$/ });
    // The line shows 28 characters; the rest is in the title, for the mouse.
    expect(within(first).getByText('Maximilian Mustermann-Schne…').closest('[title]')?.getAttribute('title')).toBe('Maximilian Mustermann-Schneider');
    expect(within(second).getByText('Maximilian Mustermann-Schmi…').closest('[title]')?.getAttribute('title')).toBe('Maximilian Mustermann-Schmidt');
    // Shown whole: no title to hover.
    const third = row.getByRole('tab', { name: 'Chat 3, Fall RC-CASECHAT, angenommen um 10:30 Uhr: Streit mit dem Nachbarn' });
    expect(within(third).getByText('Streit mit dem Nachbarn')).toBeTruthy();
    expect(third.querySelector('[title]')).toBeNull();
  });

  it('should say a long problem in the tab’s name and title up to 100 characters on one line, not its 5,000', () => {
    const long = `Mein Vermieter will die Kaution nicht zurückzahlen,\nobwohl ich die Wohnung ordentlich übergeben habe. ${'Er nennt Schäden. '.repeat(200)}`;
    const row = showTabs(held('chat-1', long));
    const said = `Mein Vermieter will die Kaution nicht zurückzahlen, obwohl ich die Wohnung ordentlich übergeben hab…`;
    expect(said).toHaveLength(100);
    const tab = row.getByRole('tab', { name: `Chat 1, Fall RC-CASECHAT, angenommen um 10:30 Uhr: ${said}` });
    expect(within(tab).getByText('Mein Vermieter will die Kau…').closest('[title]')?.getAttribute('title')).toBe(said);
  });
});
