// The stored facts behind the reports, one row per consultation (chat case) started in the period (the invoice's:
// completed in the period, completedConsultationsIn). The grouping over
// a case's chats (several when forwarded), its callbacks and its rating happens in SQL on indexes (migration 0016);
// the few remaining tallies and the percentiles over the returned rows in reports.ts. Times stay ISO strings: they
// compare as text on both engines, and durations are computed from them in JS (no engine-specific date functions).
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_INSURER, sortByGermanName } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';

export interface ReportFilter {
  /** ISO instants: start inclusive, end exclusive (reportPeriod.ts). */
  readonly startIso: string;
  readonly endIso: string;
  /** An insurer id, DEFAULT_INSURER for cases without one, or null for all. */
  readonly insurer: string | null;
  /** Only consultations this lawyer took (accepted the first chat of); null: all. */
  readonly lawyerId: string | null;
}

export interface ConsultationRow {
  readonly caseId: string;
  readonly createdAt: string;
  readonly fieldOfLaw: number;
  readonly fieldOfLawName: string;
  readonly insurerId: string | null;
  readonly firstChatAt: string;
  /** The first time a lawyer accepted one of the case's chats; null: never taken. */
  readonly firstAcceptedAt: string | null;
  /** The last close of the case's chats. */
  readonly lastClosedAt: string | null;
  /** 1 when a chat is still waiting or active. */
  readonly openChats: number;
  /** 1 when a chat of the case left the queue for a callback (close_reason 'callback': booked while waiting). */
  readonly closedForCallback: number;
  /** The lawyer who took it: the one who accepted the first accepted chat (also after a hand-over to a colleague). */
  readonly lawyerId: string | null;
  readonly callbacks: number;
  readonly callbacksDone: number;
  readonly stars: number | null;
}

/**
 * The lawyer who took a case: the one who accepted its first accepted chat (index chats_case_accepted_idx). Always
 * `accepted_lawyer_id` (migration 0023), never `lawyer_id`: that one moves to a colleague when the lawyer is deactivated
 * during a consultation, and the consultation stays the work of the lawyer who held it.
 */
const takenBy = (caseColumn: RawBuilder<unknown>) =>
  sql<
    string | null
  >`(select t.accepted_lawyer_id from chats t where t.case_id = ${caseColumn} and t.accepted_at is not null order by t.accepted_at, t.id limit 1)`;

/** The filter's insurer as a condition on `c` (cases); null: every insurer. */
function insurerWhere(insurer: string | null): RawBuilder<unknown> | null {
  if (insurer === DEFAULT_INSURER) return sql`c.insurer_id is null`;
  return insurer === null ? null : sql`c.insurer_id = ${insurer}`;
}

function casesWhere(filter: ReportFilter, exactTaker = true): RawBuilder<unknown> {
  const parts = [sql`c.created_at >= ${filter.startIso}`, sql`c.created_at < ${filter.endIso}`];
  const insurer = insurerWhere(filter.insurer);
  if (insurer !== null) parts.push(insurer);
  if (filter.lawyerId !== null) {
    // Cheap pre-filter on the lawyer's accepted chats (chats_accepted_lawyer_idx), then "took it first".
    parts.push(sql`c.id in (select l.case_id from chats l where l.accepted_lawyer_id = ${filter.lawyerId} and l.accepted_at is not null)`);
    if (exactTaker) parts.push(sql`${takenBy(sql.ref('c.id'))} = ${filter.lawyerId}`);
  }
  return sql.join(parts, sql` and `);
}

interface RawRow {
  case_id: string;
  created_at: string;
  field_of_law: number | string;
  field_of_law_long_name: string;
  insurer_id: string | null;
  first_chat_at: string;
  first_accepted_at: string | null;
  last_closed_at: string | null;
  open_chats: number | string | null;
  closed_for_callback: number | string | null;
  first_taker: string | null;
  stars: number | string | null;
}

const num = (value: number | string | null): number => (value === null ? 0 : Number(value));

