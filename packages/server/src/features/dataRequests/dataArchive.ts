// The access archive of GDPR Art. 15: one ZIP, written as a stream (fflate) – README.txt, Übersicht.txt (the readable
// summary for the person, dataSummary.ts), the chat protocol and usage-confirmation PDFs, the chat uploads, the
// case-file documents (signed Vollmacht included) and daten.json with every stored row of the person. Files are read from disk one after another and pushed in chunks, honouring the
// response's back-pressure; only daten.json is built in memory.
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { berlinWallClock, caseReferenceOf } from '@rechtschat/core';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Logger } from 'pino';
import { formatGermanDateTime } from '../../platform/pdf/germanDate.js';
import { renderChatProtocolPdf, renderUsageConfirmationPdf } from '../../platform/pdf/index.js';
import type { Db } from '../../platform/storage/database.js';
import { protocolInput, usageConfirmationInput } from '../chat/index.js';
import {
  caseFileContent,
  chatCaseContent,
  confirmedProtocolAddressesOf,
  lawyerNamesByIds,
  secondLevelPhonesOfParticipants,
  type CaseFileContent,
  type ChatCaseContent,
} from './dataRequestQueries.js';
import { firmReach, foundInWords, readableSummary, type SummaryCaseFile, type SummaryChatCase, type SummaryFirm } from './dataSummary.js';
import { mandateOpen, type DataSubject } from './dataSubject.js';

export interface ArchiveDeps {
  readonly db: Db;
  readonly uploadDir: string;
  readonly dataDir: string;
  readonly logger: Logger;
  /**
   * The firm that answers the request (`FIRM_NAME`, `FIRM_EMAIL`, `FIRM_PHONE`, `IMPRINT_URL`): named in README.txt and
   * Übersicht.txt as the controller, with the ways to reach it.
   */
  readonly firm: SummaryFirm;
  /** The firm with its address as its protocol PDFs and usage confirmations name it (Kanzleiangaben). */
  readonly issuer?: string;
}

/** The longest name (in characters) of one path segment inside the ZIP. */
const MAX_SEGMENT = 120;

/**
 * A name that is safe as one path segment inside the ZIP (no folders, no control characters), at most 120
 * characters: a longer one loses the end of its base name, never its extension (`.pdf`), so it still opens.
 */
export function zipSegment(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '_')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim();
  const chars = [...(cleaned === '' ? 'datei' : cleaned)];
  if (chars.length <= MAX_SEGMENT) return chars.join('');
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(cleaned)?.[0] ?? '';
  // Cut by code point, so no emoji is split in half.
  return (
    chars
      .slice(0, MAX_SEGMENT - extension.length)
      .join('')
      .trimEnd() + extension
  );
}

/** How to reach the firm with questions: its e-mail address and phone number where configured, else where to find them. */
function firmContact(firm: ArchiveDeps['firm']): string {
  const ways = [firm.email === null ? null : `E-Mail ${firm.email}`, firm.phone === null ? null : `Telefon ${firm.phone}`].filter((way) => way !== null);
  return ways.length === 0 ? `. ${firmReach(firm)}` : ` (${ways.join(', ')}).`;
}

/** The readable summary for the person (dataSummary.ts); README.txt points to it first. */
export const SUMMARY_NAME = 'Übersicht.txt';

