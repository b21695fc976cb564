// @vitest-environment jsdom
// „Verlauf“ shows every entry with the server's German title and text, whatever its kind: the firm taking back a
// document it shared by mistake (`DocumentWithdrawn`) stands beside the earlier share, and a kind this app does not know
// – even one without a title – still reads as an entry with a heading.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { of } from 'rxjs';
import { ok, type HistoryEntry } from '@rechtschat/core';
import { memoryStorage, pageHeading, renderApp } from '../../testSupport/app.js';
import { caseFileSummary, fakeCaseFileAuthApi, fakeCaseFileContentApi } from '../../testSupport/caseFile.js';

afterEach(cleanup);

const openCase = { ...caseFileSummary, Closed: false, Description: '', Opponent: null, UpdatedAt: caseFileSummary.CreatedAt };
const history: HistoryEntry[] = [
  { Id: 'h4', Created: '2026-12-08T10:00:00Z', Kind: 'SomethingNew', Title: '', Text: 'Etwas, das diese Version noch nicht kennt.' },
  {
    Id: 'h3',
    // 09:30 UTC in winter: 10:30 in Berlin.
    Created: '2026-12-07T09:30:00Z',
    Kind: 'DocumentWithdrawn',
    Title: 'Dokument zurückgezogen',
    Text: 'Ihre Kanzlei hat das Dokument „Scheidungsurteil.pdf“ zurückgezogen.',
  },
  {
    Id: 'h2',
    Created: '2026-12-07T09:05:00Z',
    Kind: 'DocumentShared',
    Title: 'Dokument von Ihrer Kanzlei',
    Text: 'Dr. Anna Berger hat Ihnen das Dokument „Scheidungsurteil.pdf“ bereitgestellt.',
  },
  { Id: 'h1', Created: '2026-12-01T09:00:00Z', Kind: 'Created', Title: 'Fallakte angelegt', Text: 'Ihre digitale Fallakte wurde angelegt.' },
];

describe('the case-file history', () => {
  it('should show a withdrawn document with its German title and text, and an unknown kind as an entry of its own', async () => {
    renderApp('/digitale-fallakte/tok/uebersicht/verlauf', {
      caseFileAuthApi: fakeCaseFileAuthApi({ isAuthenticated: () => of(ok(true)), hasConsent: () => of(ok(true)) }),
      caseFileContentApi: fakeCaseFileContentApi({ getCase: () => of(ok(openCase)), getHistory: () => of(ok(history)) }),
      storage: memoryStorage(),
    });
    expect(await pageHeading()).toBe('Verlauf');
    const list = await screen.findByRole('list', { name: 'Verlauf' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Eintrag in Ihrer Fallakte',
      'Dokument zurückgezogen',
      'Dokument von Ihrer Kanzlei',
      'Fallakte angelegt',
    ]);
    expect(items[0]?.textContent).toContain('Etwas, das diese Version noch nicht kennt.');
    expect(items[1]?.textContent).toContain('Ihre Kanzlei hat das Dokument „Scheidungsurteil.pdf“ zurückgezogen.');
    expect(
      within(items[1]!)
        .getByText(/7\. Dezember 2026/)
        .closest('time')
        ?.getAttribute('dateTime'),
    ).toBe('2026-12-07T09:30:00Z');
  });
});
