// @vitest-environment jsdom
// The Vollmacht's text names the lawyer as „Rechtsanwältin“ or „Rechtsanwalt“ by the gender of their profile and the
// firm with its address (the Kanzleiangaben of the runtime settings), as the signed PDF does.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type CaseFileLawyer, type FirmDetails } from '@rechtschat/core';
import { memoryStorage, renderApp, testConfig } from '../../testSupport/app.js';
import { caseFileLawyer, fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const firm: FirmDetails = {
  Name: 'Berger & Partner Rechtsanwälte',
  RepresentedBy: '',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '',
  Email: '',
  BarChamber: '',
  LiabilityInsurance: '',
  Register: '',
  VatId: '',
  DataProtectionOfficer: '',
  SupervisoryAuthority: '',
};
const person = { FirstName: 'Erika', LastName: 'Muster', Email: 'e@example.org', Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: null };

function show(lawyer: CaseFileLawyer, firmDetails: FirmDetails | null) {
  renderApp(
    '/digitale-fallakte/tok/uebersicht/vollmacht',
    {
      caseFileAuthApi: fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), getLawyer: () => of(ok(lawyer)) }),
      caseFileContentApi: fakeCaseFileContentApi({ getPerson: () => of(ok(person)) }),
      storage: memoryStorage(),
    },
    { ...testConfig, firmName: firmDetails?.Name ?? null, firmDetails },
  );
}

const grant = () => screen.findByText(/^Hiermit wird/, {}, { timeout: 10_000 });

describe('Vollmacht text', () => {
  it('should name a female lawyer as Rechtsanwältin with the firm and its address', async () => {
    show({ ...caseFileLawyer, Name: 'Dr. Anna Berger', Gender: 'female' }, firm);
    expect((await grant()).textContent).toBe(
      'Hiermit wird Rechtsanwältin Dr. Anna Berger, Berger & Partner Rechtsanwälte, Musterstraße 12, 10115 Berlin, in der Sache „Kündigung“ (Aktenzeichen FA-2026-1) von Erika Muster',
    );
  });

  it('should keep the case reference on one line in the text (it broke as „FA-“ / „2026-…“ at 360 px)', async () => {
    show(caseFileLawyer, firm);
    const reference = within(await grant()).getByText('FA-2026-1');
    expect(reference.className).toBe('casefile-reference');
    // The plain hyphens stay, for a search in the page and copying.
    expect((await grant()).textContent).toContain('(Aktenzeichen FA-2026-1) von Erika Muster');
  });

  it('should name a male lawyer as Rechtsanwalt', async () => {
    show(caseFileLawyer, firm);
    expect((await grant()).textContent).toMatch(
      /^Hiermit wird Rechtsanwalt Markus Hoffmann, Berger & Partner Rechtsanwälte, Musterstraße 12, 10115 Berlin, in der Sache/,
    );
  });

  it('should name the lawyer alone when neither the gender nor the firm is known', async () => {
    show({ ...caseFileLawyer, Name: 'Kim Schäfer', Gender: 'other' }, null);
    expect((await grant()).textContent).toMatch(/^Hiermit wird Kim Schäfer in der Sache „Kündigung“/);
  });
});
