// Übersicht.txt of the access archive (GDPR Art. 15, in the intelligible form of Art. 12(1)): everything daten.json
// holds, written for the person in German – codes as words, times in Europe/Berlin, no internal ids, and how long
// each part is kept. daten.json stays the complete machine-readable copy (Art. 20). Pure: the archive passes the rows.
import { formatGermanDate, formatGermanDateTime } from '../../platform/pdf/germanDate.js';
import { displayPhoneNumber } from '../../platform/phone.js';
import type { CaseFileTable } from '../casefile/index.js';
import { SECOND_LEVEL_AVAILABILITY } from '../chat/index.js';
import { DEFAULT_INSURER_NAME } from '../insurers/index.js';
import type { CaseFileContent, CaseWithInsurer, ChatCaseContent } from './dataRequestQueries.js';
import { mandateOpen } from './dataSubject.js';

export interface SummaryChatCase {
  readonly reference: string;
  readonly theCase: CaseWithInsurer;
  readonly content: ChatCaseContent;
  readonly protocolPdf: string;
  readonly usageConfirmationPdf: string | null;
  /** The lawyers' names by id (chats' accepted and assigned lawyers, the colleagues callbacks were handed to). */
  readonly lawyerNames: ReadonlyMap<string, string>;
}

export interface SummaryCaseFile {
  readonly caseFile: CaseFileTable;
  readonly content: CaseFileContent;
  readonly folder: string;
}

/** The controller (`FIRM_NAME`, `FIRM_EMAIL`, `FIRM_PHONE`, `IMPRINT_URL`); there is no configured postal address. */
export interface SummaryFirm {
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  /** The firm's own imprint page; null: the web app's built-in /impressum page. */
  readonly imprintUrl?: string | null;
}

export interface SummaryInput {
  readonly firm: SummaryFirm;
  readonly createdAt: Date;
  readonly customerSince: readonly string[];
  readonly chatCases: readonly SummaryChatCase[];
  readonly caseFiles: readonly SummaryCaseFile[];
  readonly caselessPhones: readonly { readonly phone: string; readonly created_at: string }[];
  /** Addresses the person confirmed for the protocol mail by its link (double opt-in). */
  readonly confirmedProtocolAddresses: readonly { readonly email: string; readonly confirmed_at: string; readonly last_used_at: string }[];
}

/** "10.03.2026, 10:00 Uhr" in Europe/Berlin. */
const at = (iso: string | Date) => `${formatGermanDateTime(iso)} Uhr`;

/** A calendar day as typed in a form (YYYY-MM-DD, no time zone) in German order. */
function germanDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

/** Continuation lines of a multi-line value indented under its label. */
const indented = (text: string, by: string) => text.replace(/\r?\n/g, `\n${by}`);

const heading = (title: string, underline: string) => `${title}\n${underline.repeat(title.length)}`;

const CLOSE_REASONS: Record<string, string> = {
  lawyer: 'von der Anwältin oder dem Anwalt beendet',
  lawyerRequestPhone: 'von der Anwältin oder dem Anwalt beendet, mit der Bitte um Ihre Telefonnummer für einen Rückruf',
  timeout: 'wegen längerer Inaktivität automatisch beendet',
  abandoned: 'beendet, bevor eine Anwältin oder ein Anwalt den Chat angenommen hatte',
  callback: 'beendet, weil Sie beim Warten einen Rückruf gewünscht haben',
  forwarded: 'an eine Kollegin oder einen Kollegen weitergeleitet',
};

const CHAT_STATES: Record<string, string> = {
  waiting: 'wartet auf eine Anwältin oder einen Anwalt',
  active: 'läuft',
  closed: 'beendet',
  forwarded: 'weitergeleitet',
};

const UPLOADED_BY: Record<string, string> = {
  client: 'von Ihnen',
  lawyer: 'von der Kanzlei',
  system: 'von Ihnen unterschrieben (Vollmacht, als PDF vom Server erstellt)',
};

const MARITAL_STATUSES: Record<string, string> = {
  single: 'ledig',
  married: 'verheiratet',
  partnership: 'eingetragene Lebenspartnerschaft',
  divorced: 'geschieden',
  widowed: 'verwitwet',
};

const CONTACT_CHANNELS: Record<string, string> = { email: 'per E-Mail', phone: 'per Telefon', post: 'per Post' };

