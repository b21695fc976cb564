// The details of an audit-log entry in German words, in one place: the console's Protokoll shows them („Einzelheiten“)
// and the server's CSV export of the Protokoll writes the same text, so a data-protection officer reads in the file what
// the administrator read on the screen (like AUDIT_ACTION_LABELS for the kind of entry). The entries store their
// details as JSON with English keys and codes (`{"kid":"k-…","endedSessions":3}`); this turns them into
// "Schlüssel-ID (kid): k-…, beendete Anmeldungen: 3". A key or code not listed here (a newer server, an old entry) shows
// by its stored name and value – never "[object Object]".
import { berlinWallClock } from '../time/berlinTime.js';
import { AuditActionCodec } from './adminTeam.js';
import { AUDIT_ACTION_LABELS } from './auditActionLabels.js';

/** The team's roles in words (the console's team screen shows the same). */
export const LAWYER_ROLE_LABELS = { admin: 'Administration', lawyer: 'Anwältin/Anwalt' } as const;

/** What an invoice or report of no one insurer covers (the reports' filter says the same). */
export const ALL_INSURERS_LABEL = 'Alle Versicherer';

/** „übernommen von“ of a deactivation that had no open work, no case file and so no colleague to take over. */
const NOTHING_HANDED_OVER = 'niemand (keine offenen Chats, Rückrufe oder Fallakten)';

/** The label of a detail key, where it means the same in every kind of entry. */
export const AUDIT_DETAIL_LABELS: Readonly<Record<string, string>> = {
  expiresAt: 'gültig bis',
  role: 'Rolle',
  mailed: 'per E-Mail verschickt',
  delivery: 'E-Mail',
  insurer: 'Versicherer',
  insurerName: 'Versicherer',
  rows: 'Zeilen',
  endedSessions: 'beendete Anmeldungen',
  displayName: 'Anzeigename',
  previousName: 'bisheriger Name',
  previousDisplayName: 'bisheriger Anzeigename',
  kid: 'Schlüssel-ID (kid)',
  // The end of the collaboration with an insurer revokes every key still valid; a deletion removes never-used ones.
  revokedKeys: 'widerrufene Schlüssel',
  deletedKeys: 'gelöschte Schlüssel',
  endedAt: 'beendet seit',
  hours: 'Servicezeiten',
  previousHours: 'bisher',
  firstDay: 'erster Tag',
  lastDay: 'letzter Tag',
  reassignedTo: 'übernommen von',
  reassignedToName: 'übernommen von',
  chats: 'Chats',
  callbacks: 'Rückrufe',
  caseFiles: 'Fallakten',
  hadFactor: 'zweiter Faktor war eingerichtet',
  removedPasskeys: 'entfernte Passkeys',
  removedRecoveryCodes: 'entfernte Wiederherstellungscodes',
  searchedBy: 'gesucht nach',
  reference: 'Aktenzeichen',
  chatCases: 'Chat-Beratungen',
  found: 'gefunden',
  chatReferences: 'Aktenzeichen der Chat-Beratungen',
  // lawyer.deactivated: the chat cases whose open callbacks went to the colleague.
  callbackReferences: 'Aktenzeichen der Rückrufe',
  caseFileNumbers: 'Nummern der Fallakten',
  erasedChatCases: 'gelöschte Chat-Beratungen',
  erasedReferences: 'gelöscht',
  keptReferences: 'aufbewahrt',
  erasedFiles: 'gelöschte Dateien',
  keptChatCases: 'aufbewahrte Chat-Beratungen',
  keptCaseFiles: 'aufbewahrte Fallakten',
  // The retention job's erasure of a chat case a case file had kept: when the person asked for it.
  erasureRequestedAt: 'Löschung verlangt am',
  // dataRequest.ambiguous: what the request that led to the question wanted and how many people its key matched.
  requested: 'gewünscht',
  people: 'gefundene Personen',
  previousTitle: 'bisheriger Titel',
};

/** Labels of a key that means something else in one kind of entry, by `<action>.<key>`; they win over AUDIT_DETAIL_LABELS. */
export const AUDIT_ACTION_DETAIL_LABELS: Readonly<Record<string, string>> = {
  'auditLog.exported.from': 'von',
  'auditLog.exported.to': 'bis',
  'auditLog.exported.action': 'Aktion',
  'auditLog.exported.actor': 'Person',
  'auditLog.exported.actorName': 'Person',
  'auditLog.exported.q': 'Suche',
  'lawyer.profile.changed.from': 'bisheriger Name',
  'lawyer.profile.changed.to': 'neuer Name',
  'lawyer.profile.changed.gender': 'Anrede',
  'lawyer.profile.changed.phone': 'Telefonnummer',
  'firmDetails.saved.changed': 'geänderte Angaben',
  'firmDetails.reset.restored': 'jetzt geltender Name',
  'lawyer.role.changed.from': 'bisherige Rolle',
  'lawyer.role.changed.to': 'neue Rolle',
  'reports.invoice.exported.from': 'von',
  'reports.invoice.exported.to': 'bis',
  'chat.fieldOfLaw.changed.from': 'bisheriges Rechtsgebiet',
  'chat.fieldOfLaw.changed.to': 'neues Rechtsgebiet',
  'caseFile.handedOver.holder': 'bisher zuständig',
  'caseFile.handedOver.to': 'übergeben an',
  'caseFile.withdrawn.reason': 'Grund',
  'caseFile.withdrawn.holder': 'zuständig',
  'caseFile.withdrawn.chat': 'aus Chat',
  'caseFile.document.withdrawn.document': 'Dokument',
  'caseFile.document.withdrawn.sharedAt': 'bereitgestellt am',
  'callback.released.holder': 'bisher übernommen von',
};

