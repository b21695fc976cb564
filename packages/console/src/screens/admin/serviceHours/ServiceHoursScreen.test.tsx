// @vitest-environment jsdom
// /konsole/verwaltung/servicezeiten: open now or not (and why), the weekly editor keeping every stored period (a
// lunch break stays two periods), checks before sending, closures in de-DE with who entered them, adding and removing
// (after confirmation) with the success announced and the focus moved; the server's German refusal beside its form.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { of, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, httpError, ok, type Result, type ServiceHoursAdminApi, type ServiceHoursSettings } from '@rechtschat/core';
import { createI18n } from '../../../i18n/i18n.js';
import { consoleOnFakeClock } from '../../../testSupport/fakeClock.js';
import { ServiceHoursScreen } from './ServiceHoursScreen.js';

afterEach(cleanup);

const lunchBreak = [1, 2, 3, 4, 5].flatMap((Weekday) => [
  { Weekday, From: '08:00', To: '12:00' },
  { Weekday, From: '13:00', To: '18:00' },
]);
const christmasEve = {
  Id: 'c-1',
  FirstDay: '2026-12-24',
  LastDay: '2026-12-24',
  Note: 'Heiligabend',
  CreatedByName: 'Dr. Eva Schneider',
  CreatedAt: '2026-12-01T09:00:00.000Z',
};
const settings: ServiceHoursSettings = {
  Effective: { IsOpen: false, Hours: lunchBreak, TimeZone: 'Europe/Berlin', Closure: null, UpcomingClosures: [], OpensAt: '2026-12-23T12:00:00.000Z' },
  Source: 'console',
  Weekly: lunchBreak,
  UpdatedByName: 'Dr. Eva Schneider',
  UpdatedAt: '2026-12-01T09:00:00.000Z',
  Closures: [christmasEve, { ...christmasEve, Id: 'c-2', FirstDay: '2026-12-28', LastDay: '2027-01-01', Note: 'Betriebsferien' }],
};

function fakeApi(overrides: Partial<ServiceHoursAdminApi> = {}): ServiceHoursAdminApi {
  return {
    get: vi.fn(() => of(ok(settings))),
    saveWeekly: vi.fn((request) => of(ok({ ...settings, Weekly: request.Hours, UpdatedAt: '2026-12-23T11:30:00.000Z' }))),
    resetWeekly: vi.fn(() => of(ok({ ...settings, Source: 'environment' as const, UpdatedByName: null, UpdatedAt: null }))),
    addClosure: vi.fn((request) => of(ok({ ...settings, Closures: [...settings.Closures, { ...christmasEve, Id: 'c-3', ...request }] }))),
    removeClosure: vi.fn((id) => of(ok({ ...settings, Closures: settings.Closures.filter((c) => c.Id !== id) }))),
    ...overrides,
  };
}

/** Monday, 7 December 2026, 11:00 in Berlin: the screen's "now" unless a test sets another. */
const MONDAY_MORNING = Date.parse('2026-12-07T10:00:00.000Z');

function show(api: ServiceHoursAdminApi, now = MONDAY_MORNING) {
  render(
    <I18nextProvider i18n={createI18n()}>
      <ServiceHoursScreen api={api} onSessionExpired={vi.fn()} now={() => now} />
    </I18nextProvider>,
  );
}

const day = (name: string) => screen.getByRole('group', { name });
const field = (dayName: string, period: number, label: 'Von' | 'Bis') =>
  within(within(day(dayName)).getByRole('group', { name: `${dayName}, Zeitraum ${period}` })).getByRole('textbox', { name: label });

