// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { AppRouter, useHistoryEntry, useNavigate } from '../../routing/AppRouter.js';
import { memoryHistory } from '../../routing/history.js';
import { CallbackConfirmationPage } from '../pages/CallbackConfirmationPage.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatControllerContext } from './chatControllerContext.js';
import { ChatScreenRoute } from './ChatScreenRoute.js';
import { fakeChatController, renderWithI18n } from './testSupport.js';
import type { FakeChatController } from './testSupport.js';

afterEach(cleanup);

function GoTo({ path }: { readonly path: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(path)}>weiter</button>;
}

/** The address the router shows, as the address bar would. */
function Address() {
  const { pathname, search } = useHistoryEntry();
  return <output aria-label="Adresse">{`${pathname}${search}`}</output>;
}

const withAddress = (
  <>
    <CallbackConfirmationPage />
    <Address />
  </>
);

function renderRoute(path: string, caseId: string | undefined, created: FakeChatController[]) {
  const factory = vi.fn(() => {
    const controller = fakeChatController({ usageConfirmationAvailable: true });
    created.push(controller);
    return controller;
  });
  const view = renderWithI18n(
    <StrictMode>
      <AppRouter history={memoryHistory(path)}>
        <ChatControllerContext.Provider value={factory}>
          <ChatScreenRoute caseId={caseId} />
          <GoTo path="/chat/new?step=2" />
        </ChatControllerContext.Provider>
      </AppRouter>
    </StrictMode>,
  );
  return { factory, view };
}

describe('ChatScreenRoute', () => {
  it('should start one live controller for a case and dispose every controller it created', () => {
    const created: FakeChatController[] = [];
    const { view } = renderRoute('/chat/case-42', 'case-42', created);
    const live = created.filter((controller) => controller.dispose.mock.calls.length === 0);
    expect(live).toHaveLength(1);
    expect(live[0]?.start).toHaveBeenCalledWith({ caseId: 'case-42', route: '/chat/case-42' });
    expect(screen.getByRole('log')).toBeTruthy();
    view.unmount();
    expect(created.every((controller) => controller.dispose.mock.calls.length === 1)).toBe(true);
  });

  it('should start a new chat without a case id and open the usage dialog there', async () => {
    const created: FakeChatController[] = [];
    renderRoute('/chat/new', undefined, created);
    expect(created.at(-1)?.start).toHaveBeenCalledWith({ route: '/chat/new' });
    expect(await screen.findByRole('dialog', { name: 'Nutzungsbestätigung' })).toBeTruthy();
  });

  it('should report a changed path with setRoute', () => {
    const created: FakeChatController[] = [];
    renderRoute('/chat/case-42', 'case-42', created);
    const live = created.at(-1) as FakeChatController;
    expect(live.setRoute).not.toHaveBeenCalled();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'weiter' })));
    expect(live.setRoute).toHaveBeenCalledWith('/chat/new');
  });

  it('should move the address to /chat/{caseId} once the new chat has a case, so a reload rejoins it', () => {
    window.history.replaceState(null, '', '/chat');
    const created: FakeChatController[] = [];
    renderRoute('/chat', undefined, created);
    const live = created[created.length - 1]!;
    act(() => live.update({ phase: 1, caseId: 'case 7' }));
    expect(window.location.pathname).toBe('/chat/case%207');
    expect(live.setRoute).toHaveBeenLastCalledWith('/chat/case%207');
    expect(live.dispose).not.toHaveBeenCalled();
  });

  it("should drop the insurer's spent entry token (with the insurance number in it) from the address and the history, and keep the other parameters", () => {
    window.history.replaceState(null, '', '/chat/new?InsuranceNumber=eyJhbGciOi.token.signatur&override_domain=chat.example');
    const created: FakeChatController[] = [];
    renderRoute('/chat/new', undefined, created);
    const live = created[created.length - 1]!;
    act(() => live.update({ phase: 1, caseId: 'case-8' }));
    expect(window.location.pathname).toBe('/chat/case-8');
    expect(window.location.search).toBe('?override_domain=chat.example');
    expect(window.history.length).toBe(1);
  });

  it('should open the callback confirmation chat/rueckruf with phone and availability once a callback is arranged, the number not in the address', () => {
    const created: FakeChatController[] = [];
    const factory = vi.fn(() => {
      const controller = fakeChatController();
      created.push(controller);
      return controller;
    });
    renderWithI18n(
      <AppRouter history={memoryHistory('/chat/case-42')}>
        <ChatControllerContext.Provider value={factory}>
          <Switch>
            <Route path="/chat/rueckruf/:telephone?/:availability?">{withAddress}</Route>
            <Route path="/chat/:caseId">
              <ChatScreenRoute caseId="case-42" />
            </Route>
          </Switch>
        </ChatControllerContext.Provider>
      </AppRouter>,
    );
    act(() => created.at(-1)?.update({ callbackRequested: true, callbackConfirmation: { phone: '030 1234567', availability: '24.11.2026, 12:00–18:00 Uhr' } }));
    expect(screen.getByText('030 1234567')).toBeTruthy();
    expect(screen.getByText('24.11.2026, 12:00–18:00 Uhr')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Adresse' }).textContent).toBe('/chat/rueckruf');
  });

  it('should move the details of a link to chat/rueckruf out of the address, keep showing them and show them again after a reload', () => {
    const phone = btoa('+49 30 1234567');
    window.history.pushState(null, '', `/chat/rueckruf/${phone}/${encodeURIComponent('24.11.2026, 08:00–12:00 Uhr')}`);
    const page = (
      <AppRouter>
        <Route path="/chat/rueckruf/:telephone?/:availability?">
          <CallbackConfirmationPage />
        </Route>
      </AppRouter>
    );
    renderWithI18n(page);
    expect(window.location.pathname).toBe('/chat/rueckruf');
    expect(screen.getByText('+49 30 1234567')).toBeTruthy();
    expect(screen.getByText('24.11.2026, 08:00–12:00 Uhr')).toBeTruthy();
    // A reload: the page comes up again at the bare address and reads the details from the history entry.
    cleanup();
    renderWithI18n(page);
    expect(screen.getByText('+49 30 1234567')).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  it('should fail loudly without a controller factory', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      renderWithI18n(
        <AppRouter history={memoryHistory()}>
          <ChatScreenRoute />
        </AppRouter>,
      ),
    ).toThrow(/ChatControllerContext/);
    vi.restoreAllMocks();
  });
});
