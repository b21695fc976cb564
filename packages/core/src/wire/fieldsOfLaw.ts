// The fields of law (Rechtsgebiete) as one data table: the server's classifier answers with these ids, the cases
// store them, and the lawyer corrects a chat's field to one of them (PUT api/lawyer/chats/{chatId}/field-of-law).
// The ids are stable wire values (`FieldOfLaw`); `longName` is what clients, lawyers, reports and the invoice read.
import * as t from 'io-ts';
import { Id } from './primitives.js';

export interface FieldOfLawEntry {
  readonly id: number;
  /** Short name (the classifier's logs and tests). */
  readonly name: string;
  /** The German name shown everywhere else (`FieldOfLawLongName`). */
  readonly longName: string;
}

/** Every field of law, in the order the console offers them; id 2 is the fallback (core's FALLBACK_FIELD_OF_LAW). */
export const FIELDS_OF_LAW: readonly FieldOfLawEntry[] = [
  { id: 1, name: 'Arbeitsrecht', longName: 'Arbeitsrecht (Kündigung, Arbeitsvertrag, Lohn, Zeugnis)' },
  { id: 2, name: 'Sonstiges', longName: 'Allgemeines Zivilrecht/Sonstiges' },
  { id: 3, name: 'Mietrecht', longName: 'Miet- und Wohnungseigentumsrecht' },
  { id: 4, name: 'Verkehrsrecht', longName: 'Verkehrsrecht (Unfall, Bußgeld, Führerschein)' },
  { id: 5, name: 'Familienrecht', longName: 'Familienrecht (Scheidung, Unterhalt, Sorgerecht)' },
  { id: 6, name: 'Erbrecht', longName: 'Erbrecht (Testament, Pflichtteil, Erbschaft)' },
  { id: 7, name: 'Sozialrecht', longName: 'Sozialrecht (Rente, Krankenkasse, Bürgergeld, Pflege)' },
  { id: 8, name: 'Strafrecht', longName: 'Strafrecht und Strafverfahren' },
  { id: 9, name: 'Vertragsrecht', longName: 'Vertragsrecht (Kauf-, Werk- und Dienstverträge)' },
  { id: 10, name: 'Verbraucherrecht', longName: 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)' },
  { id: 11, name: 'Versicherungsrecht', longName: 'Versicherungsrecht' },
  { id: 12, name: 'Verwaltungsrecht', longName: 'Verwaltungsrecht (Behörden, Bescheide, Baurecht, Schule)' },
];

/** The field of law with this id, or undefined for an id that names none (a pure lookup). */
export function knownFieldOfLaw(id: number): FieldOfLawEntry | undefined {
  return FIELDS_OF_LAW.find((field) => field.id === id);
}

/**
 * PUT api/lawyer/chats/{chatId}/field-of-law: the field of law the lawyer chose for the chat's case (an id of
 * FIELDS_OF_LAW; the server refuses any other with 400 and a German message).
 */
export const ChangeFieldOfLawRequest = t.type({ FieldOfLaw: t.number }, 'ChangeFieldOfLawRequest');
export type ChangeFieldOfLawRequest = t.TypeOf<typeof ChangeFieldOfLawRequest>;

/** The chat's case as now stored: its field of law and the German name that goes with it. */
export const ChatFieldOfLaw = t.type({ ChatId: Id, FieldOfLaw: t.number, FieldOfLawLongName: t.string }, 'ChatFieldOfLaw');
export type ChatFieldOfLaw = t.TypeOf<typeof ChatFieldOfLaw>;