/** What the codes left in daten.json mean (the summary says it in words). */
const CODE_KEY = `Bedeutung der Codes in daten.json
    - Werte 1 und 0 (z. B. verified_email, closed, revoked, mailed): 1 = ja, 0 = nein.
    - field_of_law: Nummer des Rechtsgebiets; sein Name steht daneben in field_of_law_long_name.
      field_of_law_at_forward und field_of_law_long_name_at_forward (Chats): das Rechtsgebiet, als der Chat
      weitergeleitet wurde.
    - author_kind (Nachrichten): participant = Sie, lawyer = Anwältin oder Anwalt, system = automatische Nachricht.
    - type (Nachrichten): 1 = Hinweis, 2 = Nachricht, 3 = Nachricht des Chat-Assistenten, 4 = Datei,
      5 = weitergeleitete Nachricht.
    - state (Chats): waiting = wartet, active = läuft, closed = beendet, forwarded = weitergeleitet.
    - close_reason (Chats): lawyer = von der Anwältin oder dem Anwalt beendet, lawyerRequestPhone = ebenso, mit
      Bitte um Ihre Telefonnummer, timeout = wegen Inaktivität beendet, abandoned = vor der Annahme verlassen,
      callback = Rückruf statt Warten gewünscht, forwarded = an eine Kollegin oder einen Kollegen weitergeleitet.
    - uploader_kind / uploaded_by: participant oder client = Sie, lawyer = Kanzlei, system = Ihre unterschriebene Vollmacht (vom Server als PDF erstellt).
    - accessLog, action: view = Fallakte angesehen, document = ein Dokument geöffnet, share = Ihnen ein Dokument
      bereitgestellt (document_id: welches), unshare = ein bereitgestelltes Dokument zurückgezogen (es wurde gelöscht),
      reply = auf eine Ihrer Nachrichten geantwortet, message = Ihnen eine Nachricht geschrieben, handover = die Fallakte
      an eine Kollegin oder einen Kollegen übergeben.
    - reply, replied_at und replied_by_name (Nachrichten): die Antwort der Kanzlei, wann und von wem.
    - firmMessages (Fallakten): Nachrichten, die Ihnen die Kanzlei geschrieben hat; written_by_name: von wem.
    - in_reply_to (Nachrichten): die Nachricht der Kanzlei (id unter firmMessages), auf die Ihre Nachricht antwortet.
    - shared_by_name und note (Dokumente der Kanzlei): wer es Ihnen bereitgestellt hat und die Notiz dazu.
    - handed_over_at, handed_over_by_name und handover_note (Fallakte): wann und von wem Ihre Fallakte zuletzt an eine
      Kollegin oder einen Kollegen übergeben wurde, und deren Notiz zur Übergabe.
    - retention_until: ab wann gelöscht wird; "9999-12-31T23:59:59.999Z" heißt: Das Mandat läuft, ein Löschdatum
      steht noch nicht fest.
    - id, case_id, chat_id und ähnliche: interne Kennungen, die die Einträge miteinander verbinden.`;

const README = (createdAt: Date, subject: DataSubject, firm: ArchiveDeps['firm']) => {
  const title = `Auskunft nach Art. 15 DSGVO – ${firm.name}`;
  return `${title}
${'='.repeat(title.length)}

Erstellt am ${formatGermanDateTime(createdAt)} (Europe/Berlin).

Lesen Sie zuerst ${SUMMARY_NAME}: Dort steht in verständlicher Form, welche Daten gespeichert sind, was geschehen ist
und wie lange die Daten aufbewahrt werden.

Dieses Archiv enthält alle Daten, die ${firm.name} im Rahmen der Rechtsberatung im Chat und in der digitalen Fallakte
zu der gesuchten Person gespeichert hat:
${foundInWords(subject.cases.length, subject.caseFiles.length)}.

Inhalt
------
${SUMMARY_NAME}
    Die Übersicht für Sie: Ihre Angaben, der Verlauf, Dokumente, Nachrichten, Einsichten der Kanzlei und die
    Aufbewahrungsfristen, mit deutschen Zeitangaben.
daten.json
    Alle gespeicherten Angaben vollständig in maschinenlesbarer Form (JSON, UTF-8), z. B. zur Übertragung an eine
    andere Stelle (Art. 20 DSGVO):
    - "kunde": seit wann die Person geführt wird. Die Versicherungsnummer selbst wird nicht
      gespeichert, nur ein verschlüsselter Prüfwert; sie ist deshalb nicht enthalten.
    - "chatBeratungen": je Beratung die Angaben beim Start (Beschreibung, E-Mail-Adresse, Rechtsgebiet), die Chats
      mit Anwältin oder Anwalt, alle Nachrichten, hochgeladene Dateien (Angaben), Rückrufwünsche, Bewertungen,
      Telefonnummern für den Rückruf, der Stand des Abschlussdialogs und die Links zur Bestätigung der Adresse für
      das Chatprotokoll (protocolConfirmations: Adresse, gesendet, gültig bis, bestätigt, wie oft nach Ablauf neu
      gesendet).
    - "bestaetigteProtokollAdressen": die E-Mail-Adressen, die Sie für das Chatprotokoll bestätigt haben.
    - "fallakten": je Fallakte die Angaben zur Person und zum Fall, der Verlauf, die Dokumente (Angaben),
      Kontaktnachrichten, die Nachrichten der Kanzlei an Sie, der Fragebogen, die Vollmacht und das Protokoll der Einsichten durch die Kanzlei.
      Zugangsschlüssel (Link, PIN) werden nur als Prüfwert gespeichert und sind nicht enthalten.
protokolle/
    Das Chatprotokoll jeder Beratung als PDF und, wenn eine Anwältin oder ein Anwalt beraten hat, die
    Nutzungsbestätigung.
chat-dateien/
    Die im Chat hochgeladenen Dateien, je Beratung in einem Ordner (Aktenzeichen RC-…).
fallakten/
    Die Dokumente jeder Fallakte (Ordner FA-…), einschließlich der unterschriebenen Vollmacht.

Zeitangaben in daten.json sind UTC (ISO 8601; deutsche Zeit ist UTC plus eine Stunde, im Sommer plus zwei Stunden).
${CODE_KEY}

Fragen zu dieser Auskunft richten Sie bitte an ${firm.name}${firmContact(firm)}
`;
};