/**
 * One row per consultation, without correlated subqueries (PostgreSQL would plan one per row – and JIT-compile the
 * plan). The lawyer who took the case comes as the smallest "accepted_at lawyer_id" of its accepted chats and is
 * split off in JS; with a lawyer filter, SQL keeps the cases the lawyer accepted a chat of (chats_accepted_lawyer_idx)
 * and JS the ones they took first. The duration ends with the last chat a lawyer held (last_closed_at of accepted chats): a
 * follow-up nobody took (a forward or a hand-over the client left, timed out or booked a callback in) is no advice time.
 * Callbacks are counted per case in a query of their own (callbacksIn), so the
 * chats are not multiplied by them.
 */
export function reportQuery(filter: ReportFilter) {
  return sql<RawRow>`
    select c.id as case_id, c.created_at, c.field_of_law, c.field_of_law_long_name, c.insurer_id,
      min(ch.created_at) as first_chat_at,
      min(ch.accepted_at) as first_accepted_at,
      max(case when ch.accepted_at is not null then ch.closed_at end) as last_closed_at,
      max(case when ch.state in ('waiting', 'active') then 1 else 0 end) as open_chats,
      max(case when ch.close_reason = 'callback' then 1 else 0 end) as closed_for_callback,
      min(case when ch.accepted_at is not null then ch.accepted_at || ' ' || ch.accepted_lawyer_id end) as first_taker,
      max(r.stars) as stars
    from cases c
    join chats ch on ch.case_id = c.id
    left join ratings r on r.case_id = c.id
    where ${casesWhere(filter, false)}
    group by c.id, c.created_at, c.field_of_law, c.field_of_law_long_name, c.insurer_id
    order by c.created_at, c.id`;
}

const lawyerOfTaker = (firstTaker: string | null) => (firstTaker === null ? null : firstTaker.slice(firstTaker.indexOf(' ') + 1));

/** Callbacks requested and done per case of the filter's period (cases_created_idx, callbacks_case_idx). */
export function callbacksQuery(filter: ReportFilter) {
  return sql<{ case_id: string; requested: number | string; done: number | string }>`
    select cb.case_id, count(*) as requested, count(cb.done_at) as done
    from callbacks cb join cases c on c.id = cb.case_id
    where ${casesWhere(filter, false)}
    group by cb.case_id`;
}

export async function consultationsIn(db: Db, filter: ReportFilter): Promise<ConsultationRow[]> {
  const [{ rows }, callbacks] = await Promise.all([reportQuery(filter).execute(db), callbacksQuery(filter).execute(db)]);
  const callbacksOf = new Map(callbacks.rows.map((row) => [row.case_id, row]));
  const all = rows.map((row) => ({
    caseId: row.case_id,
    createdAt: row.created_at,
    fieldOfLaw: num(row.field_of_law),
    fieldOfLawName: row.field_of_law_long_name,
    insurerId: row.insurer_id,
    firstChatAt: row.first_chat_at,
    firstAcceptedAt: row.first_accepted_at,
    lastClosedAt: row.last_closed_at,
    openChats: num(row.open_chats),
    closedForCallback: num(row.closed_for_callback),
    lawyerId: lawyerOfTaker(row.first_taker),
    callbacks: num(callbacksOf.get(row.case_id)?.requested ?? 0),
    callbacksDone: num(callbacksOf.get(row.case_id)?.done ?? 0),
    stars: row.stars === null ? null : Number(row.stars),
  }));
  return filter.lawyerId === null ? all : all.filter((row) => row.lawyerId === filter.lawyerId);
}

export interface InvoiceRow {
  readonly caseId: string;
  readonly createdAt: string;
  readonly fieldOfLawName: string;
  readonly insurerId: string | null;
  readonly firstAcceptedAt: string;
  /** The last close of a chat a lawyer held: where the invoiced minutes end. */
  readonly lastLawyerClosedAt: string;
  /** The last close of any of its chats: the instant the consultation ended (no chat waiting or active any more). */
  readonly endedAt: string;
}

