// @vitest-environment jsdom
// The app's routing over wouter: what the pages relied on from React Router – entry state and key, the navigation
// type, decoded parameters, links that leave modified clicks to the browser, NavLink's marking – and that a page's own
// history.replaceState does not move the router.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Redirect, Route, Switch } from 'wouter';
import { AppRouter, useHistoryEntry, useNavigate, useNavigateBack } from './AppRouter.js';
import { browserHistory, memoryHistory } from './history.js';
import { useNavigationType, useRouteParams, useSearchParams } from './hooks.js';
import { Link, NavLink } from './Link.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Where() {
  const { pathname, search, state, key } = useHistoryEntry();
  return <output aria-label="Ort">{JSON.stringify({ pathname, search, state, key, type: useNavigationType() })}</output>;
}
const where = () => JSON.parse(screen.getByRole('status', { name: 'Ort' }).textContent ?? '{}') as Record<string, unknown>;

function Params() {
  const params = useRouteParams();
  const search = useSearchParams();
  return <output aria-label="Parameter">{`${params.telephone ?? '-'}|${params.availability ?? '-'}|${search.get('InsuranceNumber') ?? '-'}`}</output>;
}

function Go({ to, replace = false, state }: { readonly to: string; readonly replace?: boolean; readonly state?: unknown }) {
  const navigate = useNavigate();
  return <button onClick={() => navigate(to, { replace, state })}>{`gehe ${to}`}</button>;
}

describe('the app history', () => {
  it('should start as a page load (POP) and tell PUSH and REPLACE apart, each entry with its state and a key of its own', () => {
    render(
      <AppRouter history={memoryHistory('/chat/new?InsuranceNumber=1')}>
        <Where />
        <Go to="/chat/rueckruf" state={{ callback: 1 }} />
        <Go to="/chat/new" replace />
      </AppRouter>,
    );
    expect(where()).toEqual({ pathname: '/chat/new', search: '?InsuranceNumber=1', state: null, key: 'default', type: 'POP' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'gehe /chat/rueckruf' })));
    const pushed = where();
    expect(pushed).toMatchObject({ pathname: '/chat/rueckruf', search: '', state: { callback: 1 }, type: 'PUSH' });
    act(() => fireEvent.click(screen.getByRole('button', { name: 'gehe /chat/new' })));
    expect(where()).toMatchObject({ pathname: '/chat/new', state: null, type: 'REPLACE' });
    expect(where().key).not.toBe(pushed.key);
  });

  it('should keep state and key in the browser entry as React Router did, read them again after a reload, and follow Back as POP', () => {
    window.history.replaceState(null, '', '/chat/new');
    const page = (
      <AppRouter>
        <Where />
        <Go to="/chat/rueckruf" state={{ callback: 2 }} />
      </AppRouter>
    );
    render(page);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'gehe /chat/rueckruf' })));
    expect(window.location.pathname).toBe('/chat/rueckruf');
    const entry = window.history.state as { usr: unknown; key: string };
    expect(entry.usr).toEqual({ callback: 2 });
    expect(where()).toMatchObject({ state: { callback: 2 }, key: entry.key, type: 'PUSH' });
    // A reload: a new router reads the entry.
    cleanup();
    render(page);
    expect(where()).toMatchObject({ pathname: '/chat/rueckruf', state: { callback: 2 }, key: entry.key, type: 'POP' });
    // Back (the browser moves, then tells with popstate).
    act(() => {
      window.history.replaceState(null, '', '/chat/new');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toMatchObject({ pathname: '/chat/new', state: null, type: 'POP' });
  });

  it("should not follow a page's own history.replaceState (the chat's /chat/new → /chat/{caseId})", () => {
    window.history.replaceState(null, '', '/chat/new');
    render(
      <AppRouter history={browserHistory()}>
        <Where />
      </AppRouter>,
    );
    act(() => window.history.replaceState(window.history.state, '', '/chat/case-7'));
    expect(where().pathname).toBe('/chat/new');
  });

  it('should follow a <Redirect> rendered on the first paint', () => {
    render(
      <AppRouter history={memoryHistory('/')}>
        <Switch>
          <Route path="/">
            <Redirect to="/chat" replace />
          </Route>
          <Route>
            <Where />
          </Route>
        </Switch>
      </AppRouter>,
    );
    expect(where()).toMatchObject({ pathname: '/chat', type: 'REPLACE' });
  });
});