type ZipFile = ZipDeflate | ZipPassThrough;

/** A ZIP being written into a PassThrough stream. */
class ArchiveWriter {
  readonly stream = new PassThrough();
  private readonly zip: Zip;

  /**
   * `createdAt` stamps every entry in Berlin time: a ZIP stores its times without a zone and unpackers show them as
   * local time, so UTC read an hour or two early beside the summary's „Erstellt am …“ (outside tester).
   */
  constructor(private readonly createdAt: Date) {
    this.zip = new Zip((error, data, final) => {
      if (error) {
        this.stream.destroy(error);
        return;
      }
      this.stream.write(data);
      if (final) this.stream.end();
    });
  }

  private entry(name: string, compress: boolean): ZipFile {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    // fflate reads the time with local getters: a local Date with Berlin's wall-clock fields, whatever the server's zone.
    const berlin = berlinWallClock(this.createdAt.getTime());
    file.mtime = new Date(berlin.year, berlin.month - 1, berlin.day, berlin.hour, berlin.minute, berlin.second);
    this.zip.add(file);
    return file;
  }

  private async drained(): Promise<void> {
    if (this.stream.writableNeedDrain && !this.stream.destroyed) await once(this.stream, 'drain');
  }

  async bytes(name: string, bytes: Uint8Array, compress = true): Promise<void> {
    this.entry(name, compress).push(bytes, true);
    await this.drained();
  }

  async text(name: string, text: string): Promise<void> {
    await this.bytes(name, new TextEncoder().encode(text));
  }

  /** Copies a file from disk in chunks; false when it is missing (the row outlived its bytes). */
  async file(name: string, filePath: string, compress: boolean): Promise<boolean> {
    try {
      await stat(filePath);
    } catch {
      return false;
    }
    const file = this.entry(name, compress);
    const source: Readable = createReadStream(filePath);
    for await (const chunk of source) {
      file.push(chunk as Uint8Array);
      await this.drained();
    }
    file.push(new Uint8Array(0), true);
    return true;
  }

  end(): void {
    this.zip.end();
  }

  fail(error: Error): void {
    this.stream.destroy(error);
  }
}

/** Already-compressed types are stored as they are. */
const compressible = (contentType: string) => !/^(image\/(jpeg|png|webp|gif|heic)|application\/(pdf|zip))/.test(contentType);

const withoutKeys = <T extends object>(row: T, keys: readonly (keyof T)[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key as keyof T)));

