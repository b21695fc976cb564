// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ok, type LawyerCaseFileDetail, type MandateApi, type Result } from '@rechtschat/core';
import { of } from 'rxjs';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.js';
import { caseFileSummary } from '../testSupport/caseFileSummaries.js';
import { later } from '../testSupport/fakes.js';
import { CaseFilesScreen } from './CaseFilesScreen.js';
import { MandateSection } from './MandateSection.js';

afterEach(cleanup);

const open = { CaseId: 'cf-9', Closed: false, ClosedAt: null, RetentionUntil: null };
// Ended on 31 December 2025 at 23:30 Berlin time: deletion from 1 January 2032, 00:00 Berlin time.
const ended = { CaseId: 'cf-9', Closed: true, ClosedAt: '2025-12-31T22:30:00.000Z', RetentionUntil: '2031-12-31T23:00:00.000Z' };
const answer = (view: typeof open | typeof ended) => of(ok(view as unknown as LawyerCaseFileDetail));

function setup(detail: typeof open | typeof ended, api: Partial<MandateApi> = {}) {
  const calls: string[] = [];
  const mandates: Pick<MandateApi, 'endMandate' | 'reopenMandate'> = {
    endMandate: vi.fn((id: string) => (calls.push(`end ${id}`), answer(ended))),
    reopenMandate: vi.fn((id: string) => (calls.push(`reopen ${id}`), answer(open))),
    ...api,
  };
  const onChanged = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <MandateSection detail={detail} api={mandates} onChanged={onChanged} now={() => Date.parse('2025-12-31T22:30:00.000Z')} />
    </I18nextProvider>,
  );
  return { calls, onChanged };
}

describe('MandateSection', () => {
  it('should ask before ending the mandate, name the deletion date in Berlin time, and end it on confirmation', async () => {
    const { calls, onChanged } = setup(open);
    expect(screen.getByTestId('mandate-state').textContent).toBe('Das Mandat ist offen. Solange es offen ist, wird die Fallakte nicht gelöscht.');
    fireEvent.click(screen.getByRole('button', { name: 'Mandat beenden' }));
    const dialog = screen.getByRole('dialog', { name: 'Mandat beenden?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/ab dem 1\. Januar 2032 gelöscht/)).toBeTruthy();
    expect(within(dialog).getByText(/§ 50 Abs\. 1 BRAO/)).toBeTruthy();
    // Focus starts on the harmless choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mandat beenden' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Das Mandat ist beendet.'));
    expect(calls).toEqual(['end cf-9']);
    expect(onChanged).toHaveBeenCalledWith('cf-9');
    expect(screen.getByTestId('mandate-state').textContent).toBe('Mandat beendet am 31. Dezember 2025, Löschung ab 1. Januar 2032.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Mandat' }));
    expect(screen.getByRole('button', { name: 'Mandat wieder eröffnen' })).toBeTruthy();
  });

  it('should change nothing when the lawyer cancels (Escape)', async () => {
    const { calls } = setup(open);
    fireEvent.click(screen.getByRole('button', { name: 'Mandat beenden' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('should show an ended mandate with its dates and reopen it', async () => {
    const { calls } = setup(ended);
    expect(screen.getByTestId('mandate-state').textContent).toBe('Mandat beendet am 31. Dezember 2025, Löschung ab 1. Januar 2032.');
    fireEvent.click(screen.getByRole('button', { name: 'Mandat wieder eröffnen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/wieder eröffnet/));
    expect(calls).toEqual(['reopen cf-9']);
    expect(screen.getByRole('button', { name: 'Mandat beenden' })).toBeTruthy();
  });

  it('should announce a failure and keep the state', async () => {
    const failed: Result<LawyerCaseFileDetail> = { _tag: 'Left', left: { _tag: 'HttpError', status: 500, code: 'Error', message: 'x' } } as never;
    setup(ended, { reopenMandate: () => later(failed) });
    fireEvent.click(screen.getByRole('button', { name: 'Mandat wieder eröffnen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Das Mandat konnte nicht geändert werden. Bitte versuchen Sie es erneut.'));
    expect(screen.getByTestId('mandate-state').textContent).toMatch(/^Mandat beendet am/);
  });
});

describe('CaseFilesScreen list', () => {
  const summary = caseFileSummary;

  it('should say for every file whether its mandate is open or ended', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <CaseFilesScreen
          caseFiles={[summary({}), summary({ CaseId: 'cf-2', Title: 'Unfall', Closed: true, ClosedAt: '2026-03-02T10:00:00.000Z' })]}
          opened={null}
          documentUrl={() => ''}
          onOpen={() => undefined}
          onClose={() => undefined}
          onRefresh={() => undefined}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('Kündigung – Max Mustermann · Mandat offen')).toBeTruthy();
    expect(screen.getByText('Unfall – Max Mustermann · Mandat beendet am 2. März 2026')).toBeTruthy();
  });
});
