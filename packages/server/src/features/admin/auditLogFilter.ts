// The query strings of GET api/admin/audit and of its CSV export api/admin/audit.csv, checked strictly: a filter the
// server cannot apply exactly is refused with a German message (400 BadRequest) rather than answered with a list that
// looks filtered but is not. Days are Europe/Berlin calendar days, both inclusive, as in the reports
// (reports/reportPeriod.ts). Both read the same filters the same way, so the file holds what the list showed.
import {
  AUDIT_EXPORT_MAX_DAYS,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_SEARCH_MAX,
  AUDIT_SERVER_ACTOR,
  AuditActionCodec,
  berlinMidnight,
  isIsoCalendarDate,
} from '@rechtschat/core';
import { badRequest } from '../../platform/errors.js';
import { isSortableId, sortableIdFloor } from '../../platform/ids.js';
import type { Database } from '../../platform/storage/database.js';
import type { Kysely } from 'kysely';
import { isKnownActor, type AuditEntryQuery } from './auditLogQueries.js';

const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 200;

const FILTERS = ['action', 'actor', 'from', 'to', 'q'] as const;
const PARAMETERS = [...FILTERS, 'before', 'limit'] as const;

const PERIOD_FORMAT = 'Bitte geben Sie den Zeitraum als Datum JJJJ-MM-TT an (from, to).';
// C0/C1 controls and the invisible format characters (bidi overrides, zero-width): nothing anyone searches for.
const UNSEARCHABLE = /[\p{Cc}\p{Cf}]/u;

/** 00:00 Berlin time of 'YYYY-MM-DD' plus `days` days, as an epoch instant. */
function berlinDayStart(day: string, days = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return berlinMidnight(year, month, date + days);
}

/** One value per parameter: a repeated parameter (an array) is as ambiguous as an unknown one. */
function singleValues<P extends string>(query: Record<string, unknown>, allowed: readonly P[]): Partial<Record<P, string>> {
  const values: Partial<Record<P, string>> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw badRequest(`Den Parameter „${name}“ gibt es nicht. Erlaubt sind ${allowed.join(', ')}.`);
    }
    if (typeof value !== 'string') throw badRequest(`Bitte geben Sie den Parameter ${name} nur einmal an.`);
    values[name as P] = value;
  }
  return values;
}

function periodOf(from: string | undefined, to: string | undefined): Pick<AuditEntryQuery, 'idFrom' | 'idTo'> {
  if ((from !== undefined && !isIsoCalendarDate(from)) || (to !== undefined && !isIsoCalendarDate(to))) throw badRequest(PERIOD_FORMAT);
  if (from !== undefined && to !== undefined && to < from) throw badRequest('Das Ende des Zeitraums liegt vor seinem Beginn.');
  const start = from === undefined ? undefined : berlinDayStart(from);
  const end = to === undefined ? undefined : berlinDayStart(to, 1);
  return { ...(start !== undefined ? { idFrom: sortableIdFloor(start) } : {}), ...(end !== undefined ? { idTo: sortableIdFloor(end) } : {}) };
}

function searchTextOf(q: string | undefined): string | undefined {
  const text = q?.trim();
  if (text === undefined || text === '') return undefined;
  if ([...text].length > AUDIT_SEARCH_MAX) throw badRequest(`Bitte geben Sie als Suchtext höchstens ${AUDIT_SEARCH_MAX} Zeichen an.`);
  if (UNSEARCHABLE.test(text)) throw badRequest('Der Suchtext enthält Steuer- oder unsichtbare Zeichen. Bitte geben Sie nur sichtbaren Text an.');
  return text.toLowerCase();
}

type AuditFilter = Omit<AuditEntryQuery, 'limit' | 'before'>;

