// @vitest-environment jsdom
// What the firm shared into the Fallakte stands apart on „Dokumente“: a group „Von Ihrer Kanzlei“ with the lawyer's
// name, the date in German and the note, above the client's own documents; the client can download it but not remove it.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type CaseDocument } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { caseFileSummary, fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const openCase = { ...caseFileSummary, Closed: false, Description: '', Opponent: null, UpdatedAt: caseFileSummary.CreatedAt };
const base = { ContentType: 'application/pdf', Size: 2048 } as const;
const fromFirm: CaseDocument = {
  ...base,
  Id: 'f1',
  FileName: 'Klageentwurf.pdf',
  // 09:05 UTC in winter: 10:05 in Berlin.
  Created: '2026-12-07T09:05:00Z',
  UploadedBy: 'lawyer',
  SharedBy: 'Dr. Anna Berger',
  Note: 'Bitte bis Freitag lesen.',
  Removable: false,
};
const own: CaseDocument = { ...base, Id: 'c1', FileName: 'Mietvertrag.pdf', Created: '2026-12-01T09:00:00Z', UploadedBy: 'client', Removable: true };

function open(documents: readonly CaseDocument[]) {
  renderApp('/digitale-fallakte/tok/uebersicht/dokumente', {
    caseFileAuthApi: fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) }),
    caseFileContentApi: fakeCaseFileContentApi({ getCase: () => of(ok(openCase)), getDocuments: () => of(ok(documents)) }),
    storage: memoryStorage(),
  });
}

describe('documents the firm shared', () => {
  it('should list them under „Von Ihrer Kanzlei“ with the lawyer, the German date and the note, apart from the client’s own', async () => {
    open([fromFirm, own]);
    expect(await pageHeading()).toBe('Dokumente');
    const group = await screen.findByRole('region', { name: 'Von Ihrer Kanzlei' }, { timeout: 10_000 });
    const list = within(group).getByRole('list', { name: 'Von Ihrer Kanzlei' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Klageentwurf.pdf herunterladen' }).getAttribute('download')).toBe('Klageentwurf.pdf');
    expect(item.textContent).toContain('Bereitgestellt von Dr. Anna Berger am 7. Dezember 2026 um 10:05 · 2 KB');
    expect(item.textContent).toContain('Notiz Ihrer Kanzlei: Bitte bis Freitag lesen.');
    // The firm's document cannot be removed; the client's own still can.
    expect(within(group).queryByRole('button', { name: /entfernen/ })).toBeNull();
    const mine = screen.getByRole('list', { name: 'Ihre Dokumente' });
    expect(within(mine).getByRole('link', { name: 'Mietvertrag.pdf herunterladen' })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Mietvertrag.pdf entfernen' })).toBeTruthy();
  });

  it('should say that the client has uploaded nothing yet when only the firm shared documents', async () => {
    open([fromFirm]);
    await screen.findByRole('region', { name: 'Von Ihrer Kanzlei' }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Ihre Dokumente' })).toBeTruthy();
    expect(screen.getByText('Sie haben noch keine Dokumente hochgeladen.')).toBeTruthy();
    expect(screen.queryByText('Es sind noch keine Dokumente vorhanden.')).toBeNull();
  });
});
