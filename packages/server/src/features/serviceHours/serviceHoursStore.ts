// Reads the effective hours from the database: the administrators' weekly schedule (else SERVICE_HOURS) and the
// closures not yet over. Every login and StartChat asks, so each server process keeps what it read for CACHE_MS and
// forgets it at once when a change is written on this process; another process (two instances behind one database)
// sees the change within CACHE_MS (docs/operations.md "Servicezeiten und Schließtage").
import type { Clock } from '../../platform/clock.js';
import type { ServiceHoursEntry, ServiceHoursSchedule } from '../../platform/serviceHours.js';
import type { Db } from '../../platform/storage/database.js';
import { perProcessCache } from '../../platform/storage/perProcessCache.js';
import { addDays, berlinDayOf, type Closure, type EffectiveHours } from './effectiveHours.js';
import { findClosuresFrom, findSchedule } from './serviceHoursQueries.js';
import type { ServiceClosuresTable, ServiceHoursScheduleTable } from './tables.js';

/** How long a process trusts what it read. */
export const CACHE_MS = 5_000;

export interface ServiceHoursDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** SERVICE_HOURS: applies until an administrator sets a weekly schedule. */
  readonly defaultHours: ServiceHoursSchedule;
}

export interface StoredServiceHours extends EffectiveHours {
  readonly scheduleRow: ServiceHoursScheduleTable | null;
  readonly closureRows: readonly ServiceClosuresTable[];
}

/** The stored periods; a row that does not parse (edited by hand) falls back to SERVICE_HOURS rather than guessing. */
function storedPeriods(row: ServiceHoursScheduleTable): ServiceHoursEntry[] | null {
  try {
    const value: unknown = JSON.parse(row.periods);
    if (!Array.isArray(value)) return null;
    const entries = value.map((e: unknown) => e as ServiceHoursEntry);
    const valid = entries.every((e) => Number.isInteger(e.Weekday) && typeof e.From === 'string' && typeof e.To === 'string');
    return valid ? entries.map(({ Weekday, From, To }) => ({ Weekday, From, To })) : null;
  } catch {
    return null;
  }
}

function closureOf(row: ServiceClosuresTable): Closure {
  return { id: row.id, firstDay: row.first_day, lastDay: row.last_day, note: row.note };
}

async function load(deps: ServiceHoursDeps): Promise<StoredServiceHours> {
  // From yesterday: a cached read stays right across midnight.
  const [scheduleRow, closureRows] = await Promise.all([findSchedule(deps.db), findClosuresFrom(deps.db, addDays(berlinDayOf(deps.clock.now()), -1))]);
  const periods = scheduleRow === undefined ? null : storedPeriods(scheduleRow);
  return {
    schedule: periods === null ? deps.defaultHours : { kind: 'weekly', entries: periods },
    closures: closureRows.map(closureOf),
    scheduleRow: periods === null ? null : (scheduleRow ?? null),
    closureRows,
  };
}

const cache = perProcessCache(CACHE_MS, load);

/** The stored hours, from this process's cache when it is younger than CACHE_MS. */
export const storedServiceHours = (deps: ServiceHoursDeps): Promise<StoredServiceHours> => cache.get(deps);

/** After a change written on this process: the next request reads the database. */
export const forgetServiceHours = (db: Db): void => cache.forget(db);
