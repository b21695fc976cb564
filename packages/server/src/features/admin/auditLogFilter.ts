// The query string of GET api/admin/audit, checked strictly: a filter the server cannot apply exactly is refused with
// a German message (400 BadRequest) rather than answered with a list that looks filtered but is not. Days are
// Europe/Berlin calendar days, both inclusive, as in the reports (reports/reportPeriod.ts).
import { AUDIT_SEARCH_MAX, AUDIT_SERVER_ACTOR, AuditActionCodec, berlinMidnight, isIsoCalendarDate } from '@rechtschat/core';
import { badRequest } from '../../platform/errors.js';
import { isSortableId, sortableIdFloor } from '../../platform/ids.js';
import type { Database } from '../../platform/storage/database.js';
import type { Kysely } from 'kysely';
import { isKnownActor, type AuditEntryQuery } from './auditLogQueries.js';

const AUDIT_PAGE_DEFAULT = 50;
const AUDIT_PAGE_MAX = 200;

const PARAMETERS = ['action', 'actor', 'from', 'to', 'q', 'before', 'limit'] as const;
type Parameter = (typeof PARAMETERS)[number];

const PERIOD_FORMAT = 'Bitte geben Sie den Zeitraum als Datum JJJJ-MM-TT an (from, to).';
// C0/C1 controls and the invisible format characters (bidi overrides, zero-width): nothing anyone searches for.
const UNSEARCHABLE = /[\p{Cc}\p{Cf}]/u;

/** 00:00 Berlin time of 'YYYY-MM-DD' plus `days` days, as an epoch instant. */
function berlinDayStart(day: string, days = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return berlinMidnight(year, month, date + days);
}

/** One value per parameter: a repeated parameter (an array) is as ambiguous as an unknown one. */
function singleValues(query: Record<string, unknown>): Partial<Record<Parameter, string>> {
  const values: Partial<Record<Parameter, string>> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!(PARAMETERS as readonly string[]).includes(name)) {
      throw badRequest(`Den Parameter „${name}“ gibt es nicht. Erlaubt sind ${PARAMETERS.join(', ')}.`);
    }
    if (typeof value !== 'string') throw badRequest(`Bitte geben Sie den Parameter ${name} nur einmal an.`);
    values[name as Parameter] = value;
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

/** The page the query string asks for, or a 400 with what to change. An empty filter value means "no filter". */
export async function auditQueryOf(db: Kysely<Database>, query: Record<string, unknown>): Promise<AuditEntryQuery> {
  const { action, actor, from, to, q, before, limit } = singleValues(query);
  const size = limit === undefined ? AUDIT_PAGE_DEFAULT : Number(limit);
  if (!Number.isInteger(size) || size < 1 || size > AUDIT_PAGE_MAX) throw badRequest(`Bitte geben Sie als limit eine Zahl von 1 bis ${AUDIT_PAGE_MAX} an.`);
  // A cursor is an entry's id (NextBefore); anything else would page from an arbitrary place, often to an empty page.
  if (before !== undefined && !isSortableId(before)) throw badRequest('Der Parameter before ist ungültig: Bitte geben Sie NextBefore der vorigen Seite an.');
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
    limit: size,
    ...(before !== undefined ? { before } : {}),
    ...(chosenAction !== undefined ? { action: chosenAction } : {}),
    ...(chosenActor !== undefined ? { actorId: chosenActor === AUDIT_SERVER_ACTOR ? null : chosenActor } : {}),
    ...periodOf(from === '' ? undefined : from, to === '' ? undefined : to),
    ...(text !== undefined ? { text } : {}),
  };
}
