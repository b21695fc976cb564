// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok } from '@rechtschat/core';
import { fakeProductApi, pageHeading, renderApp } from '../testSupport/app.js';

afterEach(cleanup);

/** Chat sub-routes, legal pages and sub-paths with the German heading they must show. */
const SUB_ROUTE_HEADINGS: ReadonlyArray<[string, RegExp]> = [
  ['/chat/nutzungsbedingungen', /Nutzungsbedingungen der Rechtsberatung im Chat/],
  ['/chat/datenschutz', /Datenschutzhinweise/],
  ['/chat/rueckruf', /Hier ist kein Rückruf hinterlegt/],
  ['/chat/ausserhalb-dienstzeit', /Servicezeiten/],
  ['/impressum', /Impressum/],
  ['/vertragscheck/irgendein/unterpfad', /Vertragscheck/],
  ['/digitale-fallakte/datenschutz', /Datenschutzhinweise zur digitalen Fallakte/],
  ['/digitale-fallakte/fall-abgeschlossen', /Ihr Fall ist abgeschlossen/],
];

describe('app routes', () => {
  it.each(SUB_ROUTE_HEADINGS)('should show a German page heading on %s', async (path, heading) => {
    renderApp(path);
    expect(await pageHeading()).toMatch(heading);
  });

  it("should name the chat in the header and the title outside the case file, leading to the chat's start", async () => {
    renderApp('/impressum');
    expect(await pageHeading()).toBe('Impressum');
    expect(screen.getByRole('banner').querySelector('.site-name')?.getAttribute('href')).toBe('/chat');
    expect(screen.getByRole('banner').querySelector('.site-name')?.textContent).toBe('Rechtsberatung im Chat');
    expect(document.title).toBe('Impressum – Rechtsberatung im Chat');
  });

  it('should keep the case file’s name, home and legal links on the Impressum reached from its footer (it named the chat and led into it)', async () => {
    renderApp('/digitale-fallakte');
    await pageHeading();
    const footer = () => screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    fireEvent.click(within(footer()).getByRole('link', { name: 'Impressum' }));
    expect(await pageHeading()).toBe('Impressum');
    const name = screen.getByRole('banner').querySelector('.site-name');
    expect([name?.textContent, name?.getAttribute('href')]).toEqual(['Digitale Fallakte', '/digitale-fallakte']);
    expect(document.title).toBe('Impressum – Digitale Fallakte');
    // The case file's own privacy notice and terms, not the chat's; on to Barrierefreiheit it stays so.
    expect(within(footer()).getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/digitale-fallakte/datenschutz');
    expect(within(footer()).getByRole('link', { name: 'Nutzungsbedingungen' }).getAttribute('href')).toBe('/digitale-fallakte/nutzungsbedingungen');
    fireEvent.click(within(footer()).getByRole('link', { name: 'Barrierefreiheit' }));
    await screen.findByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' });
    expect(screen.getByRole('banner').querySelector('.site-name')?.textContent).toBe('Digitale Fallakte');
  });

  it.each(['/impressum', '/barrierefreiheit', '/agb'])(
    'should keep the case file’s name, home and legal links on %s opened from the case file in a new window or reloaded (no history state)',
    async (path) => {
      renderApp(`${path}?von=fallakte`);
      await pageHeading();
      const name = screen.getByRole('banner').querySelector('.site-name');
      expect([name?.textContent, name?.getAttribute('href')]).toEqual(['Digitale Fallakte', '/digitale-fallakte']);
      expect(document.title).toMatch(/ – Digitale Fallakte$/);
      const footer = within(screen.getByRole('navigation', { name: 'Rechtliche Hinweise' }));
      expect(footer.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/digitale-fallakte/datenschutz');
      // On to the other shared pages the origin goes along.
      expect(footer.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum?von=fallakte');
      expect(footer.getByRole('link', { name: 'Mandatsbedingungen' }).getAttribute('href')).toBe('/agb?von=fallakte');
    },
  );

  it('should name the chat on a shared page whose address names another origin than the case file', async () => {
    renderApp('/impressum?von=fallakte-oder-chat');
    await pageHeading();
    expect(screen.getByRole('banner').querySelector('.site-name')?.textContent).toBe('Rechtsberatung im Chat');
    expect(
      within(screen.getByRole('navigation', { name: 'Rechtliche Hinweise' }))
        .getByRole('link', { name: 'Impressum' })
        .getAttribute('href'),
    ).toBe('/impressum');
  });

  it('should show the German 404 page for an unknown path', async () => {
    renderApp('/gibt-es-nicht');
    expect(await pageHeading()).toBe('Seite nicht gefunden');
    // A new consultation needs the personal link: the page says where it comes from instead of a button into a dead end.
    expect(screen.getByText(/Eine Beratung im Chat beginnen Sie über Ihren persönlichen Link/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Rechtsberatung im Chat beginnen' })).toBeNull();
  });

  it('should redirect p to protokoll and keep the query string', async () => {
    renderApp('/p?reference=RC-1A2B3C4D', { productApi: fakeProductApi({ getCurrentUser: () => of(ok({ Id: 'user-1', Role: 'participant' as const })) }) });
    expect(await pageHeading()).toBe('Chatprotokoll herunterladen');
    expect(((await screen.findByLabelText(/Aktenzeichen/)) as HTMLInputElement).value).toBe('RC-1A2B3C4D');
  });

  it('should redirect p/<reference> to protokoll/<reference>, as p?reference= (a short link an outside tester found on the 404 page)', async () => {
    renderApp('/p/RC-1A2B3C4D', { productApi: fakeProductApi({ getCurrentUser: () => of(ok({ Id: 'user-1', Role: 'participant' as const })) }) });
    expect(await pageHeading()).toBe('Chatprotokoll herunterladen');
    expect(((await screen.findByLabelText(/Aktenzeichen/)) as HTMLInputElement).value).toBe('RC-1A2B3C4D');
  });

  it('should render one main landmark with id "inhalt", a header and the legal links in the footer', async () => {
    renderApp('/inkasso');
    await pageHeading();
    expect(screen.getByRole('main').id).toBe('inhalt');
    expect(screen.getByRole('banner')).toBeTruthy();
    const footerLinks = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    expect(footerLinks.textContent).toContain('Impressum');
    expect(footerLinks.textContent).toContain('Datenschutz');
    expect(footerLinks.textContent).toContain('Nutzungsbedingungen');
  });

  it('should show the configured office hours with German weekday names', async () => {
    const productApi = fakeProductApi({
      getServiceHours: () =>
        of(
          ok({
            IsOpen: false,
            TimeZone: 'Europe/Berlin',
            Hours: [
              { Weekday: 3, From: '09:00', To: '17:00' },
              { Weekday: 1, From: '08:00', To: '12:00' },
            ],
          }),
        ),
    });
    renderApp('/ausserhalb-dienstzeit', { productApi });
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WochentagUhrzeit',
      'Montag08:00 bis 12:00 Uhr',
      'Dienstaggeschlossen',
      'Mittwoch09:00 bis 17:00 Uhr',
      'Donnerstaggeschlossen',
      'Freitaggeschlossen',
      'Samstaggeschlossen',
      'Sonntaggeschlossen',
    ]);
    expect(screen.getByText(/Derzeit ist die Rechtsberatung im Chat leider nicht besetzt/)).toBeTruthy();
  });

  it('should say the office hours are in German time, without the technical zone name (another zone by its German name)', async () => {
    renderApp('/ausserhalb-dienstzeit');
    expect(await screen.findByText('Alle Zeiten in deutscher Zeit.')).toBeTruthy();
    expect(screen.queryByText(/Europe\/Berlin/)).toBeNull();
    cleanup();
    const newYork = { IsOpen: false, TimeZone: 'America/New_York', Hours: [] };
    renderApp('/ausserhalb-dienstzeit', { productApi: fakeProductApi({ getServiceHours: () => of(ok(newYork)) }) });
    expect(await screen.findByText('Alle Zeiten: Nordamerikanische Ostküstenzeit.')).toBeTruthy();
  });

  it('should show two ranges of a day in order and an always-open service as "rund um die Uhr" on all seven days', async () => {
    const twoRanges = [
      { Weekday: 6, From: '14:00', To: '16:00' },
      { Weekday: 6, From: '09:00', To: '12:00' },
    ];
    renderApp('/ausserhalb-dienstzeit', {
      productApi: fakeProductApi({ getServiceHours: () => of(ok({ IsOpen: true, TimeZone: 'Europe/Berlin', Hours: twoRanges })) }),
    });
    expect((await screen.findByRole('row', { name: /Samstag/ })).textContent).toBe('Samstag09:00 bis 12:00 Uhr, 14:00 bis 16:00 Uhr');
    // Open now, but the page has no way into the chat: it says how to get there (the personal link).
    expect(screen.getByText(/ist jetzt für Sie erreichbar\. Öffnen Sie dazu bitte erneut den persönlichen Link/)).toBeTruthy();
    cleanup();
    const always = [1, 2, 3, 4, 5, 6, 7].map((Weekday) => ({ Weekday, From: '00:00', To: '24:00' }));
    renderApp('/ausserhalb-dienstzeit', {
      productApi: fakeProductApi({ getServiceHours: () => of(ok({ IsOpen: true, TimeZone: 'Europe/Berlin', Hours: always })) }),
    });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(
      ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'].map((day) => `${day}rund um die Uhr`),
    );
  });

  it('should show phone and availability on the callback confirmation when both are given', async () => {
    renderApp(`/chat/rueckruf/${btoa('+49 30 1234567')}/${encodeURIComponent('24.11.2026, 08:00–12:00 Uhr')}`);
    expect(await screen.findByText('+49 30 1234567')).toBeTruthy();
    expect(screen.getByText('24.11.2026, 08:00–12:00 Uhr')).toBeTruthy();
  });

  it.each([
    ['a sentence as the phone', btoa('Rufen Sie sofort 0900 123456 an'), encodeURIComponent('24.11.2026, 08:00–12:00 Uhr')],
    ['a sentence as the availability', btoa('+49 30 1234567'), encodeURIComponent('Bitte überweisen Sie 50 € an DE12 3456')],
    ['a date followed by other text', btoa('+49 30 1234567'), encodeURIComponent('24.11.2026, rufen Sie 0900 123456 an')],
  ])('should confirm no callback and show none of the details for %s from a crafted link', async (_, phone, availability) => {
    renderApp(`/chat/rueckruf/${phone}/${availability}`);
    expect(await pageHeading()).toBe('Hier ist kein Rückruf hinterlegt');
    expect(screen.queryByText('Ihre Angaben')).toBeNull();
    expect(screen.queryByText(/0900|überweisen|DE12/)).toBeNull();
  });

  it('should confirm no callback and show no details when the phone is not valid base64', async () => {
    renderApp('/chat/rueckruf/kein*base64/morgen');
    expect(await pageHeading()).toBe('Hier ist kein Rückruf hinterlegt');
    expect(screen.queryByText('Ihre Angaben')).toBeNull();
  });

  it('should not confirm a callback on chat/rueckruf opened without one, and lead on to the service’s page and the chat', async () => {
    renderApp('/chat/rueckruf');
    expect(await pageHeading()).toBe('Hier ist kein Rückruf hinterlegt');
    expect(screen.queryByText(/Ihr Rückruf ist vereinbart|ruft Sie zum gewünschten Zeitpunkt zurück/)).toBeNull();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Mehr zum Rückrufservice' }).getAttribute('href')).toBe('/rueckruf');
    expect(main.getByRole('link', { name: 'Zur Rechtsberatung im Chat' }).getAttribute('href')).toBe('/chat');
    fireEvent.click(main.getByRole('link', { name: 'Mehr zum Rückrufservice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rückrufservice' })).toBeTruthy();
  });

  it('should offer no „Abmelden“ on chat/rueckruf without a callback to a visitor without a session', async () => {
    renderApp('/chat/rueckruf');
    await pageHeading();
    // jsdom applies no stylesheet: global.css's rule (pinned in layout/siteCss.test.ts) is matched here.
    expect(screen.getByRole('button', { name: 'Abmelden' }).matches('.site:has(.signed-out) .site-toolbar > button')).toBe(true);
  });
});
