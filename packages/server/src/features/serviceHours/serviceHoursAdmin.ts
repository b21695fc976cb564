// The administration of the office hours (docs/api.md "Service hours"): the settings as the console shows them, the
// weekly schedule replaced or given back to SERVICE_HOURS, closures added and removed. Every change is validated with a
// German message, written in one transaction with its audit entry, and forgotten by this process's cache at once.
import { isIsoCalendarDate, withoutFormatCharacters, type AddServiceClosureRequest, type ServiceClosure, type ServiceHoursSettings } from '@rechtschat/core';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { describeServiceHours, type ServiceHoursEntry, type ServiceHoursSchedule } from '../../platform/serviceHours.js';
import { recordAdminAction, type AuditActor, type AuditEntry } from '../admin/index.js';
import { addDays, berlinDayOf, describeEffectiveHours } from './effectiveHours.js';
import { deleteClosure, deleteSchedule, findClosure, insertClosure, saveSchedule, WEEKLY_ROW_ID, type Audit } from './serviceHoursQueries.js';
import { forgetServiceHours, storedServiceHours, type ServiceHoursDeps } from './serviceHoursStore.js';
import type { ServiceClosuresTable } from './tables.js';

const DAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;
const SHORT_DAY_NAMES = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
const FROM_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TO_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const MAX_PERIODS_PER_DAY = 4;
export const MAX_CLOSURE_NOTE = 80;
/** A closure spans at most a year. */
export const MAX_CLOSURE_DAYS = 366;

/** The periods checked and sorted by day and time; a refusal names the day in German. */
export function validWeeklyHours(hours: readonly ServiceHoursEntry[]): ServiceHoursEntry[] {
  for (const period of hours) {
    if (!Number.isInteger(period.Weekday) || period.Weekday < 1 || period.Weekday > 7)
      throw badRequest('Bitte geben Sie als Wochentag eine Zahl von 1 (Montag) bis 7 (Sonntag) an.');
    if (!FROM_TIME.test(period.From) || !TO_TIME.test(period.To))
      throw badRequest(`Bitte geben Sie die Uhrzeiten am ${DAY_NAMES[period.Weekday - 1]} im Format HH:MM an, z. B. 08:00 bis 20:00.`);
    if (period.From >= period.To)
      throw badRequest(`Am ${DAY_NAMES[period.Weekday - 1]} muss der Beginn vor dem Ende liegen (${period.From} bis ${period.To}).`);
  }
  const sorted = hours.map(({ Weekday, From, To }) => ({ Weekday, From, To })).sort((a, b) => a.Weekday - b.Weekday || a.From.localeCompare(b.From));
  for (let day = 1; day <= 7; day += 1) {
    const periods = sorted.filter((p) => p.Weekday === day);
    if (periods.length > MAX_PERIODS_PER_DAY) throw badRequest(`Am ${DAY_NAMES[day - 1]} sind höchstens ${MAX_PERIODS_PER_DAY} Zeiträume möglich.`);
    periods.slice(1).forEach((period, index) => {
      const before = periods[index]!;
      if (period.From < before.To)
        throw badRequest(`Am ${DAY_NAMES[day - 1]} überschneiden sich zwei Zeiträume (${before.From} bis ${before.To} und ${period.From} bis ${period.To}).`);
    });
  }
  return sorted;
}

/** A weekday's periods as the Protokoll writes them, "08:00–12:00 und 13:00–18:00" or "geschlossen"; "always" is 00:00–24:00. */
function dayText(schedule: ServiceHoursSchedule, weekday: number): string {
  if (schedule.kind === 'always') return '00:00–24:00';
  const periods = schedule.entries
    .filter((p) => p.Weekday === weekday)
    .sort((a, b) => a.From.localeCompare(b.From))
    .map((p) => `${p.From}–${p.To}`);
  return periods.length === 0 ? 'geschlossen' : periods.join(' und ');
}

/**
 * "Mo 08:00–12:00 und 13:00–18:00, Di 08:00–20:00, …, Sa geschlossen, So geschlossen" for the audit log: every
 * weekday, a closed one named as such – left out, a day closed by the change was only noticed by its absence.
 */
export function hoursText(schedule: ServiceHoursSchedule): string {
  if (schedule.kind === 'always') return 'immer geöffnet';
  if (schedule.entries.length === 0) return 'immer geschlossen';
  return SHORT_DAY_NAMES.map((name, index) => `${name} ${dayText(schedule, index + 1)}`).join(', ');
}

