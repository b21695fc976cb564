// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { of, Subject } from 'rxjs';
import { httpError, ok, err, type Report, type ReportFilters, type ReportQuery, type ReportsApi, type Result } from '@rechtschat/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.js';
import { ReportsScreen, type ReportsScreenProps } from './ReportsScreen.js';
import { periodFromQuery, queryOfPeriod } from './ReportsRoute.js';

afterEach(cleanup);

const report: Report = {
  From: '2026-11-01',
  To: '2026-11-30',
  Insurer: null,
  LawyerId: null,
  Counts: { Started: 1234, Taken: 1000, Completed: 900, Abandoned: 200, CallbackBeforeTaken: 100, Open: 34, CallbacksRequested: 112, CallbacksDone: 7 },
  WaitingTime: { Count: 1000, MedianSeconds: 45, P90Seconds: 150, MeanSeconds: 70 },
  Duration: { Count: 900, MedianSeconds: 1200, P90Seconds: 2088, MeanSeconds: 1296 },
  Ratings: {
    Count: 5,
    Mean: 3.8,
    Distribution: [0, 1, 1, 1, 2],
    Comments: [{ Date: '2026-11-02T09:15:00.000Z', Reference: 'RC-ABCDEFGH', Stars: 5, Comment: 'Sehr hilfreich' }],
  },
  FieldsOfLaw: [{ FieldOfLaw: 3, Name: 'Miet- und Wohnungseigentumsrecht', Started: 700, Completed: 600 }],
  Insurers: [{ InsurerId: null, Name: 'Standardversicherer', Started: 1234, Completed: 900 }],
  Lawyers: [
    {
      LawyerId: 'l-1',
      Name: 'Dr. Anna Berger',
      Taken: 600,
      Completed: 550,
      WaitingMedianSeconds: 40,
      DurationMedianSeconds: 1100,
      RatingCount: 3,
      RatingMean: 3.33,
    },
  ],
  Invoice: { Consultations: 912, Minutes: 18_345 },
};

function fakeApi(filters: Partial<ReportFilters> = {}, answer?: ReturnType<ReportsApi['report']>) {
  const queries: ReportQuery[] = [];
  const api: ReportsApi = {
    filters: () =>
      of(ok({ MayChooseLawyer: true, MayExportInvoice: true, Insurers: [{ Id: 'i-1', Name: 'Muster Rechtsschutz AG' }], Lawyers: [], ...filters })),
    report: (query) => {
      queries.push(query);
      return answer ?? of(ok({ ...report, From: query.From, To: query.To }));
    },
    invoiceCsvUrl: (query) => of(ok(`http://chat.test/api/reports/invoice.csv?from=${query.From}&to=${query.To}`)),
  };
  return { api, queries };
}

// 28 November 2026, 23:30 in Berlin (22:30 UTC).
const now = () => Date.parse('2026-11-28T22:30:00.000Z');

const loaded = () => screen.findByText(/^Bericht für .* geladen\.$/);

function show(api: ReportsApi, role: 'admin' | 'lawyer' = 'admin', more: Pick<ReportsScreenProps, 'initial' | 'onShow'> = {}) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <ReportsScreen api={api} me={{ Id: 'l-1', Role: role }} now={now} {...more} />
    </I18nextProvider>,
  );
}

