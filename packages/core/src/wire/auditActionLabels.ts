// The German name of every kind of audit-log entry (core AuditActionCodec), in one place: the console's Protokoll
// shows it (i18n keys `Audit.Action.<action>` are made from this table) and the server's CSV export of the Protokoll
// writes it, so a data-protection officer reads in the file what the administrator read on the screen.
import type { AuditAction } from './adminTeam.js';

export const AUDIT_ACTION_LABELS: { readonly [A in AuditAction]: string } = {
  'lawyer.invited': 'Eingeladen',
  'lawyer.invitation.accepted': 'Einladung angenommen',
  'lawyer.invitation.withdrawn': 'Einladung zurückgezogen',
  'lawyer.setup.completed': 'Zugang eingerichtet',
  'lawyer.admin.created': 'Administration angelegt',
  'lawyer.role.changed': 'Rolle geändert',
  'lawyer.deactivated': 'Deaktiviert',
  'lawyer.reactivated': 'Reaktiviert',
  // Whether the link's e-mail went out is in the details (delivery): the action itself only issues the link.
  'lawyer.password.reset': 'Passwort zurückgesetzt (Link erstellt)',
  'lawyer.password.reset.completed': 'Neues Passwort festgelegt',
  'lawyer.mfa.reset': 'Zweiter Faktor zurückgesetzt',
  'lawyer.profile.changed': 'Eigenes Profil geändert',
  'insurer.created': 'Versicherer angelegt',
  'insurer.updated': 'Versicherer geändert',
  'insurer.key.created': 'Schlüssel des Versicherers angelegt',
  'insurer.key.revoked': 'Schlüssel des Versicherers widerrufen',
  // Its keys are revoked in the same step (details: revokedKeys, endedSessions); its cases and reports stay.
  'insurer.ended': 'Zusammenarbeit mit dem Versicherer beendet',
  'insurer.resumed': 'Zusammenarbeit mit dem Versicherer wieder aufgenommen',
  // Only a never-used insurer (no customer, no case, no key ever used) can be deleted.
  'insurer.deleted': 'Versicherer gelöscht',
  'reports.invoice.exported': 'Abrechnung exportiert',
  'serviceHours.weekly.saved': 'Servicezeiten geändert',
  'serviceHours.weekly.reset': 'Servicezeiten auf die Voreinstellung des Servers zurückgesetzt',
  'serviceHours.closure.added': 'Schließtag eingetragen',
  'serviceHours.closure.removed': 'Schließtag entfernt',
  'firmDetails.saved': 'Kanzleiangaben geändert',
  'firmDetails.reset': 'Kanzleiangaben auf die Server-Einstellungen zurückgesetzt',
  'dataRequest.search': 'Auskunftsersuchen: Suche',
  'dataRequest.archive': 'Auskunftsersuchen: Archiv heruntergeladen',
  'dataRequest.erase': 'Auskunftsersuchen: Chats gelöscht',
  // Not a refusal: the console asks which person is meant (the insurer, or another key) – nothing was read or deleted yet.
  'dataRequest.ambiguous': 'Auskunftsersuchen: Rückfrage, mehrere Personen gefunden – noch nichts gelesen oder gelöscht',
  'textTemplate.firm.created': 'Textbaustein der Kanzlei angelegt',
  'textTemplate.firm.updated': 'Textbaustein der Kanzlei geändert',
  'textTemplate.firm.removed': 'Textbaustein der Kanzlei gelöscht',
  'caseFile.document.withdrawn': 'Dokument aus einer Fallakte zurückgezogen',
  'caseFile.withdrawn': 'Fallakte zurückgezogen',
  'caseFile.handedOver': 'Fallakte übergeben',
  'chat.fieldOfLaw.changed': 'Rechtsgebiet eines Chats geändert',
  // Only an administrator's give-back of a colleague's callback („Zurückgeben“ in Rückrufe); the own is no admin action.
  'callback.released': 'Rückruf einer Kollegin oder eines Kollegen zurückgegeben',
  'auditLog.exported': 'Protokoll als CSV heruntergeladen',
};