/** The questionnaire's answers as the form labels them (web i18n CaseFile.Questionnaire.*), in the form's order. */
const QUESTIONNAIRE_LABELS: readonly (readonly [string, string, (value: string) => string])[] = [
  ['BirthDate', 'Geburtsdatum', germanDay],
  ['Occupation', 'Beruf', (v) => v],
  ['MaritalStatus', 'Familienstand', (v) => MARITAL_STATUSES[v] ?? v],
  ['LegalInsurance', 'Rechtsschutzversicherung', (v) => v],
  ['InsuranceCompany', 'Name der Versicherung', (v) => v],
  ['InsuranceNumber', 'Versicherungsnummer', (v) => v],
  ['Opponent', 'Gegenseite', (v) => v],
  ['IncidentDate', 'Datum des Ereignisses', germanDay],
  ['Description', 'Was ist passiert?', (v) => v],
  ['PreferredContact', 'Wie sollen wir Sie erreichen?', (v) => CONTACT_CHANNELS[v] ?? v],
];

function answerText(value: unknown, format: (value: string) => string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  return format(String(value));
}

function questionnaireLines(caseFile: CaseFileTable): string[] {
  if (caseFile.questionnaire_json === null) return ['  Sie haben keinen Fragebogen gesendet.'];
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(caseFile.questionnaire_json) as Record<string, unknown>;
  } catch {
    return [`  ${indented(caseFile.questionnaire_json, '  ')}`];
  }
  const lines = [caseFile.questionnaire_submitted_at === null ? '  Gespeichert:' : `  Gesendet am ${at(caseFile.questionnaire_submitted_at)}:`];
  const known = new Set(QUESTIONNAIRE_LABELS.map(([key]) => key));
  for (const [key, label, format] of QUESTIONNAIRE_LABELS) {
    lines.push(`  - ${label}: ${indented(answerText(answers[key], format) ?? 'keine Angabe', '    ')}`);
  }
  for (const [key, value] of Object.entries(answers)) {
    if (!known.has(key)) lines.push(`  - ${key}: ${answerText(value, (v) => v) ?? 'keine Angabe'}`);
  }
  return lines;
}

function caseFileRetention(caseFile: CaseFileTable): string {
  const rule =
    'Nach dem Ende des Mandats bewahrt die Kanzlei die Fallakte als Handakte sechs Jahre lang auf, gerechnet ab dem Ende des Jahres, in dem das Mandat endete (§ 50 Abs. 1 BRAO); danach wird sie automatisch gelöscht.';
  if (mandateOpen(caseFile)) return `Solange Ihr Mandat läuft, wird die Fallakte aufbewahrt. ${rule}`;
  return `${rule} Ihre Fallakte wird deshalb ab dem ${formatGermanDate(caseFile.retention_until)} gelöscht.`;
}

const ACCESS_LOG_NOTE = 'Das Protokoll der Einsichten wird drei Jahre nach jeder Einsicht gelöscht (regelmäßige Verjährungsfrist, § 195 BGB).';