/** Coded values in words, by the key they stand under. */
export const AUDIT_DETAIL_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  searchedBy: { insuranceNumber: 'Versicherungsnummer', chatReference: 'Aktenzeichen eines Chats', caseFileNumber: 'Nummer einer Fallakte' },
  requested: { search: 'Suche', archive: 'Auskunftsarchiv', erase: 'Löschung' },
  delivery: {
    sent: 'vom Mailserver angenommen',
    outbox: 'nur im Postausgang-Ordner (kein Mailserver eingerichtet)',
    failed: 'vom Mailserver nicht angenommen',
  },
  gender: { female: 'Frau', male: 'Herr', other: 'Keine Angabe' },
  phone: { added: 'hinzugefügt', changed: 'geändert', removed: 'entfernt' },
};

/**
 * Keys left out when the key they are named with is there: the colleague's or insurer's id beside their name says
 * nothing to a reader, and `mailed` beside the e-mail's `delivery`, which says more (sent, only in the outbox, refused).
 */
const SHOWN_INSTEAD: Readonly<Record<string, string>> = { reassignedTo: 'reassignedToName', insurer: 'insurerName', actor: 'actorName', mailed: 'delivery' };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** "22.11.2026, 14:05": an instant as the Berlin wall clock shows it, as the console shows every time. */
function berlinDateTime(iso: string): string | null {
  const epochMs = Date.parse(iso);
  if (Number.isNaN(epochMs)) return null;
  const t = berlinWallClock(epochMs);
  return `${pad2(t.day)}.${pad2(t.month)}.${t.year}, ${pad2(t.hour)}:${pad2(t.minute)}`;
}

const own = (table: Readonly<Record<string, string>> | undefined, key: string): string | undefined =>
  table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;

/** The label of a detail key in an entry of `action`: its own for that action, else the common one, else the key itself. */
export function auditDetailLabel(action: string, key: string): string {
  return own(AUDIT_ACTION_DETAIL_LABELS, `${action}.${key}`) ?? own(AUDIT_DETAIL_LABELS, key) ?? key;
}

/** A detail's value in words: yes/no, a role, a code, an instant or a calendar day in German; anything else as stored. */
export function auditDetailValue(action: string, key: string, value: unknown): string {
  // An invoice of every insurer (no filter) says so rather than "–".
  if (value === null || value === undefined) {
    if (key === 'insurerName') return ALL_INSURERS_LABEL;
    // A deactivation without open work hands nothing over: „übernommen von: –“ read as if the work had been lost.
    if (action === 'lawyer.deactivated' && (key === 'reassignedToName' || key === 'reassignedTo')) return NOTHING_HANDED_OVER;
    return '–';
  }
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map((item) => auditDetailValue(action, key, item)).join(', ');
  // An object has no words here: its JSON, which at least shows what it holds.
  if (typeof value !== 'string') return JSON.stringify(value) ?? String(value);
  if ((key === 'role' || action === 'lawyer.role.changed') && (value === 'admin' || value === 'lawyer')) return LAWYER_ROLE_LABELS[value];
  // The kind of entry an export of the Protokoll was filtered by, in German like the list's own column.
  if (key === 'action') return AuditActionCodec.is(value) ? AUDIT_ACTION_LABELS[value] : value;
  const coded = own(AUDIT_DETAIL_VALUE_LABELS[key], value);
  if (coded !== undefined) return coded;
  if (ISO_INSTANT.test(value)) return berlinDateTime(value) ?? value;
  const day = ISO_DAY.exec(value);
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  return value;
}

/**
 * The details of an entry as "Label: Wert" pairs joined by `separator` (the console: ", "; the CSV: "; ", since values
 * such as lists of references hold commas themselves); '' without details.
 */
export function auditDetailsText(action: string, details: Readonly<Record<string, unknown>>, separator = ', '): string {
  return Object.entries(details)
    .filter(([key]) => {
      const instead = own(SHOWN_INSTEAD, key);
      return instead === undefined || !Object.hasOwn(details, instead);
    })
    .map(([key, value]) => `${auditDetailLabel(action, key)}: ${auditDetailValue(action, key, value)}`)
    .join(separator);
}