describe("going back to a path (a header's „Zurück“)", () => {
  function GoBack({ to }: { readonly to: string }) {
    const back = useNavigateBack();
    return <button onClick={() => back(to)}>{`zurück ${to}`}</button>;
  }
  const page = (
    <AppRouter>
      <Where />
      <Go to="/akte/uebersicht/verlauf" />
      <GoBack to="/akte/uebersicht" />
    </AppRouter>
  );
  const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

  it('should step Back, adding no entry, when the page was opened from that path – also after a reload', async () => {
    window.history.replaceState(null, '', '/akte/uebersicht');
    render(page);
    const before = window.history.length;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'gehe /akte/uebersicht/verlauf' })));
    expect(window.history.length).toBe(before + 1);
    // A reload on the screen: the new router still knows which entry comes before.
    cleanup();
    render(page);
    const back = popped();
    fireEvent.click(screen.getByRole('button', { name: 'zurück /akte/uebersicht' }));
    await act(async () => void (await back));
    expect(where()).toMatchObject({ pathname: '/akte/uebersicht', type: 'POP' });
    // Back went back: the screen is the entry ahead (Forward), not a new one behind the overview.
    expect(window.history.length).toBe(before + 1);
    const forward = popped();
    window.history.forward();
    await forward;
    expect(window.location.pathname).toBe('/akte/uebersicht/verlauf');
  });

  it('should put the path in place of the page opened directly (from elsewhere), adding no entry', () => {
    window.history.replaceState(null, '', '/akte/uebersicht/verlauf');
    render(page);
    const before = window.history.length;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'zurück /akte/uebersicht' })));
    expect(where()).toMatchObject({ pathname: '/akte/uebersicht', type: 'REPLACE' });
    expect(window.history.length).toBe(before);
  });

  it('should step back in a memory history too', () => {
    render(
      <AppRouter history={memoryHistory('/akte/uebersicht')}>
        <Where />
        <Go to="/akte/uebersicht/verlauf" />
        <GoBack to="/akte/uebersicht" />
      </AppRouter>,
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'gehe /akte/uebersicht/verlauf' })));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'zurück /akte/uebersicht' })));
    expect(where()).toMatchObject({ pathname: '/akte/uebersicht', key: 'default', type: 'POP' });
  });
});

describe('route parameters and query', () => {
  it('should decode parameters fully (a base64 phone number with / and =) and read the query', () => {
    const phone = encodeURIComponent(btoa('+49 30 12345??'));
    render(
      <AppRouter history={memoryHistory(`/chat/rueckruf/${phone}/${encodeURIComponent('24.11.2026, 08:00–12:00 Uhr')}?InsuranceNumber=A%2B1`)}>
        <Route path="/chat/rueckruf/:telephone?/:availability?">
          <Params />
        </Route>
      </AppRouter>,
    );
    expect(screen.getByRole('status', { name: 'Parameter' }).textContent).toBe(`${btoa('+49 30 12345??')}|24.11.2026, 08:00–12:00 Uhr|A+1`);
  });
});

describe('Link and NavLink', () => {
  it('should navigate in the app on a plain click and leave a click with a modifier key or a target to the browser', () => {
    render(
      <AppRouter history={memoryHistory('/start')}>
        <Where />
        <Link to="/weiter?x=1">Weiter</Link>
        <Link to="/neu" target="_blank">
          Neuer Tab
        </Link>
      </AppRouter>,
    );
    const link = screen.getByRole('link', { name: 'Weiter' });
    expect(link.getAttribute('href')).toBe('/weiter?x=1');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(where().pathname).toBe('/start');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Neuer Tab' }))).toBe(true);
    expect(where().pathname).toBe('/start');
    act(() => void fireEvent.click(link));
    expect(where()).toMatchObject({ pathname: '/weiter', search: '?x=1', type: 'PUSH' });
  });

  it('should mark the current page with "active" and aria-current="page" – below it too, unless `end`', () => {
    render(
      <AppRouter history={memoryHistory('/digitale-fallakte/abc/uebersicht/anwalt/mehr')}>
        <NavLink to="/digitale-fallakte/abc/uebersicht" end className="eintrag">
          Übersicht
        </NavLink>
        <NavLink to="/digitale-fallakte/abc/uebersicht/anwalt" className="eintrag">
          Anwalt
        </NavLink>
        <NavLink to="/digitale-fallakte/abc/uebersicht/an" className="eintrag">
          An
        </NavLink>
      </AppRouter>,
    );
    const overview = screen.getByRole('link', { name: 'Übersicht' });
    const lawyer = screen.getByRole('link', { name: 'Anwalt' });
    expect([overview.className, overview.getAttribute('aria-current')]).toEqual(['eintrag', null]);
    expect([lawyer.className, lawyer.getAttribute('aria-current')]).toEqual(['eintrag active', 'page']);
    expect(screen.getByRole('link', { name: 'An' }).className).toBe('eintrag');
  });
});
