// The rules of a data-subject request that the server shares with the console: the archive's file name and which
// chats may be erased. A module of their own, without the screen's state (RxJS), so the server never loads RxJS.
import type { DataSubjectChatCase, DataSubjectSummary } from '../wire/dataRequests.js';

/**
 * The archive's file name: the person's first chat case reference (else case file number) and the Berlin day, so that
 * two requests answered on one day cannot be mixed up when they are sent out – „Auskunft-RC-AB12CD34-2026-12-03.zip“.
 * References are not personal data; an insurance number never appears in it.
 */
export function dataArchiveName(reference: string | null | undefined, berlinDay: string): string {
  const safe = (reference ?? '').replace(/[^A-Za-z0-9_-]/g, '');
  return safe === '' ? `Auskunft-${berlinDay}.zip` : `Auskunft-${safe}-${berlinDay}.zip`;
}

/** The reference that names a person's archive: their first chat case, else their first case file. */
export const archiveReferenceOf = (summary: DataSubjectSummary): string | null => summary.ChatCases[0]?.Reference ?? summary.CaseFiles[0]?.CaseNumber ?? null;

/** A chat may go when it has ended and belongs to no case file that must be kept. */
export const isErasable = (chat: DataSubjectChatCase): boolean => !chat.Running && chat.KeptFor === null;
