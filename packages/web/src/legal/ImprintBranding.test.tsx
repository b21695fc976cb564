// @vitest-environment jsdom
// The firm's details come from the runtime settings (appConfig.ts readBranding; saved in the console, else FIRM_NAME …):
// the imprint page shows them as a German law firm's imprint, leaving out what the firm left empty, the footer links
// IMPRINT_URL when set, and without any firm the built-in imprint note stays.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { FirmDetails } from '@rechtschat/core';
import { pageHeading, renderApp, testConfig } from '../testSupport/app.js';
import { firmNameLines } from './firmDetails.js';

afterEach(cleanup);

const branded = { ...testConfig, firmName: 'Kanzlei Muster & Partner', imprintUrl: 'https://kanzlei-muster.example/impressum' };

const BERGER: FirmDetails = {
  Name: 'Berger & Partner Rechtsanwälte',
  RepresentedBy: 'Berger & Partner Rechtsanwälte PartG mbB, vertreten durch die Partner Dr. Anna Berger und Jonas Weber',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '+49 30 1234567',
  Email: 'kanzlei@berger-partner.example',
  BarChamber: 'Rechtsanwaltskammer Berlin, Littenstraße 9, 10179 Berlin',
  LiabilityInsurance: 'Beispiel Versicherung AG, Versicherungsweg 1, 80331 München; Geltungsbereich: Europäische Union',
  Register: 'Partnerschaftsregister Amtsgericht Charlottenburg, PR 1234 B',
  VatId: 'DE123456789',
  DataProtectionOfficer: 'Datenschutz Beispiel GmbH, dsb@datenschutz.example',
  SupervisoryAuthority: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit, Alt-Moabit 59–61, 10555 Berlin',
};

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const text = () => document.querySelector('main, #root, body')?.textContent ?? '';