function caseFileSection(entry: SummaryCaseFile): string {
  const { caseFile, content, folder } = entry;
  const out: string[] = [heading(`Digitale Fallakte ${caseFile.case_number}`, '-'), ''];
  out.push('Angaben zu Ihrer Person');
  out.push(`  Name: ${caseFile.first_name} ${caseFile.last_name}`);
  const birthDate = (() => {
    try {
      const answers = caseFile.questionnaire_json === null ? {} : (JSON.parse(caseFile.questionnaire_json) as Record<string, unknown>);
      return typeof answers.BirthDate === 'string' && answers.BirthDate !== '' ? germanDay(answers.BirthDate) : null;
    } catch {
      return null;
    }
  })();
  out.push(`  Geburtsdatum: ${birthDate ?? 'nicht angegeben'}`);
  const address = [caseFile.street, [caseFile.postal_code, caseFile.city].filter((p) => p !== null && p !== '').join(' ')].filter(
    (p) => p !== null && p !== '',
  );
  out.push(`  Anschrift: ${address.length === 0 ? 'nicht angegeben' : address.join(', ')}`);
  out.push(`  Telefon: ${caseFile.phone === '' ? 'nicht angegeben' : displayPhoneNumber(caseFile.phone)}`);
  out.push(`  E-Mail: ${caseFile.email ?? 'nicht angegeben'}`);
  if (caseFile.consent_privacy_at !== null) out.push(`  Datenschutzhinweise bestätigt am ${at(caseFile.consent_privacy_at)}`);
  if (caseFile.consent_terms_at !== null) out.push(`  Nutzungsbedingungen akzeptiert am ${at(caseFile.consent_terms_at)}`);
  out.push('');
  out.push('Angaben zum Fall');
  out.push(`  Aktenzeichen: ${caseFile.case_number}`);
  out.push(`  Angelegt am: ${at(caseFile.created_at)}`);
  out.push(`  Titel: ${caseFile.title}`);
  out.push(`  Rechtsgebiet: ${caseFile.field_of_law}`);
  if (caseFile.description.trim() !== '') out.push(`  Beschreibung: ${indented(caseFile.description, '    ')}`);
  if (caseFile.opponent !== null && caseFile.opponent !== '') out.push(`  Gegenseite: ${caseFile.opponent}`);
  out.push(`  Ihre Anwältin oder Ihr Anwalt: ${caseFile.lawyer_name}`);
  const closedAt = caseFile.closed_at ?? null;
  out.push(
    `  Stand: ${mandateOpen(caseFile) ? 'Das Mandat läuft.' : closedAt === null ? 'Das Mandat ist beendet.' : `Das Mandat wurde am ${at(closedAt)} beendet.`}`,
  );
  out.push('');
  out.push('Verlauf');
  if (content.history.length === 0) out.push('  Keine Einträge.');
  for (const item of content.history) {
    const text = item.text.trim() === '' ? '' : `: ${indented(item.text, '    ')}`;
    out.push(`  ${at(item.created_at)} – ${item.title}${text}`);
  }
  out.push('');
  out.push(`Dokumente (die Dateien liegen im Ordner ${folder}/)`);
  if (content.documents.length === 0) out.push('  Keine Dokumente.');
  for (const document of content.documents) {
    const seen = document.seen_by_firm_at === null ? '' : `; von der Kanzlei erstmals geöffnet am ${at(document.seen_by_firm_at)}`;
    if (document.uploaded_by === 'lawyer') {
      // The firm's own document: shared by whom, with the note the client read; „seen by the firm“ says nothing here.
      const by = document.shared_by_name ? `von ${document.shared_by_name}` : 'von der Kanzlei';
      const note = document.note ? `; Notiz: ${indented(document.note, '    ')}` : '';
      out.push(`  ${document.file_name} – Ihnen bereitgestellt am ${at(document.created_at)} ${by}${note}`);
      continue;
    }
    out.push(`  ${document.file_name} – hochgeladen am ${at(document.created_at)}, ${UPLOADED_BY[document.uploaded_by] ?? 'von der Kanzlei'}${seen}`);
  }
  out.push('');
  out.push('Ihre Nachrichten an die Kanzlei');
  if (content.contacts.length === 0) out.push('  Keine Nachrichten.');
  for (const contact of content.contacts) {
    out.push(`  ${at(contact.created_at)} – Betreff: ${contact.subject}`);
    // The firm's message it answers (migration 0045), listed below under „Nachrichten der Kanzlei an Sie“.
    const answered = contact.in_reply_to ? content.firmMessages.find((message) => message.id === contact.in_reply_to) : undefined;
    if (answered) out.push(`    Ihre Antwort auf die Nachricht der Kanzlei „${answered.subject}“ vom ${at(answered.created_at)}`);
    out.push(`    ${indented(contact.message, '    ')}`);
    if (contact.reply && contact.replied_at) {
      out.push(`    Antwort ${contact.replied_by_name ? `von ${contact.replied_by_name} ` : ''}am ${at(contact.replied_at)}:`);
      out.push(`    ${indented(contact.reply, '    ')}`);
    }
  }
  out.push('');
  out.push('Nachrichten der Kanzlei an Sie');
  if (content.firmMessages.length === 0) out.push('  Keine Nachrichten.');
  for (const message of content.firmMessages) {
    out.push(`  ${at(message.created_at)} – von ${message.written_by_name} – Betreff: ${message.subject}`);
    out.push(`    ${indented(message.text, '    ')}`);
  }
  out.push('');
  out.push('Fragebogen');
  out.push(...questionnaireLines(caseFile));
  out.push('');
  out.push('Vollmacht');
  if (caseFile.power_of_attorney_signed_at === null) out.push('  Sie haben keine Vollmacht unterschrieben.');
  else {
    const signed = content.history.find((h) => h.kind === 'PowerOfAttorneySigned');
    const place = signed === undefined ? null : (/^Unterschrieben in (.+)\.$/.exec(signed.text.trim())?.[1] ?? null);
    out.push(`  Unterschrieben am ${at(caseFile.power_of_attorney_signed_at)}${place === null ? '' : ` in ${place}`}.`);
    out.push('  Die unterschriebene Vollmacht liegt als PDF bei den Dokumenten.');
  }
  out.push('');
  out.push('Wer in der Kanzlei Ihre Fallakte eingesehen hat');
  if (content.accessLog.length === 0) out.push('  Keine Einsichten.');
  // The documents the firm shared, and of them those it withdrew again (both trails name the document's id).
  const sharedIds = new Set(content.accessLog.filter((a) => a.action === 'share').map((a) => a.document_id));
  const withdrawnShares = new Set(
    content.accessLog.filter((a) => a.action === 'unshare' && !content.documents.some((d) => d.id === a.document_id)).map((a) => a.document_id),
  );
  for (const access of content.accessLog) {
    const who = access.lawyer_name ?? 'Ein Mitglied der Kanzlei';
    if (access.action === 'document') {
      const document = content.documents.find((d) => d.id === access.document_id);
      out.push(
        `  ${at(access.accessed_at)} – ${who} hat das Dokument ${document === undefined ? '(inzwischen entfernt)' : `„${document.file_name}“`} geöffnet.`,
      );
    } else if (access.action === 'reply') {
      out.push(`  ${at(access.accessed_at)} – ${who} hat auf eine Ihrer Nachrichten geantwortet.`);
    } else if (access.action === 'message') {
      out.push(`  ${at(access.accessed_at)} – ${who} hat Ihnen eine Nachricht geschrieben.`);
    } else if (access.action === 'share') {
      // Audited before the file was checked: a refused file left the attempt but no document; a withdrawn one left the
      // withdrawal (`unshare`, whose name went with it – „Verlauf“ above names it).
      const document = content.documents.find((d) => d.id === access.document_id);
      out.push(
        document !== undefined
          ? `  ${at(access.accessed_at)} – ${who} hat Ihnen das Dokument „${document.file_name}“ bereitgestellt.`
          : withdrawnShares.has(access.document_id)
            ? `  ${at(access.accessed_at)} – ${who} hat Ihnen ein Dokument bereitgestellt, das die Kanzlei später zurückgezogen hat (siehe Verlauf).`
            : `  ${at(access.accessed_at)} – ${who} wollte Ihnen ein Dokument bereitstellen; es wurde nicht gespeichert.`,
      );
    } else if (access.action === 'unshare') {
      // Audited before it was checked too: a document that is still there was not withdrawn.
      const document = content.documents.find((d) => d.id === access.document_id);
      out.push(
        document === undefined && sharedIds.has(access.document_id)
          ? `  ${at(access.accessed_at)} – ${who} hat ein Ihnen bereitgestelltes Dokument zurückgezogen; es wurde gelöscht.`
          : `  ${at(access.accessed_at)} – ${who} wollte ein Dokument zurückziehen; es wurde nichts geändert.`,
      );
    } else {
      out.push(`  ${at(access.accessed_at)} – ${who} hat die Fallakte angesehen (Angaben zum Fall und zu Ihrer Person, Verlauf, Dokumentenliste).`);
    }
  }
  out.push('');
  out.push('Wie lange die Daten aufbewahrt werden');
  out.push(`  ${caseFileRetention(caseFile)}`);
  out.push(`  ${ACCESS_LOG_NOTE}`);
  return out.join('\n');
}