/** The filters of either query string; an empty value means "no filter". */
async function filterOf(db: Kysely<Database>, values: Partial<Record<(typeof FILTERS)[number], string>>): Promise<AuditFilter> {
  const { action, actor, from, to, q } = values;
  const chosenAction = action === undefined || action === '' ? undefined : action;
  if (chosenAction !== undefined && !AuditActionCodec.is(chosenAction)) {
    throw badRequest('Diese Art von Eintrag gibt es im Protokoll nicht. Bitte wählen Sie eine Aktion aus der Liste.');
  }
  const chosenActor = actor === undefined || actor === '' ? undefined : actor;
  if (chosenActor !== undefined && chosenActor !== AUDIT_SERVER_ACTOR && !(chosenActor.length <= 64 && (await isKnownActor(db, chosenActor)))) {
    throw badRequest('Diese Person gibt es nicht. Bitte wählen Sie eine Person aus der Liste.');
  }
  const text = searchTextOf(q);
  return {
    ...(chosenAction !== undefined ? { action: chosenAction } : {}),
    ...(chosenActor !== undefined ? { actorId: chosenActor === AUDIT_SERVER_ACTOR ? null : chosenActor } : {}),
    ...periodOf(from === '' ? undefined : from, to === '' ? undefined : to),
    ...(text !== undefined ? { text } : {}),
  };
}

/** The page the query string asks for, or a 400 with what to change. An empty filter value means "no filter". */
export async function auditQueryOf(db: Kysely<Database>, query: Record<string, unknown>): Promise<AuditEntryQuery> {
  const { before, limit, ...filters } = singleValues(query, PARAMETERS);
  const size = limit === undefined ? AUDIT_PAGE_DEFAULT : Number(limit);
  if (!Number.isInteger(size) || size < 1 || size > AUDIT_PAGE_MAX) throw badRequest(`Bitte geben Sie als limit eine Zahl von 1 bis ${AUDIT_PAGE_MAX} an.`);
  // A cursor is an entry's id (NextBefore); anything else would page from an arbitrary place, often to an empty page.
  if (before !== undefined && !isSortableId(before)) throw badRequest('Der Parameter before ist ungültig: Bitte geben Sie NextBefore der vorigen Seite an.');
  return { limit: size, ...(before !== undefined ? { before } : {}), ...(await filterOf(db, filters)) };
}

/** What the CSV export was asked for: the list's filters, with a period both of whose days are given. */
export interface AuditExportQuery {
  /** The period's days 'YYYY-MM-DD', both inclusive (Europe/Berlin). */
  readonly from: string;
  readonly to: string;
  /** The filters as given (empty ones left out), for the export's own audit entry. */
  readonly asked: Readonly<Partial<Record<'action' | 'actor' | 'q', string>>>;
  /** One more than the export takes: a result that long is refused, never cut short. */
  readonly query: AuditEntryQuery;
}

/** "10.000": de-DE digit grouping without Intl (the server loads no ICU data, ADR 0015). */
const germanCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Days from `from` to `to`, both counted ('2026-01-01'–'2026-01-01' is 1). */
function daysOf(from: string, to: string): number {
  const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

/**
 * The export's query, or a 400 with what to change: the list's filters, checked the same way, and a period of at
 * most AUDIT_EXPORT_MAX_DAYS days – a file for one request, named by its period.
 */
export async function auditExportQueryOf(db: Kysely<Database>, query: Record<string, unknown>): Promise<AuditExportQuery> {
  const values = singleValues(query, FILTERS);
  const from = values.from ?? '';
  const to = values.to ?? '';
  if (from === '' || to === '') {
    throw badRequest(`Bitte wählen Sie für den Download einen Zeitraum mit Anfang und Ende (from, to), höchstens ${AUDIT_EXPORT_MAX_DAYS} Tage.`);
  }
  const filter = await filterOf(db, values);
  if (daysOf(from, to) > AUDIT_EXPORT_MAX_DAYS) {
    throw badRequest(`Der Zeitraum ist zu lang: Bitte laden Sie höchstens ${AUDIT_EXPORT_MAX_DAYS} Tage auf einmal herunter.`);
  }
  const asked = Object.fromEntries((['action', 'actor', 'q'] as const).flatMap((key) => (values[key] ? [[key, values[key]]] : [])));
  return { from, to, asked, query: { ...filter, limit: AUDIT_EXPORT_MAX_ROWS + 1 } };
}

/** The refusal of an export whose filters match more than AUDIT_EXPORT_MAX_ROWS entries. */
export const tooManyForExport = () =>
  badRequest(`Für diese Filter gibt es mehr als ${germanCount(AUDIT_EXPORT_MAX_ROWS)} Einträge. Bitte wählen Sie einen kürzeren Zeitraum oder weitere Filter.`);