function parseJsonOrText(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

async function writeArchive(deps: ArchiveDeps, subject: DataSubject, now: Date, writer: ArchiveWriter): Promise<void> {
  await writer.text('README.txt', README(now, subject, deps.firm));
  const chatCases: unknown[] = [];
  const summaryChatCases: SummaryChatCase[] = [];
  for (const theCase of subject.cases) {
    const reference = caseReferenceOf(theCase.id);
    const content: ChatCaseContent = await chatCaseContent(deps.db, theCase.id);
    await writer.bytes(
      `protokolle/Chatprotokoll-${reference}.pdf`,
      await renderChatProtocolPdf({ ...(await protocolInput(deps.db, theCase, now)), ...(deps.issuer ? { issuer: deps.issuer } : {}) }),
      false,
    );
    let usageConfirmation: string | null = null;
    try {
      const input = await usageConfirmationInput(deps.db, theCase);
      usageConfirmation = `protokolle/Nutzungsbestaetigung-${reference}.pdf`;
      await writer.bytes(usageConfirmation, await renderUsageConfirmationPdf({ ...input, ...(deps.issuer ? { issuer: deps.issuer } : {}) }), false);
    } catch {
      // No lawyer advised in this case: there is no usage confirmation.
    }
    const files = [];
    for (const file of content.files) {
      const inArchive = `chat-dateien/${reference}/${zipSegment(`${file.id}-${file.file_name}`)}`;
      const written = await writer.file(inArchive, path.join(deps.uploadDir, path.basename(file.storage_name)), compressible(file.content_type));
      files.push({ ...withoutKeys(file, ['storage_name']), inArchive: written ? inArchive : null });
    }
    const lawyerIds = [
      ...content.chats.flatMap((c) => [c.accepted_lawyer_id, c.lawyer_id]),
      ...content.callbacks.map((c) => c.assigned_lawyer_id ?? null),
    ].filter((id) => id !== null);
    summaryChatCases.push({
      reference,
      theCase,
      content,
      protocolPdf: `protokolle/Chatprotokoll-${reference}.pdf`,
      usageConfirmationPdf: usageConfirmation,
      lawyerNames: await lawyerNamesByIds(deps.db, [...new Set(lawyerIds)]),
    });
    chatCases.push({
      reference,
      insurer: theCase.insurer_name,
      case: withoutKeys(theCase, ['insurer_name', 'insurer_admin_name', 'next_seq']),
      protocolPdf: `protokolle/Chatprotokoll-${reference}.pdf`,
      usageConfirmationPdf: usageConfirmation,
      chats: content.chats,
      messages: content.messages.map((m) => ({ ...m, highlighted: content.highlights.some((h) => h.message_id === m.id) })),
      files,
      callbacks: content.callbacks,
      ratings: content.ratings,
      secondLevelPhones: content.secondLevelPhones,
      botProgress: content.botProgress.map((b) => ({ ...b, state: parseJsonOrText(b.state) })),
      protocolConfirmations: content.protocolConfirmations,
    });
  }
  const caseFiles: unknown[] = [];
  const summaryCaseFiles: SummaryCaseFile[] = [];
  for (const caseFile of subject.caseFiles) {
    const content: CaseFileContent = await caseFileContent(deps.db, caseFile.id);
    const folder = `fallakten/${zipSegment(caseFile.case_number)}`;
    const documents = [];
    for (const document of content.documents) {
      const inArchive = `${folder}/${zipSegment(`${document.id}-${document.file_name}`)}`;
      const [dir, name] = document.storage_key.split('/');
      const onDisk = dir && name ? path.join(deps.dataDir, 'casefiles', path.basename(dir), path.basename(name)) : null;
      const written = onDisk !== null && (await writer.file(inArchive, onDisk, compressible(document.content_type)));
      documents.push({ ...withoutKeys(document, ['storage_key']), inArchive: written ? inArchive : null });
    }
    summaryCaseFiles.push({ caseFile, content, folder });
    caseFiles.push({
      caseNumber: caseFile.case_number,
      caseFile: withoutKeys(caseFile, ['token_hash', 'pin_hash', 'failed_attempts', 'locked_until', 'questionnaire_json']),
      mandateOpen: mandateOpen(caseFile),
      questionnaire: parseJsonOrText(caseFile.questionnaire_json),
      history: content.history,
      documents,
      contacts: content.contacts,
      firmMessages: content.firmMessages,
      accessLog: content.accessLog,
    });
  }
  const participantIds = subject.participants.map((p) => p.id);
  const caselessPhones = await secondLevelPhonesOfParticipants(deps.db, participantIds);
  const confirmedProtocolAddresses = await confirmedProtocolAddressesOf(deps.db, participantIds);
  await writer.text(
    SUMMARY_NAME,
    readableSummary({
      firm: deps.firm,
      createdAt: now,
      customerSince: subject.customers.map((c) => c.created_at),
      chatCases: summaryChatCases,
      caseFiles: summaryCaseFiles,
      caselessPhones,
      confirmedProtocolAddresses,
    }),
  );
  const data = {
    erstelltAm: now.toISOString(),
    gesuchtNach: subject.searchedBy,
    kunde: subject.customers.map((c) => ({ id: c.id, createdAt: c.created_at, secondLevelEnabled: c.second_level_enabled === 1 })),
    teilnehmer: subject.participants.map((p) => ({ id: p.id, createdAt: p.created_at })),
    rueckrufnummernOhneBeratung: caselessPhones,
    bestaetigteProtokollAdressen: confirmedProtocolAddresses,
    chatBeratungen: chatCases,
    fallakten: caseFiles,
  };
  await writer.text('daten.json', `${JSON.stringify(data, null, 2)}\n`);
  writer.end();
}

/** Starts writing the archive; the returned stream is the ZIP (destroyed with the error if writing fails). */
export function streamArchive(deps: ArchiveDeps, subject: DataSubject, now: Date): Readable {
  const writer = new ArchiveWriter(now);
  writeArchive(deps, subject, now, writer).catch((error: unknown) => {
    deps.logger.error({ err: error, event: 'dataRequest.archiveFailed' }, 'data-subject archive failed');
    writer.fail(error instanceof Error ? error : new Error(String(error)));
  });
  return writer.stream;
}
