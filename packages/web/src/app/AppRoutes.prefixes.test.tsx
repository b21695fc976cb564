// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { pageHeading, renderApp } from '../testSupport/app.js';

afterEach(cleanup);

/** Every top-level route prefix with the German heading it must show. */
const PREFIX_HEADINGS: ReadonlyArray<[string, RegExp]> = [
  ['/rueckruf', /Rückrufservice/],
  ['/digitale-fallakte', /Ihre digitale Fallakte/],
  ['/vertragscheck', /Vertragscheck/],
  ['/live-unterlagen-zugriff', /Live-Zugriff auf Unterlagen/],
  ['/onlineberatung', /Onlineberatung/],
  ['/website-check', /Website-Check/],
  ['/telefonberatung-mit-protokoll', /Telefonberatung mit Protokoll/],
  ['/inkasso', /Inkasso/],
  ['/follow-up', /Folgeberatung/],
  ['/protokoll', /Chatprotokoll herunterladen/],
  ['/einverstaendnis', /Einverständnis zur Deckungsabfindung/],
  ['/chat', /Bitte öffnen Sie den Chat über Ihren persönlichen Link/],
  ['/agb-check', /AGB-Check/],
  ['/mandatsfall', /Mandatsfall/],
  ['/external/mineko', /Weiterleitung zu unserem Partner/],
  ['/external/fallakte-export', /Datenexport/],
  ['/steuerungsfall', /Anwaltsvermittlung/],
  ['/deckungsabfindung', /Deckungsabfindung/],
  ['/deckungsabloese', /Deckungsabfindung/],
  ['/ausserhalb-dienstzeit', /Servicezeiten/],
  ['/logout', /Abmeldung/],
  ['/agb', /Mandatsbedingungen/],
  ['/barrierefreiheit', /Erklärung zur Barrierefreiheit/],
];

describe('top-level routes', () => {
  it.each(PREFIX_HEADINGS)('should show a German page heading on %s', async (path, heading) => {
    renderApp(path);
    expect(await pageHeading()).toMatch(heading);
  });
});

describe('external/:type', () => {
  it('should name an export whose address is an export name', async () => {
    renderApp('/external/fallakte-export');
    expect(
      await screen.findByText(
        'Der Export „fallakte-export“ wird über einen persönlichen Link bereitgestellt. Bitte öffnen Sie den Link, den Sie erhalten haben.',
      ),
    ).toBeTruthy();
  });

  it.each([
    ['a sentence of a crafted link', encodeURIComponent('Ihr Konto ist gesperrt. Rufen Sie sofort 0900 123456 an')],
    ['3,000 characters', 'x'.repeat(3000)],
    ['a right-to-left override', '%E2%80%AEfdp.exe'],
  ])('should not repeat %s from the address on the page', async (_, type) => {
    renderApp(`/external/${type}`);
    expect(
      await screen.findByText('Exporte werden über einen persönlichen Link bereitgestellt. Bitte öffnen Sie den Link, den Sie erhalten haben.'),
    ).toBeTruthy();
    expect(screen.queryByText(/gesperrt|xxxx|fdp/)).toBeNull();
  });
});
