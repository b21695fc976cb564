// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { defer, firstValueFrom, of } from 'rxjs';
import { err, httpError, ok, ONBOARDING_DRAFT_KEY } from '@rechtschat/core';
import { AppProviders } from '../app/App.js';
import { AreaErrorBoundary } from '../app/AreaErrorBoundary.js';
import { createAppContainer } from '../app/container.js';
import { createI18n } from '../i18n/i18n.js';
import { fakeChatHostApi, fakeProductApi, memoryStorage, renderApp, testConfig } from '../testSupport/app.js';
import { CHAT_HOST_SESSION_KEY } from '../chat/pages/enterNewChat.js';
import { chatDrafts } from '../chat/pages/chatDrafts.js';
import { MinekoRedirectPage } from './ExternalPages.js';
import { logoutEverywhere } from './LogoutPage.js';

afterEach(cleanup);

describe('logout', () => {
  it('should log out of the product API, then the chat host, and confirm in German', async () => {
    const order: string[] = [];
    const storage = memoryStorage();
    storage.set(CHAT_HOST_SESSION_KEY, 'u1');
    storage.set(ONBOARDING_DRAFT_KEY, '{"v":1}');
    chatDrafts(storage).set('rc.chat.draft.neu', 'Mein Arbeitgeber hat mir fristlos gekündigt');
    renderApp('/logout', {
      storage,
      productApi: fakeProductApi({ logout: () => (order.push('product'), of(ok(undefined))) }),
      chatHostApi: fakeChatHostApi({ logout: () => (order.push('chat-host'), of(ok(undefined))) }),
    });
    expect(await screen.findByText('Sie wurden erfolgreich abgemeldet. Ihre Sitzung ist beendet.')).toBeTruthy();
    expect(order).toEqual(['product', 'chat-host']);
    // /chat/new without the personal link only says to open that link: the page says so itself, no button to a dead end.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: /Beratung/ })).toBeNull();
    expect(screen.getByText(/öffnen Sie bitte erneut den persönlichen Link/)).toBeTruthy();
    expect(storage.get(CHAT_HOST_SESSION_KEY)).toBeNull();
    expect(storage.get(ONBOARDING_DRAFT_KEY)).toBeNull();
    // The next person in this tab must not find the unsent text in the chat field.
    expect(chatDrafts(storage).get('rc.chat.draft.neu')).toBeNull();
  });

  it('should end the page’s own chat connection before the logouts, so the chat host has none to close with an error', async () => {
    const order: string[] = [];
    const result = await firstValueFrom(
      logoutEverywhere(
        fakeProductApi({ logout: () => (order.push('product'), of(ok(undefined))) }),
        fakeChatHostApi({ logout: () => (order.push('chat-host'), of(ok(undefined))) }),
        () => defer(() => (order.push('chat-connection'), of(ok(undefined)))),
      ),
    );
    expect(result).toEqual(ok(undefined));
    expect(order).toEqual(['chat-connection', 'product', 'chat-host']);
  });

  it('should end only the chat host session from the callback confirmation and return to /chat', async () => {
    const order: string[] = [];
    renderApp('/chat/rueckruf', {
      productApi: fakeProductApi({ logout: () => (order.push('product'), of(ok(undefined))) }),
      chatHostApi: fakeChatHostApi({ logout: () => (order.push('chat-host'), of(ok(undefined))) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Bitte öffnen Sie den Chat über Ihren persönlichen Link'));
    expect(order).toEqual(['chat-host']);
  });
});

describe('chat after the logout', () => {
  // jsdom applies no stylesheet: the selector of global.css's rule (pinned in layout/siteCss.test.ts) is matched here.
  const HIDE_LOGOUT = '.site:has(.signed-out) .site-toolbar > button';
  const notSignedIn = () =>
    waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Bitte öffnen Sie den Chat über Ihren persönlichen Link'), { timeout: 10_000 });

  it('should hide "Abmelden" when Back after the logout leads to a chat address that shows the signed-out state', async () => {
    renderApp('/chat/case-1');
    await notSignedIn();
    expect(screen.getByRole('button', { name: 'Abmelden' }).matches(HIDE_LOGOUT)).toBe(true);
  });

  it('should offer neither a retry nor "Abmelden" for an invalid chat link', async () => {
    renderApp('/chat/new?InsuranceNumber=%25%25%25');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain('Der aufgerufene Link ist ungültig oder abgelaufen.');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Abmelden' }).matches(HIDE_LOGOUT)).toBe(true);
  });

  it('should keep "Abmelden" on the chat area’s other pages', async () => {
    renderApp('/chat/case-1');
    await notSignedIn();
    fireEvent.click(screen.getByRole('link', { name: 'Nutzungsbedingungen' }));
    await waitFor(() => expect(document.querySelector('.signed-out')).toBeNull(), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Abmelden' }).matches(HIDE_LOGOUT)).toBe(false);
  });
});

describe('Servicezeiten in the chat area (chat/ausserhalb-dienstzeit)', () => {
  // jsdom applies no stylesheet: the selector of global.css's rule (pinned in layout/siteCss.test.ts) is matched here.
  const HIDE_LOGOUT = '.site:has(.signed-out) .site-toolbar > button';
  const hoursShown = () => screen.findByRole('table', { name: 'Servicezeiten nach Wochentag' }, { timeout: 10_000 });

  it('should offer no "Abmelden" to a visitor without a session', async () => {
    renderApp('/chat/ausserhalb-dienstzeit');
    await hoursShown();
    expect(screen.getByRole('button', { name: 'Abmelden' }).matches(HIDE_LOGOUT)).toBe(true);
  });

  it('should offer "Abmelden" to a signed-in participant, whose session it ends', async () => {
    renderApp('/chat/ausserhalb-dienstzeit', { productApi: fakeProductApi({ getCurrentUser: () => of(ok({ Id: 'u1', Role: 'participant' as const })) }) });
    await hoursShown();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abmelden' }).matches(HIDE_LOGOUT)).toBe(false));
  });
});

describe('Servicezeiten on a closure day', () => {
  const closedForChristmas = () =>
    of(
      ok({
        IsOpen: false,
        TimeZone: 'Europe/Berlin',
        Hours: [1, 2, 3, 4, 5].map((Weekday) => ({ Weekday, From: '08:00', To: '20:00' })),
        Closure: { FirstDay: '2026-12-24', LastDay: '2026-12-24', Note: 'Heiligabend' },
        UpcomingClosures: [
          { FirstDay: '2026-12-31', LastDay: '2026-12-31', Note: 'Silvester' },
          { FirstDay: '2027-02-15', LastDay: '2027-02-19', Note: 'Betriebsferien' },
        ],
        OpensAt: '2026-12-25T07:00:00.000Z',
      }),
    );

  it('should name the closure with its note, when the chat opens again and the closures planned next', async () => {
    renderApp('/chat/ausserhalb-dienstzeit', { productApi: fakeProductApi({ getServiceHours: closedForChristmas }) });
    expect(
      await screen.findByText(
        /Am 24\.12\.2026 ist die Chatberatung geschlossen: Heiligabend\. Ab Freitag, 25\.12\.2026, 08:00 Uhr sind wir wieder für Sie da\./,
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    const planned = within(screen.getByRole('region', { name: 'Geplante Schließtage' }));
    expect(planned.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['31.12.2026: Silvester', '15.02.2027 bis 19.02.2027: Betriebsferien']);
    expect(screen.queryByText(/Derzeit ist die Rechtsberatung/)).toBeNull();
  });

  it('should name a closure of several days and keep the plain closed text without one', async () => {
    renderApp('/ausserhalb-dienstzeit', {
      productApi: fakeProductApi({
        getServiceHours: () =>
          of(ok({ IsOpen: false, TimeZone: 'Europe/Berlin', Hours: [], Closure: { FirstDay: '2026-12-23', LastDay: '2027-01-01', Note: 'Betriebsferien' } })),
      }),
    });
    expect(
      await screen.findByText('Vom 23.12.2026 bis 01.01.2027 ist die Chatberatung geschlossen: Betriebsferien.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    cleanup();
    renderApp('/ausserhalb-dienstzeit', {
      productApi: fakeProductApi({ getServiceHours: () => of(ok({ IsOpen: false, TimeZone: 'Europe/Berlin', Hours: [] })) }),
    });
    expect(await screen.findByText(/Derzeit ist die Rechtsberatung im Chat leider nicht besetzt/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Geplante Schließtage' })).toBeNull();
  });

  it('should say how to reach the firm while the chat is closed, with its phone and e-mail, and not while it is open', async () => {
    const firm = { ...testConfig, firmName: 'Berger & Partner', firmPhone: '+49 30 1234567', firmEmail: 'kanzlei@berger.example' };
    renderApp('/ausserhalb-dienstzeit', { productApi: fakeProductApi({ getServiceHours: closedForChristmas }) }, firm);
    const contact = within(await screen.findByRole('region', { name: 'Sie möchten die Kanzlei vorher erreichen?' }, { timeout: 10_000 }));
    expect(contact.getByText(/Außerhalb der Chatzeiten erreichen Sie Berger & Partner so:/)).toBeTruthy();
    expect(contact.getByRole('link', { name: '+49 30 1234567' }).getAttribute('href')).toBe('tel:+49301234567');
    expect(contact.getByRole('link', { name: 'kanzlei@berger.example' }).getAttribute('href')).toBe('mailto:kanzlei@berger.example');
    cleanup();
    renderApp(
      '/ausserhalb-dienstzeit',
      { productApi: fakeProductApi({ getServiceHours: () => of(ok({ IsOpen: true, TimeZone: 'Europe/Berlin', Hours: [] })) }) },
      firm,
    );
    await screen.findByRole('table', { name: 'Servicezeiten nach Wochentag' }, { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Sie möchten die Kanzlei vorher erreichen?' })).toBeNull();
  });

  it('should set the time-zone note apart from the heading below it by the sections’ spacing (it sat flush above it)', async () => {
    const firm = { ...testConfig, firmName: 'Berger & Partner', firmPhone: '+49 30 1234567', firmEmail: '' };
    renderApp('/ausserhalb-dienstzeit', { productApi: fakeProductApi({ getServiceHours: closedForChristmas }) }, firm);
    const note = await screen.findByText('Alle Zeiten in deutscher Zeit.', undefined, { timeout: 10_000 });
    // jsdom lays nothing out: the note carries the bottom spacing the sections after it carry (TitledSection, 16 px).
    const section = screen.getByRole('region', { name: 'Sie möchten die Kanzlei vorher erreichen?' });
    expect(note.classList.contains('ui-mb-2')).toBe(true);
    expect(section.classList.contains('ui-mb-2')).toBe(true);
  });
});

describe('focus management', () => {
  it('should move focus to the main content after client-side navigation', async () => {
    renderApp('/inkasso');
    fireEvent.click(await screen.findByRole('link', { name: 'Mandatsbedingungen' }));
    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Mandatsbedingungen'));
    expect(document.activeElement?.id).toBe('inhalt');
  });
});

describe('protocol download (/protokoll)', () => {
  const participant = (CaseId?: string) => () => of(ok({ Id: 'user-1', Role: 'participant' as const, ...(CaseId ? { CaseId } : {}) }));
  const pdf = { size: 5, type: 'application/pdf', arrayBuffer: () => Promise.resolve(new ArrayBuffer(5)) };

  it('should explain in German how to get there when nobody is signed in, without a form', async () => {
    renderApp('/protokoll');
    expect(await screen.findByRole('heading', { name: 'Bitte melden Sie sich zuerst an' })).toBeTruthy();
    expect(screen.getByText(/über Ihren persönlichen Link/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Chat' }).getAttribute('href')).toBe('/chat');
    expect(screen.queryByLabelText(/Aktenzeichen/)).toBeNull();
  });

  it('should suggest the latest case and download its PDF by the reference printed on it', async () => {
    const createObjectURL = vi.fn(() => 'blob:protokoll');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const requested: string[] = [];
    renderApp('/protokoll', {
      productApi: fakeProductApi({ getCurrentUser: participant('1a2b3c4dEFGH'), downloadProtocol: (reference) => (requested.push(reference), of(ok(pdf))) }),
    });
    const field = (await screen.findByLabelText(/Aktenzeichen/)) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('RC-1A2B3C4D'));
    fireEvent.change(field, { target: { value: ' rc-9z8y7x6w ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll herunterladen' }));
    expect(await screen.findByText('Das Protokoll RC-9Z8Y7X6W wurde heruntergeladen.')).toBeTruthy();
    expect(requested).toEqual(['RC-9Z8Y7X6W']);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    // A mistyped reference next (four characters instead of eight): its error stands alone, not beside the previous success.
    fireEvent.change(field, { target: { value: 'RC-12AB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll herunterladen' }));
    expect(await screen.findByText(/so ein, wie es auf Ihrem Protokoll steht/)).toBeTruthy();
    expect(screen.queryByText('Das Protokoll RC-9Z8Y7X6W wurde heruntergeladen.')).toBeNull();
  });

  it('should refuse a malformed reference without asking the server, and say when no case has the reference', async () => {
    const download = vi.fn(() => of(err(httpError(404, 'NotFound', 'nicht gefunden'))));
    renderApp('/protokoll/RC-1A2B', { productApi: fakeProductApi({ getCurrentUser: participant(), downloadProtocol: download }) });
    const field = await screen.findByLabelText(/Aktenzeichen/);
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll herunterladen' }));
    expect(await screen.findByText(/so ein, wie es auf Ihrem Protokoll steht/)).toBeTruthy();
    expect(download).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'RC-1A2B3C4D' } });
    fireEvent.click(screen.getByRole('button', { name: 'Protokoll herunterladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unter diesem Aktenzeichen haben wir keine Beratung von Ihnen gefunden. Bitte prüfen Sie Ihre Eingabe.',
    );
  });
});

function renderWithContainer(ui: React.ReactElement, config = testConfig) {
  const i18n = createI18n();
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const container = createAppContainer({ config, i18n, overrides: { logger } });
  render(
    <AppProviders container={container} i18n={i18n}>
      {ui}
    </AppProviders>,
  );
  return { logger };
}

describe('area error boundary', () => {
  it('should show the German fallback and report the error', () => {
    const Broken = () => {
      throw new Error('kaputt');
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { logger } = renderWithContainer(
      <AreaErrorBoundary area="chat">
        <Broken />
      </AreaErrorBoundary>,
    );
    consoleError.mockRestore();
    expect(screen.getByText('Dieser Bereich konnte nicht angezeigt werden')).toBeTruthy();
    expect(logger.error).toHaveBeenCalledWith(
      'Fehler',
      expect.objectContaining({ error: expect.any(Error), context: expect.objectContaining({ area: 'chat' }) }),
    );
  });
});

describe('external/mineko', () => {
  it('should forward to the allow-listed partner address', async () => {
    const assign = vi.fn();
    renderWithContainer(<MinekoRedirectPage assign={assign} />, { ...testConfig, minekoUrl: 'https://partner.example.de/' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example.de/'));
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