/**
 * The invoice's consultations: completed (taken, no chat waiting or active) with their END in the period, in the
 * order they ended – not the reports' "started in the period", so that one still running when a month is exported is
 * in the month it ends and every consultation in exactly one month's invoice. The end is the close of the case's last
 * chat, the instant it became completed; it is the duration's end (the last chat a lawyer held) except when an untaken
 * follow-up (a forward or hand-over the client left, timed out or booked a callback in) closed after it – that one is
 * invoiced in the month the follow-up left the queue, the month it was still running in was exported without it.
 * A case becomes completed only with its last close and never gets another chat, so an end never moves into a past
 * month. Its cases come from the chats closed in the period (chats_closed_idx, migration 0032).
 */
export async function completedConsultationsIn(
  db: Db,
  period: { readonly startIso: string; readonly endIso: string },
  insurer: string | null,
): Promise<InvoiceRow[]> {
  const byInsurer = insurerWhere(insurer);
  const { rows } = await sql<{
    case_id: string;
    created_at: string;
    field_of_law_long_name: string;
    insurer_id: string | null;
    first_accepted_at: string;
    last_lawyer_closed_at: string;
    ended_at: string;
  }>`
    select c.id as case_id, c.created_at, c.field_of_law_long_name, c.insurer_id,
      min(ch.accepted_at) as first_accepted_at,
      max(case when ch.accepted_at is not null then ch.closed_at end) as last_lawyer_closed_at,
      max(ch.closed_at) as ended_at
    from cases c
    join chats ch on ch.case_id = c.id
    where c.id in (select e.case_id from chats e where e.closed_at >= ${period.startIso} and e.closed_at < ${period.endIso})
      ${byInsurer === null ? sql`` : sql`and ${byInsurer}`}
    group by c.id, c.created_at, c.field_of_law_long_name, c.insurer_id
    having max(case when ch.state in ('waiting', 'active') then 1 else 0 end) = 0
      and min(ch.accepted_at) is not null
      and max(ch.closed_at) >= ${period.startIso} and max(ch.closed_at) < ${period.endIso}
    order by max(ch.closed_at), c.id`.execute(db);
  return rows.map((row) => ({
    caseId: row.case_id,
    createdAt: row.created_at,
    fieldOfLawName: row.field_of_law_long_name,
    insurerId: row.insurer_id,
    firstAcceptedAt: row.first_accepted_at,
    lastLawyerClosedAt: row.last_lawyer_closed_at,
    endedAt: row.ended_at,
  }));
}

export interface RatingCommentRow {
  readonly caseId: string;
  readonly createdAt: string;
  readonly stars: number;
  readonly comment: string;
}

/** The newest rating comments of the consultations in the filter. */
export async function ratingCommentsIn(db: Db, filter: ReportFilter, limit: number): Promise<RatingCommentRow[]> {
  const { rows } = await sql<{ case_id: string; created_at: string; stars: number | string; comment: string }>`
    select r.case_id, r.created_at, r.stars, r.comment
    from ratings r join cases c on c.id = r.case_id
    where ${casesWhere(filter)} and r.comment is not null and r.comment <> ''
    order by r.created_at desc, r.id desc
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ caseId: row.case_id, createdAt: row.created_at, stars: Number(row.stars), comment: row.comment }));
}

/** The report filter's lawyers in German name order (Ä with A, upper and lower case together), on both engines alike. */
export async function lawyerNames(db: Db): Promise<{ id: string; name: string; active: number }[]> {
  return sortByGermanName(await db.selectFrom('lawyers').select(['id', 'name', 'active']).execute(), (row) => row.name);
}

/** The report filter's insurers in German name order, as the insurers' screen lists them. */
export async function insurerNames(db: Db): Promise<{ id: string; name: string }[]> {
  return sortByGermanName(await db.selectFrom('insurers').select(['id', 'name']).execute(), (row) => row.name);
}