function chatSection(entry: SummaryChatCase, caseFiles: readonly SummaryCaseFile[]): string {
  const { reference, theCase, content, lawyerNames } = entry;
  const out: string[] = [heading(`Chat-Beratung ${reference}`, '-'), ''];
  out.push(`  Aktenzeichen: ${reference}`);
  out.push(`  Begonnen am: ${at(theCase.created_at)}`);
  out.push(`  Rechtsgebiet: ${theCase.field_of_law_long_name}`);
  out.push(
    theCase.insurer_name === null
      ? `  Versicherer: Sie kamen über den allgemeinen Zugangslink Ihres Versicherers; ein einzelner Versicherer ist nicht hinterlegt (in der Abrechnung: „${DEFAULT_INSURER_NAME}“).`
      : `  Versicherer: ${theCase.insurer_name} (Sie kamen über den Zugangslink dieses Versicherers)`,
  );
  if (theCase.description.trim() !== '') out.push(`  Ihre Schilderung zu Beginn: ${indented(theCase.description, '    ')}`);
  out.push(
    `  Angegebene E-Mail-Adresse: ${theCase.email === null ? 'keine' : `${theCase.email}${theCase.verified_email === 1 ? ' (im Chat bestätigt)' : ''}`}`,
  );
  if (theCase.protocol_email !== null) {
    const sent = theCase.protocol_sent_at === null ? '' : ` am ${at(theCase.protocol_sent_at)}`;
    out.push(`  Chatprotokoll per E-Mail gesendet an: ${theCase.protocol_email}${sent}`);
  }
  for (const link of content.protocolConfirmations) {
    const outcome = link.used_at === null ? `gültig bis ${at(link.expires_at)}, nicht bestätigt` : `bestätigt am ${at(link.used_at)}`;
    // A renewed link: sent again on the page of an expired one, to the same address.
    const renewed = link.renewals > 0 ? `, auf Ihre Anfrage neu gesendet (${link.renewals}. neuer Link)` : '';
    out.push(`  Bestätigungslink für das Chatprotokoll an ${link.email} gesendet am ${at(link.created_at)} (${outcome}${renewed})`);
  }
  if (theCase.closed_at !== null) out.push(`  Abgeschlossen am: ${at(theCase.closed_at)}`);
  out.push('');
  out.push('Gespräche mit der Kanzlei');
  if (content.chats.length === 0) out.push('  Keine.');
  for (const chat of content.chats) {
    const nameOf = (id: string | null) => (id === null ? null : (lawyerNames.get(id) ?? null));
    const lawyer = nameOf(chat.accepted_lawyer_id ?? chat.lawyer_id);
    // A colleague who took the chat over (its lawyer was deactivated meanwhile) held it too: Art. 15 names everyone.
    const takenOverBy = chat.accepted_lawyer_id !== null && chat.lawyer_id !== chat.accepted_lawyer_id ? nameOf(chat.lawyer_id) : null;
    const parts = [`  ${at(chat.created_at)} – Chat`];
    if (lawyer === null) parts.push('ohne Anwältin oder Anwalt');
    else parts.push(takenOverBy === null ? `mit ${lawyer}` : `mit ${lawyer}, fortgeführt von ${takenOverBy}`);
    const details: string[] = [];
    if (chat.accepted_at !== null) details.push(`angenommen ${at(chat.accepted_at)}`);
    if (chat.closed_at !== null)
      details.push(`${chat.close_reason === null ? 'beendet' : (CLOSE_REASONS[chat.close_reason] ?? 'beendet')} ${at(chat.closed_at)}`);
    else details.push(CHAT_STATES[chat.state] ?? chat.state);
    out.push(`${parts.join(' ')} (${details.join(', ')})`);
  }
  out.push(`  Nachrichten: ${content.messages.length}; alle stehen im Chatprotokoll ${entry.protocolPdf}.`);
  if (entry.usageConfirmationPdf !== null) out.push(`  Nutzungsbestätigung der Beratung: ${entry.usageConfirmationPdf}`);
  out.push('');
  out.push(`Hochgeladene Dateien (im Ordner chat-dateien/${reference}/)`);
  if (content.files.length === 0) out.push('  Keine.');
  for (const file of content.files) {
    const by = file.uploader_kind === 'lawyer' ? 'von der Anwältin oder dem Anwalt' : 'von Ihnen';
    out.push(`  ${file.file_name} – ${at(file.created_at)}, ${by}${file.revoked === 1 ? ' (Weitergabe später zurückgenommen)' : ''}`);
  }
  out.push('');
  out.push('Rückrufwünsche und Telefonnummern');
  if (content.callbacks.length === 0 && content.secondLevelPhones.length === 0) out.push('  Keine.');
  for (const callback of content.callbacks) {
    const done = callback.done_at === undefined || callback.done_at === null ? 'noch offen' : `erledigt am ${at(callback.done_at)}`;
    const what =
      callback.availability === SECOND_LEVEL_AVAILABILITY
        ? `Rückruf zur telefonischen Weiterberatung nach dem Chat unter ${displayPhoneNumber(callback.phone)}`
        : `Rückruf unter ${displayPhoneNumber(callback.phone)}, von Ihnen gewünschte Zeit: ${callback.availability}`;
    out.push(`  ${what} – erbeten am ${at(callback.created_at)}, ${done}.`);
    // Whose call it is, as the lawyers' callback list decides: the colleague it was handed to, else the chat's lawyer.
    const promiserId = callback.assigned_lawyer_id ?? content.chats.find((c) => c.id === callback.chat_id)?.lawyer_id ?? null;
    const promiser = promiserId === null ? null : (lawyerNames.get(promiserId) ?? null);
    out.push(
      promiser === null
        ? '    Zuständig für den Rückruf: eine Anwältin oder ein Anwalt der Kanzlei (eine bestimmte Person war nicht eingetragen).'
        : `    Zuständig für den Rückruf: ${promiser}`,
    );
  }
  for (const phone of content.secondLevelPhones)
    out.push(`  Telefonnummer für eine weitere Beratung: ${displayPhoneNumber(phone.phone)} – angegeben am ${at(phone.created_at)}`);
  out.push('');
  out.push('Ihre Bewertung');
  if (content.ratings.length === 0) out.push('  Keine.');
  for (const rating of content.ratings) {
    const comment = rating.comment === null || rating.comment.trim() === '' ? '' : `, Kommentar: „${rating.comment}“`;
    out.push(`  ${rating.stars} von 5 Sternen (${at(rating.created_at)})${comment}`);
  }
  out.push('');
  out.push('Wie lange die Daten aufbewahrt werden');
  out.push(
    `  Die Beratung wird zehn Jahre lang aufbewahrt (Abwehr möglicher Haftungsansprüche, § 199 Abs. 3 BGB) und ab dem ${formatGermanDate(theCase.retention_until)} automatisch gelöscht.`,
  );
  const grownInto = caseFiles.filter((f) => f.caseFile.chat_case_id === theCase.id).map((f) => f.caseFile.case_number);
  if (grownInto.length > 0) {
    out.push(
      `  Aus dieser Beratung ist die Fallakte ${grownInto.join(', ')} entstanden. Sie gehört zur Handakte; auf Ihren Wunsch gelöscht werden kann sie erst, wenn die Aufbewahrungsfrist der Fallakte endet.`,
    );
  }
  if (theCase.erasure_requested_at !== undefined && theCase.erasure_requested_at !== null) {
    out.push(`  Die Löschung wurde am ${at(theCase.erasure_requested_at)} beantragt und ist vorgemerkt.`);
  }
  return out.join('\n');
}

