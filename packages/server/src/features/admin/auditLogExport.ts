// The Protokoll as a CSV file for a data-protection officer or an auditor (GET api/admin/audit.csv): every entry that
// passes the list's filters, newest first, for German Excel as the invoice (platform/files/csv.ts: BOM, `;`, CRLF,
// quoting, formula cells neutralised). Times are Europe/Berlin wall-clock times with seconds, the kind of entry in
// German (core AUDIT_ACTION_LABELS, the console's words) beside its code, the details in German words as the console
// shows them (core auditDetailsText: „Schlüssel-ID (kid): k-…; beendete Anmeldungen: 3“), never the stored JSON.
import { AUDIT_ACTION_LABELS, AuditActionCodec, auditDetailsText, berlinWallClock } from '@rechtschat/core';
import { csvDocument } from '../../platform/files/csv.js';
import type { AdminAuditLogTable } from './tables.js';

export const AUDIT_CSV_HEADER = ['Zeitpunkt', 'Wer', 'Aktion', 'Aktionscode', 'Betroffen', 'Kennung des Betroffenen', 'Einzelheiten', 'IP-Adresse'] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "22.11.2026 01:20:05" in Berlin time: a date and time German Excel reads as one, to the second. */
export function germanTimestampOf(iso: string): string {
  const t = berlinWallClock(Date.parse(iso));
  return `${pad2(t.day)}.${pad2(t.month)}.${t.year} ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`;
}

/**
 * The stored details (JSON) in words, the pairs joined by "; " – a value such as a list of references holds commas.
 * Details that are no JSON object (never written so; an altered row) stay as stored rather than vanish.
 */
function detailsOf(action: string, stored: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return stored;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return stored;
  return auditDetailsText(action, parsed as Record<string, unknown>, '; ');
}

function rowOf(entry: AdminAuditLogTable): string[] {
  const label = AuditActionCodec.is(entry.action) ? AUDIT_ACTION_LABELS[entry.action] : entry.action;
  return [
    germanTimestampOf(entry.at),
    entry.actor_name,
    label,
    entry.action,
    entry.target_label ?? entry.target_id ?? '',
    entry.target_id ?? '',
    detailsOf(entry.action, entry.details),
    entry.ip ?? '',
  ];
}

/** The whole file, in the order given (newest first from the query). */
export function auditCsv(entries: readonly AdminAuditLogTable[]): string {
  return csvDocument(AUDIT_CSV_HEADER, entries.map(rowOf));
}