describe('ServiceHoursScreen', () => {
  it('should say whether the chat is open now, when it opens again and who set the hours', () => {
    show(fakeApi());
    expect(screen.getByText('Die Chatberatung ist jetzt geschlossen.')).toBeTruthy();
    expect(screen.getByText('Sie öffnet wieder am Mittwoch, 23.12.2026, um 13:00 Uhr.')).toBeTruthy();
    expect(screen.getByText('Zuletzt geändert von Dr. Eva Schneider am 01.12.2026, 10:00.')).toBeTruthy();
  });

  it('should say „heute“ and „morgen“ by the Berlin calendar day, and the weekday with the date further ahead', () => {
    const opensAt = (OpensAt: string, now: string) => {
      cleanup();
      show(fakeApi({ get: vi.fn(() => of(ok({ ...settings, Effective: { ...settings.Effective, OpensAt } }))) }), Date.parse(now));
      return screen.getByText(/^Sie öffnet wieder/).textContent;
    };
    expect(opensAt('2026-12-07T07:00:00.000Z', '2026-12-07T06:00:00.000Z')).toBe('Sie öffnet wieder heute um 08:00 Uhr.');
    expect(opensAt('2026-12-08T07:00:00.000Z', '2026-12-07T18:00:00.000Z')).toBe('Sie öffnet wieder morgen um 08:00 Uhr.');
    expect(opensAt('2026-12-14T07:00:00.000Z', '2026-12-11T18:00:00.000Z')).toBe('Sie öffnet wieder am Montag, 14.12.2026, um 08:00 Uhr.');
    // 00:30 in Berlin is still the previous day in UTC: the Berlin day decides (08:00 that morning is today).
    expect(opensAt('2026-12-08T07:00:00.000Z', '2026-12-07T23:30:00.000Z')).toBe('Sie öffnet wieder heute um 08:00 Uhr.');
    // Across the month's and the year's end, and in summer time (UTC+2).
    expect(opensAt('2027-01-01T07:00:00.000Z', '2026-12-31T12:00:00.000Z')).toBe('Sie öffnet wieder morgen um 08:00 Uhr.');
    expect(opensAt('2027-07-02T06:00:00.000Z', '2027-06-30T12:00:00.000Z')).toBe('Sie öffnet wieder am Freitag, 02.07.2027, um 08:00 Uhr.');
  });

  it('should name today’s closure and the SERVICE_HOURS default', () => {
    show(
      fakeApi({
        get: vi.fn(() => of(ok({ ...settings, Source: 'environment' as const, Effective: { ...settings.Effective, Closure: christmasEve, OpensAt: null } }))),
      }),
    );
    expect(screen.getByText('Heute ist ein Schließtag: Heiligabend.')).toBeTruthy();
    expect(screen.getByText(/Einstellung SERVICE_HOURS/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voreinstellung des Servers verwenden' })).toBeNull();
  });

  it('should show both periods of a day with a lunch break and save them all', async () => {
    const api = fakeApi();
    show(api);
    expect((field('Montag', 1, 'Bis') as HTMLInputElement).value).toBe('12:00');
    expect((field('Montag', 2, 'Von') as HTMLInputElement).value).toBe('13:00');
    expect((within(day('Samstag')).getByRole('checkbox', { name: 'Geöffnet' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(day('Samstag')).getByRole('checkbox', { name: 'Geöffnet' }));
    // Typed as people write times: „9:00“ and „13“ are 09:00 and 13:00.
    fireEvent.change(field('Samstag', 1, 'Von'), { target: { value: '9:00' } });
    fireEvent.change(field('Samstag', 1, 'Bis'), { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Servicezeiten speichern' }));
    expect(api.saveWeekly).toHaveBeenCalledWith({ Hours: [...lunchBreak, { Weekday: 6, From: '09:00', To: '13:00' }] });
    expect(screen.getByRole('status').textContent).toBe('Die wöchentlichen Servicezeiten sind gespeichert und gelten ab sofort.');
    await waitFor(() => expect(document.activeElement?.id).toBe('hours-weekly-heading'));
  });

  it('should add and remove a second period with the keyboard landing in it', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Weiteren Zeitraum hinzufügen: Freitag (z. B. nach einer Mittagspause)' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Freitag', 3, 'Von')));
    fireEvent.click(screen.getByRole('button', { name: 'Zeitraum entfernen: Freitag, Zeitraum 3' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Freitag', 2, 'Von')));
  });

  it('should name wrong times beside their fields and send nothing', () => {
    const api = fakeApi();
    show(api);
    fireEvent.change(field('Dienstag', 1, 'Bis'), { target: { value: '07:00' } });
    fireEvent.change(field('Mittwoch', 2, 'Von'), { target: { value: '11:30' } });
    fireEvent.change(field('Donnerstag', 1, 'Von'), { target: { value: '8 Uhr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Servicezeiten speichern' }));
    expect(api.saveWeekly).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte korrigieren Sie die markierten Uhrzeiten.')).toBeTruthy();
    expect(within(day('Dienstag')).getByText('Das Ende muss nach dem Beginn liegen.')).toBeTruthy();
    expect(within(day('Mittwoch')).getByText('Dieser Zeitraum überschneidet sich mit dem vorigen.')).toBeTruthy();
    expect(within(day('Donnerstag')).getByText('Bitte im Format HH:MM angeben, z. B. 08:00.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Dienstag', 1, 'Bis'));
  });

  it('should list closures with de-DE dates and who entered them, and remove one only after confirmation', async () => {
    const api = fakeApi();
    show(api);
    const table = screen.getByRole('table', { name: 'Schließtage' });
    expect(within(table).getByRole('row', { name: /24\.12\.2026 Heiligabend Dr\. Eva Schneider, 01\.12\.2026, 10:00/ })).toBeTruthy();
    expect(within(table).getByText('28.12.2026 bis 01.01.2027')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Entfernen: Heiligabend (24.12.2026)' }));
    const dialog = screen.getByRole('dialog', { name: 'Schließtag entfernen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(api.removeClosure).not.toHaveBeenCalled();
    fireEvent.click(within(table).getByRole('button', { name: 'Entfernen: Heiligabend (24.12.2026)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Schließtag entfernen' }));
    expect(api.removeClosure).toHaveBeenCalledWith('c-1');
    expect(screen.getByRole('status').textContent).toBe('Der Schließtag „Heiligabend“ ist entfernt.');
    await waitFor(() => expect(document.activeElement?.id).toBe('hours-closures-heading'));
    expect(within(screen.getByRole('table', { name: 'Schließtage' })).queryByText('Heiligabend')).toBeNull();
  });

  it('should add a closure (one day when the last is empty), announce it and be ready for the next', async () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Schließtag eintragen' }));
    expect(api.addClosure).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte geben Sie den ersten Tag an.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Erster Tag/), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Hinweis für Ratsuchende/ }), { target: { value: ' Silvester ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schließtag eintragen' }));
    expect(api.addClosure).toHaveBeenCalledWith({ FirstDay: '2026-12-31', LastDay: '2026-12-31', Note: 'Silvester' });
    expect(screen.getByRole('status').textContent).toBe('Der Schließtag „Silvester“ ist eingetragen.');
    await waitFor(() => expect(document.activeElement?.id).toBe('closure-first-day'));
    expect((screen.getByLabelText(/Erster Tag/) as HTMLInputElement).value).toBe('');
  });

  it('should announce the closure with its note as the server stored it, not with invisible characters as typed', () => {
    const stored = (request: { FirstDay: string; LastDay: string; Note: string }) =>
      of(ok({ ...settings, Closures: [...settings.Closures, { ...christmasEve, Id: 'c-4', ...request, Note: 'Betriebsausflug evil' }] }));
    show(fakeApi({ addClosure: vi.fn(stored) }));
    fireEvent.change(screen.getByLabelText(/Erster Tag/), { target: { value: '2026-12-30' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Hinweis für Ratsuchende/ }), { target: { value: 'Betriebsausflug \u202Eevil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schließtag eintragen' }));
    expect(screen.getByRole('status').textContent).toBe('Der Schließtag „Betriebsausflug evil“ ist eingetragen.');
  });

  it('should show the server’s German refusal beside the closure form and keep the input', () => {
    const refusal = httpError(400, 'BadRequest', 'Dieser Zeitraum liegt vollständig in der Vergangenheit.');
    show(fakeApi({ addClosure: vi.fn(() => of(err(refusal))) }));
    fireEvent.change(screen.getByLabelText(/Erster Tag/), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Hinweis für Ratsuchende/ }), { target: { value: 'Vorbei' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schließtag eintragen' }));
    expect(screen.getByText('Die Änderung wurde nicht gespeichert: Dieser Zeitraum liegt vollständig in der Vergangenheit.')).toBeTruthy();
    expect((screen.getByLabelText(/Erster Tag/) as HTMLInputElement).value).toBe('2026-12-01');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('should keep the input of a refused closure after an accepted one, so it can be corrected', async () => {
    const refusal = httpError(409, 'Conflict', 'Am 25.12.2026 ist bereits „Weihnachten“ als Schließung eingetragen.');
    const api = fakeApi();
    vi.mocked(api.addClosure)
      .mockImplementationOnce((request) => of(ok({ ...settings, Closures: [...settings.Closures, { ...christmasEve, Id: 'c-3', ...request }] })))
      .mockImplementationOnce(() => of(err(refusal)));
    show(api);
    const firstDay = () => screen.getByLabelText(/Erster Tag/) as HTMLInputElement;
    const note = () => screen.getByRole('textbox', { name: /Hinweis für Ratsuchende/ }) as HTMLInputElement;
    fireEvent.change(firstDay(), { target: { value: '2026-12-24' } });
    fireEvent.change(screen.getByLabelText(/Letzter Tag/), { target: { value: '2026-12-26' } });
    fireEvent.change(note(), { target: { value: 'Weihnachten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schließtag eintragen' }));
    await waitFor(() => expect(firstDay().value).toBe(''));
    fireEvent.change(firstDay(), { target: { value: '2026-12-25' } });
    fireEvent.change(note(), { target: { value: 'Erster Weihnachtstag' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schließtag eintragen' }));
    expect(screen.getByText(/Am 25.12.2026 ist bereits „Weihnachten“ als Schließung eingetragen./)).toBeTruthy();
    expect(firstDay().value).toBe('2026-12-25');
    expect(note().value).toBe('Erster Weihnachtstag');
  });

  it('should give the keyboard focus back to „Schließtag eintragen“ after the server refused the closure', () => {
    const answer = new Subject<Result<ServiceHoursSettings>>();
    show(fakeApi({ addClosure: vi.fn(() => answer) }));
    fireEvent.change(screen.getByLabelText(/Erster Tag/), { target: { value: '2026-12-24' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Hinweis für Ratsuchende/ }), { target: { value: 'Heiligabend' } });
    const add = screen.getByRole('button', { name: 'Schließtag eintragen' });
    add.focus();
    fireEvent.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    // The browser drops the focus of a button that becomes disabled to the page's start.
    add.blur();
    act(() => answer.next(err(httpError(409, 'Conflict', 'Am 24.12.2026 ist bereits „Heiligabend“ als Schließung eingetragen.'))));
    expect(screen.getByText(/Am 24.12.2026 ist bereits „Heiligabend“ als Schließung eingetragen./)).toBeTruthy();
    expect(document.activeElement).toBe(add);
  });

  it('should go back to SERVICE_HOURS after confirmation', () => {
    const api = fakeApi();
    show(api);
    fireEvent.click(screen.getByRole('button', { name: 'Voreinstellung des Servers verwenden' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Voreinstellung des Servers verwenden?' })).getByRole('button', { name: 'Voreinstellung verwenden' }),
    );
    expect(api.resetWeekly).toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Es gelten wieder die voreingestellten Servicezeiten des Servers.');
  });
});

describe('ServiceHoursScreen left open', () => {
  // Monday 7 December 2026, 17:59 in Berlin; the chat is open Monday to Friday 08:00–18:00.
  const advance = consoleOnFakeClock('2026-12-07T16:59:00Z');
  const closesAt = Date.parse('2026-12-07T17:00:00Z');
  const weekdays = [1, 2, 3, 4, 5].map((Weekday) => ({ Weekday, From: '08:00', To: '18:00' }));
  /** What the server answers at the (fake) time of the request. */
  const answerNow = (): ServiceHoursSettings => {
    const open = Date.now() < closesAt;
    return {
      ...settings,
      Weekly: weekdays,
      Closures: [],
      Effective: { ...settings.Effective, Hours: weekdays, IsOpen: open, OpensAt: open ? null : '2026-12-08T07:00:00.000Z' },
    };
  };

  it('should say „jetzt geschlossen“ by itself once the closing time has passed, politely and without moving the focus', async () => {
    const api = fakeApi({ get: vi.fn(() => of(ok(answerNow()))) });
    render(
      <I18nextProvider i18n={createI18n()}>
        <ServiceHoursScreen api={api} onSessionExpired={vi.fn()} />
      </I18nextProvider>,
    );
    const open = screen.getByText('Die Chatberatung ist jetzt geöffnet.');
    expect(open.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    // The administrator is typing in the editor when the chat closes.
    fireEvent.change(field('Dienstag', 1, 'Bis'), { target: { value: '20:00' } });
    field('Dienstag', 1, 'Bis').focus();
    await advance(59_000);
    expect(screen.getByText('Die Chatberatung ist jetzt geöffnet.')).toBeTruthy();
    await advance(2_000);
    const closed = screen.getByText('Die Chatberatung ist jetzt geschlossen.');
    expect(closed.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('Sie öffnet wieder morgen um 08:00 Uhr.')).toBeTruthy();
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(field('Dienstag', 1, 'Bis'));
    expect((field('Dienstag', 1, 'Bis') as HTMLInputElement).value).toBe('20:00');
    // The save notice's status line says nothing about it.
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
