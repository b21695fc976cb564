// Reports on the firm's work (GET api/reports on the chat host, docs/api.md "Reports"). Figures come from stored facts
// (cases, chats, callbacks, ratings), never from logs; every time is measured in seconds, every period is a pair of
// Europe/Berlin calendar days (both inclusive).
import * as t from 'io-ts';
import { Id, nullable } from './primitives.js';

/** A calendar day 'YYYY-MM-DD'. */
const CalendarDay = t.string;

/** Median, 90th percentile and mean of a set of durations (null when the set is empty). */
export const ReportDurationStats = t.type(
  { Count: t.number, MedianSeconds: nullable(t.number), P90Seconds: nullable(t.number), MeanSeconds: nullable(t.number) },
  'ReportDurationStats',
);
export type ReportDurationStats = t.TypeOf<typeof ReportDurationStats>;

/** Consultations (chat cases) started in the period and what became of them. */
export const ReportCounts = t.type(
  {
    Started: t.number,
    Taken: t.number,
    Completed: t.number,
    /**
     * Never accepted by a lawyer, no chat left waiting and no callback arranged: the person left (or was closed) before
     * a lawyer came, without any answer.
     */
    Abandoned: t.number,
    /**
     * Never accepted by a lawyer, no chat left waiting, and a callback was arranged instead (booked while waiting): served
     * by the callback, not abandoned. Started = Completed + Abandoned + CallbackBeforeTaken + Open.
     */
    CallbackBeforeTaken: t.number,
    /** Still waiting or in progress. */
    Open: t.number,
    CallbacksRequested: t.number,
    CallbacksDone: t.number,
  },
  'ReportCounts',
);
export type ReportCounts = t.TypeOf<typeof ReportCounts>;

export const ReportRatingComment = t.type({ Date: t.string, Reference: t.string, Stars: t.number, Comment: t.string }, 'ReportRatingComment');
export type ReportRatingComment = t.TypeOf<typeof ReportRatingComment>;

export const ReportRatings = t.type(
  {
    Count: t.number,
    Mean: nullable(t.number),
    /** Number of ratings with 1, 2, 3, 4 and 5 stars (index 0 = one star). */
    Distribution: t.array(t.number),
    /** The newest comments (at most 50), without names. */
    Comments: t.array(ReportRatingComment),
  },
  'ReportRatings',
);
export type ReportRatings = t.TypeOf<typeof ReportRatings>;

export const ReportFieldOfLawRow = t.type({ FieldOfLaw: t.number, Name: t.string, Started: t.number, Completed: t.number }, 'ReportFieldOfLawRow');
export type ReportFieldOfLawRow = t.TypeOf<typeof ReportFieldOfLawRow>;

export const ReportInsurerRow = t.type({ InsurerId: nullable(Id), Name: t.string, Started: t.number, Completed: t.number }, 'ReportInsurerRow');
export type ReportInsurerRow = t.TypeOf<typeof ReportInsurerRow>;

export const ReportLawyerRow = t.type(
  {
    LawyerId: Id,
    Name: t.string,
    Taken: t.number,
    Completed: t.number,
    WaitingMedianSeconds: nullable(t.number),
    DurationMedianSeconds: nullable(t.number),
    RatingCount: t.number,
    RatingMean: nullable(t.number),
  },
  'ReportLawyerRow',
);
export type ReportLawyerRow = t.TypeOf<typeof ReportLawyerRow>;

/**
 * The invoice CSV of the same period and insurer in two figures, as its rows add up: the consultations completed (ended)
 * in the period – of every lawyer – and their started minutes. Not the report's „Abgeschlossen“, which counts the
 * consultations started in the period.
 */
export const ReportInvoiceTotals = t.type({ Consultations: t.number, Minutes: t.number }, 'ReportInvoiceTotals');
export type ReportInvoiceTotals = t.TypeOf<typeof ReportInvoiceTotals>;

export const Report = t.type(
  {
    From: CalendarDay,
    To: CalendarDay,
    /** The insurer filter: an insurer id, 'default' (cases of the default insurer) or null (all). */
    Insurer: nullable(t.string),
    /** The lawyer filter; always the caller for a lawyer without the admin role. */
    LawyerId: nullable(Id),
    Counts: ReportCounts,
    /** First chat created → first accepted by a lawyer, over the taken consultations. */
    WaitingTime: ReportDurationStats,
    /** First accepted → last chat closed, over the completed consultations. */
    Duration: ReportDurationStats,
    Ratings: ReportRatings,
    FieldsOfLaw: t.array(ReportFieldOfLawRow),
    Insurers: t.array(ReportInsurerRow),
    Lawyers: t.array(ReportLawyerRow),
    /** The invoice's totals for administrators (who may export it); null for a lawyer. */
    Invoice: nullable(ReportInvoiceTotals),
  },
  'Report',
);
export type Report = t.TypeOf<typeof Report>;

/** What the report screen offers as filters (GET api/reports/filters). */
export const ReportFilters = t.type(
  {
    /** The caller may choose any lawyer (admin) or sees only their own figures. */
    MayChooseLawyer: t.boolean,
    /** The firm's invoice CSV is the administration's (admin only). */
    MayExportInvoice: t.boolean,
    Insurers: t.array(t.type({ Id, Name: t.string })),
    /** The firm's lawyers, deactivated ones too (their consultations stay in the reports), marked as such. */
    Lawyers: t.array(t.type({ Id, Name: t.string, Deactivated: t.boolean })),
  },
  'ReportFilters',
);
export type ReportFilters = t.TypeOf<typeof ReportFilters>;

/** The query of GET api/reports and api/reports/invoice.csv. */
export interface ReportQuery {
  readonly From: string;
  readonly To: string;
  /** An insurer id or 'default'; omitted: all. */
  readonly Insurer?: string;
  /** Admins only; a lawyer's own id is always applied for a lawyer. */
  readonly LawyerId?: string;
}

/** The insurer filter value for cases of the single-insurer default (cases.insurer_id null). */
export const DEFAULT_INSURER = 'default';
