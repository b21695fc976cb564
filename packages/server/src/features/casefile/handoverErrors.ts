// The refusals of handing a case file over to a colleague (handover.ts), with their German texts. The console shows its
// own text per code; these are for every other program and the log.
import { errorCodes } from '../../platform/errors.js';

export const handoverError = errorCodes({
  /** The colleague is no lawyer of the firm, or their account is deactivated. */
  UnknownColleague: 400,
  HandOverNoteTooLong: 400,
  /** The file is already the chosen colleague's. */
  SameLawyer: 409,
  /** Another hand-over (or a deactivation with hand-over) moved the file between the read and the update. */
  HandedOverMeanwhile: 409,
});

export const unknownColleague = () =>
  handoverError('UnknownColleague', 'Bitte wählen Sie eine aktive Kollegin oder einen aktiven Kollegen Ihrer Kanzlei, die oder der die Fallakte übernimmt.');

export const handOverNoteTooLong = (max: number) => handoverError('HandOverNoteTooLong', `Die Notiz darf höchstens ${max} Zeichen lang sein.`);

export const sameLawyer = (name: string) => handoverError('SameLawyer', `Die Fallakte wird bereits von ${name} betreut. Bitte wählen Sie eine andere Person.`);

export const handedOverMeanwhile = () =>
  handoverError('HandedOverMeanwhile', 'Die Fallakte wurde inzwischen bereits übergeben. Bitte laden Sie die Übersicht neu.');
