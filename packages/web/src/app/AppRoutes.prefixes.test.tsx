// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
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