describe('imprint with the firm details', () => {
  it("should link the firm's imprint in the footer, in a new tab", async () => {
    renderApp('/chat/datenschutz', {}, branded);
    await pageHeading();
    const footer = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    const link = [...footer.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Impressum'));
    expect(link?.getAttribute('href')).toBe('https://kanzlei-muster.example/impressum');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it("should show a lawyer's imprint with every item the firm gave", async () => {
    renderApp('/impressum', {}, { ...testConfig, firmName: BERGER.Name, firmDetails: BERGER });
    expect(await pageHeading()).toBe('Impressum');
    expect(headings()).toEqual([
      'Anbieter',
      'Kontakt',
      'Berufsbezeichnung und zuständige Kammer',
      'Berufsrechtliche Regelungen',
      'Berufshaftpflichtversicherung',
      'Register und Umsatzsteuer',
      'Streitbeilegung',
    ]);
    // The name once, with its legal form; the representation on a line of its own.
    const address = document.querySelector('address')?.textContent;
    expect(address).toBe('Berger & Partner Rechtsanwälte PartG mbBvertreten durch die Partner Dr. Anna Berger und Jonas WeberMusterstraße 1210115 Berlin');
    expect(screen.getByRole('link', { name: '+49 30 1234567' }).getAttribute('href')).toBe('tel:+49301234567');
    expect(screen.getByRole('link', { name: BERGER.Email }).getAttribute('href')).toBe(`mailto:${BERGER.Email}`);
    expect(screen.getByText('Berufsbezeichnung: Rechtsanwältin/Rechtsanwalt (verliehen in der Bundesrepublik Deutschland)')).toBeTruthy();
    expect(screen.getByText(`Zuständige Rechtsanwaltskammer: ${BERGER.BarChamber}`)).toBeTruthy();
    expect(text()).toContain('Rechtsanwaltsvergütungsgesetz (RVG) und die Berufsregeln der Rechtsanwälte der Europäischen Union (CCBE-Berufsregeln)');
    expect(screen.getByRole('link', { name: 'www.brak.de' }).getAttribute('href')).toBe('https://www.brak.de');
    expect(screen.getByText(BERGER.LiabilityInsurance)).toBeTruthy();
    expect(screen.getByText(`Registereintrag: ${BERGER.Register}`)).toBeTruthy();
    expect(screen.getByText('Umsatzsteuer-Identifikationsnummer nach § 27a Umsatzsteuergesetz: DE123456789')).toBeTruthy();
    expect(text()).toContain('Schlichtungsstelle der Rechtsanwaltschaft möglich: Rauchstraße 26, 10787 Berlin,');
    expect(screen.getByRole('link', { name: 'www.s-d-r.org' }).getAttribute('href')).toBe('https://www.s-d-r.org');
    // The EU's online dispute resolution platform was shut down on 20 July 2025: never linked.
    expect(text()).not.toMatch(/ec\.europa\.eu\/consumers\/odr|OS-Plattform/);
    expect(screen.queryByRole('link', { name: /Zum Impressum des Betreibers/ })).toBeNull();
  });

  it('should leave out what the firm left empty, without a placeholder or a note about configuration', async () => {
    renderApp('/impressum', {}, branded);
    expect(await pageHeading()).toBe('Impressum');
    expect(headings()).toEqual(['Anbieter', 'Berufsbezeichnung und zuständige Kammer', 'Berufsrechtliche Regelungen', 'Streitbeilegung']);
    expect(document.querySelector('address')?.textContent).toBe('Kanzlei Muster & Partner');
    expect(screen.queryByText(/Zuständige Rechtsanwaltskammer/)).toBeNull();
    expect(text()).not.toMatch(/Anbieterkennzeichnung|nicht hinterlegt|IMPRINT_URL|FIRM_/);
    // IMPRINT_URL still leads to the firm's own imprint.
    expect(screen.getByRole('link', { name: /Zum Impressum des Betreibers/ }).getAttribute('href')).toBe('https://kanzlei-muster.example/impressum');
  });

  it('should keep the built-in imprint note and the internal link without any firm', async () => {
    renderApp('/impressum');
    await pageHeading();
    expect(screen.queryByRole('heading', { name: 'Anbieter' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Zum Impressum des Betreibers/ })).toBeNull();
    const footer = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    expect([...footer.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Impressum'))?.getAttribute('href')).toBe('/impressum');
  });
});

describe('privacy notices naming the controller', () => {
  it('should name the firm with address, contact, its data-protection officer and supervisory authority in the chat notice', async () => {
    renderApp('/chat/datenschutz', {}, { ...testConfig, firmName: BERGER.Name, firmDetails: BERGER });
    expect(await pageHeading()).toBe('Datenschutzhinweise zur Rechtsberatung im Chat');
    expect(screen.getByText('Verantwortlich für die Verarbeitung Ihrer Daten auf dieser Plattform ist:')).toBeTruthy();
    expect(document.querySelector('address')?.textContent).toContain('Musterstraße 1210115 Berlin');
    expect(screen.getByRole('link', { name: BERGER.Email })).toBeTruthy();
    expect(screen.getByText(`Kontaktdaten der oder des Datenschutzbeauftragten: ${BERGER.DataProtectionOfficer}`)).toBeTruthy();
    expect(screen.queryByText(/Bei Fragen zum Datenschutz/)).toBeNull();
    expect(text()).toContain(`insbesondere bei der für uns zuständigen: ${BERGER.SupervisoryAuthority}.`);
    expect(text()).not.toContain('der im Impressum genannte Betreiber');
  });

  it('should keep the general sentences while the firm gave neither address nor contact', async () => {
    renderApp('/chat/datenschutz', {}, { ...testConfig, firmName: 'Rechtschat' });
    await pageHeading();
    expect(text()).toContain('der im Impressum genannte Betreiber');
    expect(text()).toContain('Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren.');
  });

  it("should name the firm as controller in the case file's notice, its authority when given and the general sentence otherwise", async () => {
    renderApp(
      '/digitale-fallakte/datenschutz',
      {},
      { ...testConfig, firmName: BERGER.Name, firmDetails: { ...BERGER, DataProtectionOfficer: '', SupervisoryAuthority: '' } },
    );
    expect(await pageHeading()).toBe('Datenschutzhinweise zur digitalen Fallakte');
    expect(
      screen.getByText('Verantwortlich für die Verarbeitung Ihrer Daten in der digitalen Fallakte ist die Kanzlei, die Ihren Fall bearbeitet:'),
    ).toBeTruthy();
    expect(document.querySelector('address')?.textContent).toContain('Berger & Partner Rechtsanwälte PartG mbB');
    expect(screen.getByRole('link', { name: '+49 30 1234567' })).toBeTruthy();
    expect(screen.queryByText(/Datenschutzbeauftragte/)).toBeNull();
    expect(screen.getByText('Bei Fragen zum Datenschutz wenden Sie sich bitte direkt an die Kanzlei unter den oben genannten Kontaktdaten.')).toBeTruthy();
    expect(text()).toContain('sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren.');
  });

  it("should name the responsible firm in the case file's notice once, with its legal form, and its data-protection officer when one is given", async () => {
    renderApp('/digitale-fallakte/datenschutz', {}, { ...testConfig, firmName: BERGER.Name, firmDetails: BERGER });
    expect(await pageHeading()).toBe('Datenschutzhinweise zur digitalen Fallakte');
    const lines = [...(document.querySelector('address')?.querySelectorAll(':scope > span') ?? [])].map((line) => line.textContent);
    expect(lines.slice(0, 4)).toEqual([
      'Berger & Partner Rechtsanwälte PartG mbB',
      'vertreten durch die Partner Dr. Anna Berger und Jonas Weber',
      'Musterstraße 12',
      '10115 Berlin',
    ]);
    expect(lines.filter((line) => line?.startsWith('Berger & Partner'))).toHaveLength(1);
    expect(screen.getByText(`Kontaktdaten der oder des Datenschutzbeauftragten der Kanzlei: ${BERGER.DataProtectionOfficer}`)).toBeTruthy();
    expect(text()).not.toContain('Datenschutzbeauftragte/r');
    expect(screen.queryByText(/Bei Fragen zum Datenschutz/)).toBeNull();
  });

  it('should tell how to reach the firm about data protection in the chat notice when no officer is given', async () => {
    renderApp('/chat/datenschutz', {}, { ...testConfig, firmName: BERGER.Name, firmDetails: { ...BERGER, DataProtectionOfficer: '' } });
    await pageHeading();
    expect(screen.getByText('Bei Fragen zum Datenschutz wenden Sie sich bitte direkt an uns unter den oben genannten Kontaktdaten.')).toBeTruthy();
    expect(screen.queryByText(/Datenschutzbeauftragte/)).toBeNull();
  });
});

describe('firm name lines', () => {
  const lines = (Name: string, RepresentedBy: string) => firmNameLines({ Name, RepresentedBy });

  it('should say the name once when „Rechtsform und Vertretung“ repeats it, the representation on a line of its own', () => {
    expect(
      lines('Berger & Hoffmann Rechtsanwälte', 'Berger & Hoffmann Rechtsanwälte PartG mbB, vertreten durch die Partner Dr. Anna Berger und Markus Hoffmann'),
    ).toEqual(['Berger & Hoffmann Rechtsanwälte PartG mbB', 'vertreten durch die Partner Dr. Anna Berger und Markus Hoffmann']);
    expect(lines('Kanzlei Weber', 'Kanzlei Weber')).toEqual(['Kanzlei Weber']);
    expect(lines('Kanzlei Weber', 'kanzlei weber GmbH')).toEqual(['kanzlei weber GmbH']);
  });

  it('should put a bare legal form after the name and keep anything else as given', () => {
    expect(lines('Berger & Partner', 'PartG mbB, vertreten durch Dr. Anna Berger')).toEqual(['Berger & Partner PartG mbB', 'vertreten durch Dr. Anna Berger']);
    expect(lines('Kanzlei Weber', 'vertreten durch Rechtsanwalt Jonas Weber')).toEqual(['Kanzlei Weber', 'vertreten durch Rechtsanwalt Jonas Weber']);
    expect(lines('Kanzlei Weber', 'Inhaber: Rechtsanwalt Jonas Weber')).toEqual(['Kanzlei Weber', 'Inhaber: Rechtsanwalt Jonas Weber']);
    // A longer name that merely starts like the firm's is another name, not its legal form.
    expect(lines('Weber', 'Webermann Rechtsanwälte GmbH')).toEqual(['Weber', 'Webermann Rechtsanwälte GmbH']);
    expect(lines('Kanzlei Weber', '')).toEqual(['Kanzlei Weber']);
  });
});