/** The audit details of a saved weekly schedule when no day differs from what applied: SERVICE_HOURS stored as it was. */
export const NO_DAY_CHANGED = 'keine Änderung (Voreinstellung übernommen)';

/**
 * The days whose hours differ, new and before, for the audit entry of a saved weekly schedule: „Mo 08:00–18:00, So
 * geschlossen“, bisher „Mo 00:00–24:00, So 00:00–24:00“. "always" counts as 00:00–24:00 on every day, as the console's
 * editor shows it – saving one changed day under SERVICE_HOURS=always had listed all seven against „immer geöffnet“.
 */
export function changedDaysText(before: ServiceHoursSchedule, after: ServiceHoursSchedule): Readonly<Record<string, string>> {
  const changed = SHORT_DAY_NAMES.map((name, index) => ({ name, before: dayText(before, index + 1), after: dayText(after, index + 1) })).filter(
    (day) => day.before !== day.after,
  );
  if (changed.length === 0) return { hours: NO_DAY_CHANGED };
  return {
    hours: changed.map((day) => `${day.name} ${day.after}`).join(', '),
    previousHours: changed.map((day) => `${day.name} ${day.before}`).join(', '),
  };
}

/** The audit details of giving the weekly hours back to SERVICE_HOURS when they equal the stored ones. */
export const SAME_HOURS_AS_DEFAULT = 'keine Änderung (die Zeiten entsprachen bereits der Voreinstellung)';

/** Like changedDaysText, for the way back to SERVICE_HOURS: only the days the default changes, not the whole week. */
export function resetDaysText(stored: ServiceHoursSchedule, defaultHours: ServiceHoursSchedule): Readonly<Record<string, string>> {
  const changed = changedDaysText(stored, defaultHours);
  return changed.hours === NO_DAY_CHANGED ? { hours: SAME_HOURS_AS_DEFAULT } : changed;
}

function closureView(row: ServiceClosuresTable): ServiceClosure {
  return { Id: row.id, FirstDay: row.first_day, LastDay: row.last_day, Note: row.note, CreatedByName: row.created_by_name, CreatedAt: row.created_at };
}

/** What the console shows, read from the database (not this process's cache). */
export async function serviceHoursSettings(deps: ServiceHoursDeps): Promise<ServiceHoursSettings> {
  forgetServiceHours(deps.db);
  const stored = await storedServiceHours(deps);
  const now = deps.clock.now();
  const today = berlinDayOf(now);
  return {
    Effective: describeEffectiveHours(stored, now),
    Source: stored.scheduleRow === null ? 'environment' : 'console',
    Weekly: describeServiceHours(stored.schedule, now).Hours,
    UpdatedByName: stored.scheduleRow?.updated_by_name ?? null,
    UpdatedAt: stored.scheduleRow?.updated_at ?? null,
    Closures: stored.closureRows.filter((row) => row.last_day >= today).map(closureView),
  };
}

const audited =
  (deps: ServiceHoursDeps, actor: AuditActor, entry: AuditEntry): Audit =>
  (trx) =>
    recordAdminAction(trx, deps.clock, actor, entry);

export async function saveWeeklyHours(deps: ServiceHoursDeps, actor: AuditActor, hours: readonly ServiceHoursEntry[]): Promise<ServiceHoursSettings> {
  const periods = validWeeklyHours(hours);
  const before = await storedServiceHours(deps);
  // Saving the stored hours again changes nothing: no write and no audit entry naming equal hours as a change. (Hours
  // equal to SERVICE_HOURS are still saved while none are stored: they pin the hours against a changed setting.)
  const unchanged = before.scheduleRow !== null && hoursText({ kind: 'weekly', entries: periods }) === hoursText(before.schedule);
  if (unchanged) return serviceHoursSettings(deps);
  await saveSchedule(
    deps.db,
    { id: WEEKLY_ROW_ID, periods: JSON.stringify(periods), updated_by: actor.id, updated_by_name: actor.name, updated_at: deps.clock.now().toISOString() },
    audited(deps, actor, {
      action: 'serviceHours.weekly.saved',
      details: changedDaysText(before.schedule, { kind: 'weekly', entries: periods }),
    }),
  );
  forgetServiceHours(deps.db);
  return serviceHoursSettings(deps);
}