/** How to reach the firm: its configured e-mail address and phone number, else honestly where to find them. */
export function firmReach(firm: SummaryFirm): string {
  const ways = [firm.email === null ? null : `per E-Mail an ${firm.email}`, firm.phone === null ? null : `telefonisch unter ${firm.phone}`].filter(
    (way) => way !== null,
  );
  if (ways.length > 0) return `Sie erreichen die Kanzlei ${ways.join(' oder ')}.`;
  const imprint =
    firm.imprintUrl === undefined || firm.imprintUrl === null
      ? 'im Impressum der Website (Link „Impressum“ unten auf jeder Seite)'
      : `im Impressum der Kanzlei unter ${firm.imprintUrl}`;
  return `Eine E-Mail-Adresse oder Telefonnummer der Kanzlei ist in diesem System nicht hinterlegt. Anschrift und Kontaktangaben der Kanzlei finden Sie ${imprint}.`;
}

function firmLines(firm: SummaryInput['firm']): string[] {
  const lines = [`Verantwortlich für Ihre Daten ist ${firm.name}.`];
  if (firm.email !== null) lines.push(`E-Mail: ${firm.email}`);
  if (firm.phone !== null) lines.push(`Telefon: ${firm.phone}`);
  if (firm.email === null && firm.phone === null) lines.push(firmReach(firm));
  return lines;
}