describe('ReportsScreen', () => {
  it('should load the current Berlin month and show the key figures in de-DE', async () => {
    const { api, queries } = fakeApi();
    show(api);
    await loaded();
    const keyFigures = screen.getByRole('region', { name: 'Kennzahlen' });
    expect(within(keyFigures).getByText('Begonnene Beratungen').nextElementSibling?.textContent).toBe('1.234');
    expect(queries[0]).toEqual({ From: '2026-11-01', To: '2026-11-30' });
    expect(screen.getByRole('status').textContent).toBe('Bericht für 01.11.2026 bis 30.11.2026 geladen.');
    expect(screen.getByText('Median 45 Sek., 90 % bis 2,5 Min.')).toBeTruthy();
    expect(screen.getByText('5, im Mittel 3,8 Sterne')).toBeTruthy();
    expect(screen.getByText('Sehr hilfreich')).toBeTruthy();
  });

  it('should show the callbacks arranged before a lawyer came apart from the consultations abandoned', async () => {
    const { api } = fakeApi();
    show(api);
    await loaded();
    const keyFigures = screen.getByRole('region', { name: 'Kennzahlen' });
    const figure = (label: string) => within(keyFigures).getByText(label).nextElementSibling?.textContent;
    expect(figure('Abgebrochen, bevor jemand kam')).toBe('200');
    expect(figure('Rückruf vereinbart, bevor jemand kam')).toBe('100');
    const outcome = screen.getByRole('table', { name: 'Was aus den Beratungen wurde' });
    const row = (label: string) => within(outcome).getByRole('rowheader', { name: label }).parentElement?.textContent;
    expect(row('Abgebrochen vor Annahme')).toBe('Abgebrochen vor Annahme200');
    expect(row('Rückruf vor Annahme')).toBe('Rückruf vor Annahme100');
  });

  it('should put a data table beside every chart, and the charts in the accessibility tree as named images', async () => {
    const { api } = fakeApi();
    show(api);
    await loaded();
    const tables = screen.getAllByRole('table');
    expect(tables.map((table) => table.querySelector('caption')?.textContent)).toEqual([
      'Was aus den Beratungen wurde',
      'Rechtsgebiete',
      'Verteilung der Bewertungen',
      'Je Anwältin oder Anwalt (wer die Beratung angenommen hat)',
      'Je Versicherer',
    ]);
    const lawyers = tables[3] as HTMLElement;
    expect(within(lawyers).getByRole('rowheader', { name: 'Dr. Anna Berger' })).toBeTruthy();
    expect(within(lawyers).getByText('3,3 (3)')).toBeTruthy();
    const charts = await screen.findAllByRole('img');
    expect(charts).toHaveLength(5);
    expect(charts[0]?.getAttribute('aria-label')).toBe('Balkendiagramm: Was aus den Beratungen wurde. Die Werte stehen in der Tabelle daneben.');
  });

  it('should offer the invoice CSV to an administrator with the chosen period', async () => {
    const { api } = fakeApi();
    show(api);
    const link = await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(link.getAttribute('href')).toBe('http://chat.test/api/reports/invoice.csv?from=2026-11-01&to=2026-11-30');
    // The invoice bills by the end of a consultation, the report’s figures count by its start: the hint says so.
    expect(screen.getByText(/Die Abrechnung enthält jede Beratung, die im Zeitraum beendet wurde, auch wenn sie vorher begonnen hat/)).toBeTruthy();
    expect(screen.getByText(/Die Zahlen des Berichts zählen dagegen die im Zeitraum begonnenen Beratungen\./)).toBeTruthy();
  });

  it('should show beside the download what the invoice adds up to – consultations ended in the period and their minutes – and why it differs from „Abgeschlossen“', async () => {
    show(fakeApi().api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(screen.getByTestId('invoice-totals').textContent).toBe(
      'Die Abrechnung umfasst 912 im Zeitraum beendete Beratungen mit zusammen 18.345 Minuten (angefangene Minuten). „Abgeschlossen“ oben (900) zählt dagegen die im Zeitraum begonnenen Beratungen, daher der Unterschied.',
    );
    cleanup();
    show(fakeApi({}, of(ok({ ...report, Counts: { ...report.Counts, Completed: 1 }, Invoice: { Consultations: 1, Minutes: 7 } }))).api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(screen.getByTestId('invoice-totals').textContent).toBe(
      'Die Abrechnung umfasst 1 im Zeitraum beendete Beratung mit zusammen 7 Minuten (angefangene Minuten).',
    );
  });

  it('should say in words that an empty period’s invoice holds no consultation, and count a single minute in the singular', async () => {
    // An empty month: „umfasst 0 im Zeitraum beendete Beratungen mit zusammen 0 Minuten“ left the operator guessing
    // whether the file was broken or to be sent at all (operator pass 4, 2026-12-07).
    show(fakeApi({}, of(ok({ ...report, Counts: { ...report.Counts, Completed: 0 }, Invoice: { Consultations: 0, Minutes: 0 } }))).api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(screen.getByTestId('invoice-totals').textContent).toBe(
      'Im Zeitraum wurde keine Beratung beendet: Die Abrechnung enthält nur die Spaltenüberschriften und keine Beratung. Sie können sie so herunterladen, etwa wenn der Versicherer auch für einen leeren Monat eine Datei erwartet.',
    );
    cleanup();
    // One consultation of a few seconds bills one started minute – „1 Minute“, not „1 Minuten“.
    show(fakeApi({}, of(ok({ ...report, Counts: { ...report.Counts, Completed: 1 }, Invoice: { Consultations: 1, Minutes: 1 } }))).api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(screen.getByTestId('invoice-totals').textContent).toBe(
      'Die Abrechnung umfasst 1 im Zeitraum beendete Beratung mit zusammen 1 Minute (angefangene Minuten).',
    );
  });

  it('should name the chosen insurer in the invoice’s file name, so two insurers’ invoices of a month are two files', async () => {
    const period = (insurer: string) => ({ initial: { from: '2026-11-01', to: '2026-11-30', insurer, lawyer: '' } });
    const { api } = fakeApi({}, of(ok({ ...report, Insurer: 'i-1' })));
    show(api, 'admin', period('i-1'));
    const link = await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(link.getAttribute('download')).toBe('Abrechnung_Muster-Rechtsschutz-AG_2026-11-01_2026-11-30.csv');
    cleanup();
    show(fakeApi({}, of(ok({ ...report, Insurer: 'default' }))).api, 'admin', period('default'));
    const defaultLink = await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(defaultLink.getAttribute('download')).toBe('Abrechnung_Standardversicherer_2026-11-01_2026-11-30.csv');
    cleanup();
    show(fakeApi().api);
    const allLink = await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(allLink.getAttribute('download')).toBe('Abrechnung_2026-11-01_2026-11-30.csv');
  });

  it('should offer no invoice for a period or insurer chosen but not yet shown, so the download is always the report’s', async () => {
    const { api } = fakeApi();
    show(api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    const stale = /Sie haben den Zeitraum oder den Versicherer geändert\. Bitte klicken Sie auf „Bericht anzeigen“/;
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-11-15' } });
    expect(screen.queryByRole('link', { name: 'Abrechnung als CSV herunterladen' })).toBeNull();
    expect(screen.getByText(stale)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-11-01' } });
    expect(screen.getByRole('link', { name: 'Abrechnung als CSV herunterladen' })).toBeTruthy();
    // Another insurer chosen: every insurer's invoice is not offered under its name.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Versicherer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Muster Rechtsschutz AG' }));
    expect(screen.queryByRole('link', { name: 'Abrechnung als CSV herunterladen' })).toBeNull();
    expect(screen.getByText(stale)).toBeTruthy();
  });

  it('should say beside the invoice that it holds every lawyer’s consultations when one lawyer is chosen', async () => {
    const { api } = fakeApi({}, of(ok({ ...report, LawyerId: 'l-1' })));
    show(api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(
      screen.getByText(/Sie enthält die Beratungen aller Anwältinnen und Anwälte im Zeitraum, die Auswahl „Anwältin oder Anwalt“ gilt für sie nicht\./),
    ).toBeTruthy();
  });

  it('should not add that hint while all lawyers are shown', async () => {
    const { api } = fakeApi();
    show(api);
    await screen.findByRole('link', { name: 'Abrechnung als CSV herunterladen' });
    expect(screen.queryByText(/die Auswahl „Anwältin oder Anwalt“ gilt für sie nicht/)).toBeNull();
  });

  it('should load the chosen insurer and period when the form is sent', async () => {
    const { api, queries } = fakeApi();
    show(api);
    await loaded();
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-03-29' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bericht anzeigen' }));
    await screen.findByText('Bericht für 01.03.2026 bis 29.03.2026 geladen.');
    expect(queries.at(-1)).toEqual({ From: '2026-03-01', To: '2026-03-29' });
  });

  it('should open with the period and insurer of the address and hand every shown period back for it', async () => {
    const { api, queries } = fakeApi();
    const shown: unknown[] = [];
    show(api, 'admin', { initial: periodFromQuery(new URLSearchParams('von=2026-10-01&bis=2026-10-31&versicherer=i-1')), onShow: (p) => shown.push(p) });
    await screen.findByText('Bericht für 01.10.2026 bis 31.10.2026 geladen.');
    expect(queries[0]).toEqual({ From: '2026-10-01', To: '2026-10-31', Insurer: 'i-1' });
    // A whole month is that month in the list, not "Eigener Zeitraum".
    expect(screen.getByRole('combobox', { name: 'Monat oder Quartal' }).textContent).toBe('Oktober 2026');
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-10-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bericht anzeigen' }));
    expect(shown).toEqual([{ from: '2026-10-05', to: '2026-10-31', insurer: 'i-1', lawyer: '' }]);
    expect(queryOfPeriod(shown[0] as never).toString()).toBe('von=2026-10-05&bis=2026-10-31&versicherer=i-1');
    // Anything but two days in the address opens the current month.
    expect(periodFromQuery(new URLSearchParams('von=gestern&bis=2026-10-31'))).toBeNull();
  });

  it('should offer the last five quarters beside the months, load a chosen quarter and name one in the address', async () => {
    const { api, queries } = fakeApi();
    const shown: unknown[] = [];
    show(api, 'admin', { onShow: (p) => shown.push(p) });
    await loaded();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Monat oder Quartal' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options.filter((label) => label?.includes('Quartal'))).toEqual([
      '4. Quartal 2026 (Oktober–Dezember)',
      '3. Quartal 2026 (Juli–September)',
      '2. Quartal 2026 (April–Juni)',
      '1. Quartal 2026 (Januar–März)',
      '4. Quartal 2025 (Oktober–Dezember)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: '3. Quartal 2026 (Juli–September)' }));
    await screen.findByText('Bericht für 01.07.2026 bis 30.09.2026 geladen.');
    expect(queries.at(-1)).toEqual({ From: '2026-07-01', To: '2026-09-30' });
    expect(shown).toEqual([{ from: '2026-07-01', to: '2026-09-30', insurer: '', lawyer: '' }]);
    cleanup();
    // A bookmarked quarter opens as that quarter in the list, not as "Eigener Zeitraum".
    show(fakeApi().api, 'admin', { initial: periodFromQuery(new URLSearchParams('von=2025-10-01&bis=2025-12-31')) });
    await screen.findByText('Bericht für 01.10.2025 bis 31.12.2025 geladen.');
    expect(screen.getByRole('combobox', { name: 'Monat oder Quartal' }).textContent).toBe('4. Quartal 2025 (Oktober–Dezember)');
  });

  it('should show a lawyer neither filters of others nor the invoice', async () => {
    const { api } = fakeApi({ MayChooseLawyer: false, MayExportInvoice: false });
    show(api, 'lawyer');
    await loaded();
    expect(screen.getByText(/Ihre eigenen Zahlen/)).toBeTruthy();
    expect(screen.queryByLabelText('Versicherer')).toBeNull();
    expect(screen.queryByLabelText('Anwältin oder Anwalt')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Abrechnung als CSV herunterladen' })).toBeNull();
  });

  it('should show a lawyer their own figures for a link with an insurer and a colleague, and drop both from the address', async () => {
    // An administrator sends „/konsole/berichte?von=…&anwalt=<colleague>“; the lawyer's screen has neither filter, so
    // sending them would refuse (403) or narrow the lawyer's own figures with nothing on the screen to undo it.
    const { api, queries } = fakeApi({ MayChooseLawyer: false, MayExportInvoice: false });
    const shown: unknown[] = [];
    show(api, 'lawyer', {
      initial: periodFromQuery(new URLSearchParams('von=2026-10-01&bis=2026-10-31&versicherer=i-1&anwalt=l-2')),
      onShow: (p) => shown.push(p),
    });
    await screen.findByText('Bericht für 01.10.2026 bis 31.10.2026 geladen.');
    expect(queries[0]).toEqual({ From: '2026-10-01', To: '2026-10-31' });
    expect(screen.queryByText('Keine Berechtigung für diese Zahlen.')).toBeNull();
    expect(shown).toEqual([{ from: '2026-10-01', to: '2026-10-31', insurer: '', lawyer: '' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Bericht anzeigen' }));
    expect(queries.at(-1)).toEqual({ From: '2026-10-01', To: '2026-10-31' });
  });

  it('should keep an administrator’s link to one colleague’s figures as it is', async () => {
    const { api, queries } = fakeApi({ Lawyers: [{ Id: 'l-2', Name: 'Markus Hoffmann', Deactivated: false }] });
    const shown: unknown[] = [];
    show(api, 'admin', { initial: periodFromQuery(new URLSearchParams('von=2026-10-01&bis=2026-10-31&anwalt=l-2')), onShow: (p) => shown.push(p) });
    await screen.findByText('Bericht für 01.10.2026 bis 31.10.2026 geladen.');
    expect(queries[0]).toEqual({ From: '2026-10-01', To: '2026-10-31', LawyerId: 'l-2' });
    expect(shown).toEqual([]);
  });

  it('should mark a deactivated colleague in the lawyer choice as „(deaktiviert)“', async () => {
    const { api } = fakeApi({
      Lawyers: [
        { Id: 'l-1', Name: 'Dr. Anna Berger', Deactivated: false },
        { Id: 'l-2', Name: 'Markus Hoffmann', Deactivated: true },
      ],
    });
    show(api);
    await loaded();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Anwältin oder Anwalt' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Alle', 'Dr. Anna Berger', 'Markus Hoffmann (deaktiviert)']);
  });

  it('should announce a refused report', async () => {
    const { api } = fakeApi({}, of(err(httpError(403, 'Forbidden', 'Nein'))));
    show(api);
    expect(await screen.findByText('Keine Berechtigung für diese Zahlen.')).toBeTruthy();
  });

  it('should show the server’s words for a refused period and mark the dates, not ask to try again', async () => {
    const { api } = fakeApi({}, of(err(httpError(400, 'BadRequest', 'Der Zeitraum ist zu lang (höchstens drei Jahre).'))));
    show(api);
    expect(await screen.findByText('Der Zeitraum ist zu lang (höchstens drei Jahre).')).toBeTruthy();
    expect(screen.queryByText('Der Bericht konnte nicht geladen werden. Bitte versuchen Sie es erneut.')).toBeNull();
    expect(screen.getByLabelText('Von').getAttribute('aria-invalid')).toBe('true');
  });

  it('should give the keyboard focus back to „Bericht anzeigen“ once the report is there, and mark a period that ends before it starts', async () => {
    const answers = new Subject<Result<Report>>();
    const { api } = fakeApi({}, answers);
    show(api);
    act(() => answers.next(ok(report)));
    await loaded();
    const button = screen.getByRole('button', { name: 'Bericht anzeigen' });
    button.focus();
    fireEvent.click(button);
    expect(button.hasAttribute('disabled')).toBe(true);
    // The browser drops the focus of a button that becomes disabled to the page's start.
    button.blur();
    act(() => answers.next(ok(report)));
    await loaded();
    expect(document.activeElement).toBe(button);

    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '2026-03-29' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-03-01' } });
    fireEvent.click(button);
    expect(await screen.findByText('Bitte wählen Sie einen gültigen Zeitraum (Von nicht nach Bis).')).toBeTruthy();
    expect(screen.getByLabelText('Von').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Bis').getAttribute('aria-invalid')).toBe('true');
    // The focus goes to the first marked field.
    expect(document.activeElement).toBe(screen.getByLabelText('Von'));
    // Both fields name the line that says why (WCAG 3.3.1).
    for (const label of ['Von', 'Bis']) {
      const described = document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toBe('Bitte wählen Sie einen gültigen Zeitraum (Von nicht nach Bis).');
    }
  });
});
