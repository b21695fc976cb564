// The report figures (definitions in docs/api.md "Reports"): tallies and percentiles over one row per consultation.
// Consultation = a chat case started (created) in the period; taken = a lawyer accepted one of its chats; completed =
// taken and no chat left waiting or active; callback before taken = never taken, no chat left waiting or active, and a
// callback arranged instead (a callback request of the case, or a chat closed for one – booked while waiting); abandoned
// = never taken, no chat left waiting or active and no callback (closed by the person, by a time-out or by the server's
// lifecycle as 'abandoned' – either way: the person left without any answer); open = the rest. Waiting time = first
// chat created → first accepted; duration = first accepted → last accepted chat closed (an untaken follow-up adds nothing). Per lawyer: the lawyer who took the
// consultation (accepted its first chat) – a forwarded case counts once, for them. The invoice CSV is the exception: its
// rows are the consultations completed (ended) in the period, not started in it (buildInvoiceCsv).
import {
  caseReferenceOf,
  type Report,
  type ReportInvoiceTotals,
  type ReportFieldOfLawRow,
  type ReportInsurerRow,
  type ReportLawyerRow,
} from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { csvDocument } from '../../platform/files/csv.js';
import { durationStats } from './percentile.js';
import {
  completedConsultationsIn,
  consultationsIn,
  insurerNames,
  lawyerNames,
  ratingCommentsIn,
  type ConsultationRow,
  type InvoiceRow,
  type ReportFilter,
} from './reportQueries.js';
import { germanDateOf, type ReportPeriod } from './reportPeriod.js';

import { DEFAULT_INSURER_NAME } from '../insurers/index.js';
const COMMENT_LIMIT = 50;

const seconds = (fromIso: string, toIso: string) => Math.max(0, (Date.parse(toIso) - Date.parse(fromIso)) / 1000);
const isTaken = (row: ConsultationRow) => row.firstAcceptedAt !== null;
export const isCompleted = (row: ConsultationRow) => isTaken(row) && row.openChats === 0 && row.lastClosedAt !== null;
const endedUntaken = (row: ConsultationRow) => !isTaken(row) && row.openChats === 0;
/** A callback was arranged while nobody had come: its callback request, or – should that be erased – its chat closed for it. */
const hasCallbackArranged = (row: ConsultationRow) => row.callbacks > 0 || row.closedForCallback > 0;
/** Served by a callback instead of the chat: not abandoned (the insurer must not read it as "gave up"). */
const isCallbackBeforeTaken = (row: ConsultationRow) => endedUntaken(row) && hasCallbackArranged(row);
/** Left without any answer: nobody came and no callback was arranged. */
const isAbandoned = (row: ConsultationRow) => endedUntaken(row) && !hasCallbackArranged(row);
const waitingSeconds = (row: ConsultationRow) => seconds(row.firstChatAt, row.firstAcceptedAt as string);
export const durationSeconds = (row: ConsultationRow) => seconds(row.firstAcceptedAt as string, row.lastClosedAt as string);
const mean = (values: readonly number[]) => (values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100);