/** The administrators' schedule goes; SERVICE_HOURS applies again. */
export async function resetWeeklyHours(deps: ServiceHoursDeps, actor: AuditActor): Promise<ServiceHoursSettings> {
  forgetServiceHours(deps.db);
  const before = await storedServiceHours(deps);
  const deleted = await deleteSchedule(
    deps.db,
    audited(deps, actor, { action: 'serviceHours.weekly.reset', details: resetDaysText(before.schedule, deps.defaultHours) }),
  );
  if (!deleted) throw new DomainError('Conflict', 'Es gelten bereits die Servicezeiten aus der Server-Einstellung SERVICE_HOURS.');
  forgetServiceHours(deps.db);
  return serviceHoursSettings(deps);
}

function validClosure(request: AddServiceClosureRequest, today: string): Pick<ServiceClosuresTable, 'first_day' | 'last_day' | 'note'> {
  const first = request.FirstDay.trim();
  const last = request.LastDay.trim();
  // Invisible format characters (a bidi override that turns the clients' sentence around, zero-width spaces that
  // make a note look empty) are dropped, as from a lawyer's name.
  const note = withoutFormatCharacters(request.Note);
  if (!isIsoCalendarDate(first) || !isIsoCalendarDate(last)) throw badRequest('Bitte geben Sie den ersten und den letzten Tag als Datum an (JJJJ-MM-TT).');
  if (last < first) throw badRequest('Der letzte Tag liegt vor dem ersten Tag.');
  if (last < today) throw badRequest('Dieser Zeitraum liegt vollständig in der Vergangenheit.');
  if (addDays(first, MAX_CLOSURE_DAYS) <= last) throw badRequest(`Eine Schließung dauert höchstens ${MAX_CLOSURE_DAYS} Tage.`);
  if (note === '' || note.length > MAX_CLOSURE_NOTE)
    throw badRequest(`Bitte geben Sie einen Hinweis für die Ratsuchenden an (1 bis ${MAX_CLOSURE_NOTE} Zeichen), z. B. „Heiligabend“.`);
  // The note is shown to clients as text; line breaks and control characters have no place in it.
  if (/\p{Cc}/u.test(note)) throw badRequest('Der Hinweis enthält unzulässige Zeichen.');
  return { first_day: first, last_day: last, note };
}

export async function addClosure(deps: ServiceHoursDeps, actor: AuditActor, request: AddServiceClosureRequest): Promise<ServiceHoursSettings> {
  const row: ServiceClosuresTable = {
    id: newId(),
    ...validClosure(request, berlinDayOf(deps.clock.now())),
    created_by: actor.id,
    created_by_name: actor.name,
    created_at: deps.clock.now().toISOString(),
  };
  const overlapping = await insertClosure(
    deps.db,
    row,
    audited(deps, actor, {
      action: 'serviceHours.closure.added',
      target: { kind: 'serviceClosure', id: row.id, label: row.note },
      details: { firstDay: row.first_day, lastDay: row.last_day },
    }),
  );
  if (overlapping !== null) {
    const when =
      overlapping.first_day === overlapping.last_day
        ? `Am ${germanDate(overlapping.first_day)}`
        : `Vom ${germanDate(overlapping.first_day)} bis ${germanDate(overlapping.last_day)}`;
    throw new DomainError(
      'Conflict',
      `${when} ist bereits „${overlapping.note}“ als Schließung eingetragen. Bitte wählen Sie einen anderen Zeitraum oder entfernen Sie zuerst diesen Eintrag.`,
    );
  }
  forgetServiceHours(deps.db);
  return serviceHoursSettings(deps);
}

/** 2026-12-24 → 24.12.2026, as the console and the client's page show days. */
const germanDate = (isoDay: string): string => isoDay.split('-').reverse().join('.');

export async function removeClosure(deps: ServiceHoursDeps, actor: AuditActor, id: string): Promise<ServiceHoursSettings> {
  const row = await findClosure(deps.db, id);
  if (row === undefined) throw notFound('Die Schließung');
  const deleted = await deleteClosure(
    deps.db,
    id,
    audited(deps, actor, {
      action: 'serviceHours.closure.removed',
      target: { kind: 'serviceClosure', id, label: row.note },
      details: { firstDay: row.first_day, lastDay: row.last_day },
    }),
  );
  if (!deleted) throw notFound('Die Schließung');
  forgetServiceHours(deps.db);
  return serviceHoursSettings(deps);
}