/** What Art. 15(1)(a), (c), (e)–(h) and (2) owe beyond the rows: the same for every person, after the per-case sections. */
function generalSection(firm: SummaryFirm): string[] {
  return [
    heading('Wozu Ihre Daten verarbeitet werden', '-'),
    '',
    '  - Für Ihre Rechtsberatung: das Gespräch im Chat, Rückrufe und das Chatprotokoll, und, wenn Sie die Kanzlei',
    '    beauftragt haben, die Bearbeitung Ihres Mandats in der digitalen Fallakte.',
    '  - Für die Abrechnung der Beratung mit Ihrem Versicherer, der die Kosten trägt.',
    '  - Für gesetzliche Aufbewahrungspflichten: Die Fallakte ist die Handakte der Kanzlei und wird nach dem Ende des',
    '    Mandats sechs Jahre aufbewahrt (§ 50 Abs. 1 BRAO). Die Angaben einer Rechnung (Datum, Aktenzeichen, Versicherer,',
    '    Rechtsgebiet, Dauer) bewahrt die Kanzlei für die Steuer auf (§ 147 AO), auch wenn Sie die Löschung verlangen –',
    '    dann ohne Bezug zu Ihrer Person.',
    '  - Zur Abwehr möglicher Haftungsansprüche: Chat-Beratungen werden zehn Jahre ab ihrem Beginn aufbewahrt; so lange',
    '    können Ansprüche aus einer Beratung geltend gemacht werden (§ 199 Abs. 3 BGB). Dies ist keine gesetzliche',
    '    Aufbewahrungspflicht, sondern ein berechtigtes Interesse der Kanzlei.',
    '  - Zum Nachweis, wer in der Kanzlei Ihre Fallakte eingesehen hat (Protokoll der Einsichten).',
    '',
    '',
    heading('Wer Ihre Daten erhält', '-'),
    '',
    '  - Die Anwältinnen und Anwälte der Kanzlei: wer Sie berät, Ihre Fallakte bearbeitet oder einen Rückruf übernimmt,',
    '    und für Auskünfte wie diese die Administration der Kanzlei. Sie sind zur Verschwiegenheit verpflichtet.',
    '  - Ihr Versicherer erhält für jede abgeschlossene Chat-Beratung eine Zeile der Rechnung: das Datum der Beratung,',
    '    das Aktenzeichen (RC-…), den Versicherer, das Rechtsgebiet, die Dauer in angefangenen Minuten und das Datum des',
    '    Endes. Mehr erhält er nicht – keine Nachrichten, keine Dateien, keine Schilderung und nicht Ihre',
    '    Versicherungsnummer.',
    '  - E-Mails (das Chatprotokoll an die von Ihnen angegebene Adresse, Links zu Ihrer Fallakte) verschickt die',
    '    Kanzlei über ihren Mailserver; dabei werden Ihre E-Mail-Adresse und der Inhalt der E-Mail übermittelt.',
    '  - Betreibt ein Dienstleister die Server oder den E-Mail-Versand für die Kanzlei, verarbeitet er die Daten nur in',
    '    ihrem Auftrag und nach ihren Weisungen (Art. 28 DSGVO).',
    '',
    '',
    heading('Woher Ihre Daten stammen', '-'),
    '',
    '  - Die meisten Angaben haben Sie selbst gemacht: im Chat, im Fragebogen, in der Fallakte und bei Rückrufwünschen.',
    '  - Ihre Versicherungsnummer und Ihren Versicherer hat die Kanzlei über den Zugangslink Ihres Versicherers',
    '    erhalten, mit dem Sie den Chat geöffnet haben. Die Nummer selbst speichert sie nicht, nur einen verschlüsselten',
    '    Prüfwert.',
    '  - Die Angaben, mit denen Ihre Fallakte angelegt wurde (Name, Telefonnummer, E-Mail-Adresse, Titel, Rechtsgebiet),',
    '    die Einträge der Kanzlei im Verlauf und die Dokumente der Kanzlei hat Ihre Anwältin oder Ihr Anwalt eingetragen –',
    '    aus Ihren Angaben im Gespräch oder in der Chat-Beratung, aus der die Fallakte entstanden ist.',
    '',
    '',
    heading('Ihre Rechte', '-'),
    '',
    '  Sie können von der Kanzlei verlangen:',
    '  - die Berichtigung unrichtiger Daten (Art. 16 DSGVO),',
    '  - die Löschung Ihrer Daten, soweit keine Aufbewahrungspflicht entgegensteht (Art. 17 DSGVO),',
    '  - die Einschränkung der Verarbeitung (Art. 18 DSGVO),',
    '  - Ihre Daten in maschinenlesbarer Form – das ist die Datei daten.json in diesem Archiv (Art. 20 DSGVO).',
    '  Sie können der Verarbeitung widersprechen, soweit sie auf einem berechtigten Interesse der Kanzlei beruht, etwa',
    '  der Aufbewahrung zur Abwehr von Haftungsansprüchen (Art. 21 DSGVO).',
    '  Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren, etwa der Ihres Bundeslandes (Art. 77 DSGVO).',
    '',
    '  Eine automatisierte Entscheidung über Sie (Art. 22 DSGVO) gibt es nicht. Der Chat-Assistent ordnet Ihre',
    '  Schilderung zu Beginn einem Rechtsgebiet zu, damit eine passende Anwältin oder ein passender Anwalt den Chat',
    '  übernimmt; beraten werden Sie von einem Menschen, und über Ihr Anliegen entscheidet allein die Anwältin oder der',
    '  Anwalt.',
    '',
    '',
    heading('Verantwortlich und Kontakt', '-'),
    '',
    `  Verantwortlich für die Verarbeitung Ihrer Daten ist ${firm.name}. ${firmReach(firm)}`,
    '  Für Ihre Rechte und Fragen zu dieser Auskunft wenden Sie sich bitte an die Kanzlei.',
  ];
}