function countBy<K>(rows: readonly ConsultationRow[], key: (row: ConsultationRow) => K): Map<K, ConsultationRow[]> {
  const groups = new Map<K, ConsultationRow[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export async function buildReport(db: Db, period: ReportPeriod, filter: ReportFilter, withInvoice: boolean): Promise<Report> {
  const [rows, comments, lawyers, insurers, invoice] = await Promise.all([
    consultationsIn(db, filter),
    ratingCommentsIn(db, filter, COMMENT_LIMIT),
    lawyerNames(db),
    insurerNames(db),
    withInvoice ? invoiceTotals(db, period, filter.insurer) : null,
  ]);
  const lawyerName = new Map(lawyers.map((l) => [l.id, l.name]));
  const insurerName = new Map(insurers.map((i) => [i.id, i.name]));
  const taken = rows.filter(isTaken);
  const completed = rows.filter(isCompleted);
  const rated = rows.filter((row) => row.stars !== null).map((row) => row.stars as number);
  const distribution = [1, 2, 3, 4, 5].map((stars) => rated.filter((s) => s === stars).length);

  const fieldsOfLaw: ReportFieldOfLawRow[] = [...countBy(rows, (row) => row.fieldOfLaw)]
    .map(([fieldOfLaw, group]) => ({
      FieldOfLaw: fieldOfLaw,
      Name: group[group.length - 1]?.fieldOfLawName ?? String(fieldOfLaw),
      Started: group.length,
      Completed: group.filter(isCompleted).length,
    }))
    .sort((a, b) => b.Started - a.Started || a.Name.localeCompare(b.Name, 'de'));

  const insurerRows: ReportInsurerRow[] = [...countBy(rows, (row) => row.insurerId)]
    .map(([insurerId, group]) => ({
      InsurerId: insurerId,
      Name: insurerId === null ? DEFAULT_INSURER_NAME : (insurerName.get(insurerId) ?? insurerId),
      Started: group.length,
      Completed: group.filter(isCompleted).length,
    }))
    .sort((a, b) => b.Started - a.Started || a.Name.localeCompare(b.Name, 'de'));

  const lawyerRows: ReportLawyerRow[] = [...countBy(taken, (row) => row.lawyerId as string)]
    .map(([lawyerId, group]) => {
      const done = group.filter(isCompleted);
      const stars = group.filter((row) => row.stars !== null).map((row) => row.stars as number);
      return {
        LawyerId: lawyerId,
        Name: lawyerName.get(lawyerId) ?? lawyerId,
        Taken: group.length,
        Completed: done.length,
        WaitingMedianSeconds: durationStats(group.map(waitingSeconds)).MedianSeconds,
        DurationMedianSeconds: durationStats(done.map(durationSeconds)).MedianSeconds,
        RatingCount: stars.length,
        RatingMean: mean(stars),
      };
    })
    .sort((a, b) => b.Taken - a.Taken || a.Name.localeCompare(b.Name, 'de'));

  return {
    From: period.from,
    To: period.to,
    Insurer: filter.insurer,
    LawyerId: filter.lawyerId,
    Counts: {
      Started: rows.length,
      Taken: taken.length,
      Completed: completed.length,
      Abandoned: rows.filter(isAbandoned).length,
      CallbackBeforeTaken: rows.filter(isCallbackBeforeTaken).length,
      Open: rows.filter((row) => row.openChats > 0).length,
      CallbacksRequested: rows.reduce((sum, row) => sum + row.callbacks, 0),
      CallbacksDone: rows.reduce((sum, row) => sum + row.callbacksDone, 0),
    },
    WaitingTime: durationStats(taken.map(waitingSeconds)),
    Duration: durationStats(completed.map(durationSeconds)),
    Ratings: {
      Count: rated.length,
      Mean: mean(rated),
      Distribution: distribution,
      Comments: comments.map((c) => ({ Date: c.createdAt, Reference: caseReferenceOf(c.caseId), Stars: c.stars, Comment: c.comment })),
    },
    FieldsOfLaw: fieldsOfLaw,
    Insurers: insurerRows,
    Lawyers: lawyerRows,
    Invoice: invoice,
  };
}

export const INVOICE_HEADER = ['Datum', 'Referenz', 'Versicherer', 'Rechtsgebiet', 'Dauer (angefangene Minuten)', 'Beendet'] as const;

/**
 * The invoice CSV: one row per consultation completed in the period (its end in it, completedConsultationsIn), in the
 * order they ended – the Berlin date it started, the case reference of the PDFs, the insurer, the field of law, the
 * duration in started minutes (as the report's: first accepted → last chat a lawyer held closed) and the Berlin date it
 * ended. No message content, no insurance number.
 */
export async function buildInvoiceCsv(db: Db, period: ReportPeriod, insurer: string | null): Promise<{ csv: string; rows: number }> {
  const [rows, insurers] = await Promise.all([completedConsultationsIn(db, period, insurer), insurerNames(db)]);
  const insurerName = new Map(insurers.map((i) => [i.id, i.name]));
  const lines = rows.map((row) => [
    germanDateOf(row.createdAt),
    caseReferenceOf(row.caseId),
    row.insurerId === null ? DEFAULT_INSURER_NAME : (insurerName.get(row.insurerId) ?? row.insurerId),
    row.fieldOfLawName,
    invoicedMinutes(row),
    germanDateOf(row.endedAt),
  ]);
  // No totals row: insurers import the file line by line, and a last line of another shape would be read as a
  // consultation (or refused). The report screen shows the totals beside the download (invoiceTotals).
  return { csv: csvDocument(INVOICE_HEADER, lines), rows: rows.length };
}

/** Started minutes, as the invoice bills them: 6 seconds are 1, 61 seconds are 2. */
const invoicedMinutes = (row: InvoiceRow) => Math.ceil(seconds(row.firstAcceptedAt, row.lastLawyerClosedAt) / 60);

/** The invoice CSV's rows added up: its number of consultations and the sum of its minutes column. */
async function invoiceTotals(db: Db, period: ReportPeriod, insurer: string | null): Promise<ReportInvoiceTotals> {
  const rows = await completedConsultationsIn(db, period, insurer);
  return { Consultations: rows.length, Minutes: rows.reduce((sum, row) => sum + invoicedMinutes(row), 0) };
}