/** The whole Übersicht.txt. */
/** „keine …“, „eine …“ or the number with the plural – a client reads „eine digitale Fallakte“, not „1 … Fallakte(n)“. */
const counted = (count: number, one: string, many: string) => (count === 0 ? `keine ${one}` : count === 1 ? `eine ${one}` : `${count} ${many}`);

/** What the search found, in words: „eine Chat-Beratung und keine digitale Fallakte“. */
export const foundInWords = (chatCases: number, caseFiles: number) =>
  `${counted(chatCases, 'Chat-Beratung', 'Chat-Beratungen')} und ${counted(caseFiles, 'digitale Fallakte', 'digitale Fallakten')}`;

export function readableSummary(input: SummaryInput): string {
  const title = `Übersicht Ihrer gespeicherten Daten – ${input.firm.name}`;
  const parts: string[] = [
    heading(title, '='),
    '',
    `Erstellt am ${at(input.createdAt)} (deutsche Zeit). Alle Zeitangaben in dieser Übersicht sind deutsche Zeit.`,
    '',
    ...firmLines(input.firm),
    '',
    'Sie haben Auskunft darüber verlangt, welche Daten die Kanzlei über Sie gespeichert hat (Art. 15 DSGVO). Diese',
    'Übersicht fasst alles in lesbarer Form zusammen. Die vollständigen Daten finden Sie zusätzlich in maschinenlesbarer',
    'Form in der Datei daten.json; die Chatprotokolle und Dokumente liegen als Dateien in den Ordnern dieses Archivs.',
    '',
    `Gefunden: ${foundInWords(input.chatCases.length, input.caseFiles.length)}.`,
  ];
  if (input.customerSince.length > 0) {
    parts.push(`Als Nutzerin oder Nutzer der Chat-Beratung sind Sie seit dem ${input.customerSince.map(at).join(' und ')} gespeichert.`);
    parts.push('Ihre Versicherungsnummer speichert die Kanzlei dabei nicht, nur einen verschlüsselten Prüfwert.');
  }
  for (const caseFile of input.caseFiles) parts.push('', '', caseFileSection(caseFile));
  for (const chatCase of input.chatCases) parts.push('', '', chatSection(chatCase, input.caseFiles));
  if (input.caselessPhones.length > 0) {
    parts.push('', '', heading('Rückrufnummern ohne Beratung', '-'), '');
    for (const phone of input.caselessPhones) parts.push(`  ${displayPhoneNumber(phone.phone)} – angegeben am ${at(phone.created_at)}`);
    parts.push('', '  Diese Nummern werden 90 Tage nach ihrer Angabe automatisch gelöscht.');
  }
  if (input.confirmedProtocolAddresses.length > 0) {
    parts.push('', '', heading('Bestätigte E-Mail-Adressen für das Chatprotokoll', '-'), '');
    for (const address of input.confirmedProtocolAddresses)
      parts.push(`  ${address.email} – bestätigt am ${at(address.confirmed_at)}, zuletzt verwendet am ${at(address.last_used_at)}`);
    parts.push(
      '',
      '  An diese Adressen senden wir das Protokoll späterer Beratungen ohne erneute Bestätigung. Jede Adresse wird ein Jahr',
      '  nach ihrer letzten Verwendung automatisch gelöscht.',
    );
  }
  parts.push('', '', ...generalSection(input.firm), '');
  // Indented blank lines of multi-line texts end in spaces: none in the file.
  return parts.join('\n').replace(/[ \t]+$/gm, '');
}
