// The administration of the firm's legal details (docs/api.md "Firm details"): the settings as the console shows them,
// and a save – checked with core's rules and refused in German naming the field, written in one transaction with its
// audit entry, and forgotten by this process's cache at once; and the reset to the server's settings (FIRM_NAME,
// FIRM_PHONE, FIRM_EMAIL), e.g. after a test entry or when the firm's details are to come from the deployment again.
import {
  firmDetailsProblems,
  normalizeFirmDetails,
  type FirmDetails,
  type FirmDetailsField,
  type FirmDetailsProblem,
  type FirmDetailsSettings,
} from '@rechtschat/core';
import { DomainError } from '../../platform/errors.js';
import { recordAdminAction, type AuditActor } from '../admin/index.js';
import { deleteFirmDetailsRow, FIRM_ROW_ID, saveFirmDetailsRow } from './firmDetailsQueries.js';
import type { FirmDetailsTable } from './tables.js';
import { forgetFirmDetails, storedFirmDetails, type FirmDetailsDeps } from './firmDetailsStore.js';

/** Each field as the console labels it, for refusals and the audit log. */
export const FIELD_LABELS: Readonly<Record<FirmDetailsField, string>> = {
  Name: 'Name der Kanzlei',
  RepresentedBy: 'Rechtsform und Vertretung',
  Street: 'Straße und Hausnummer',
  PostalCode: 'PLZ',
  City: 'Ort',
  Phone: 'Telefon',
  Email: 'E-Mail',
  BarChamber: 'Zuständige Rechtsanwaltskammer',
  LiabilityInsurance: 'Berufshaftpflichtversicherung',
  Register: 'Register und Registernummer',
  VatId: 'USt-IdNr.',
  DataProtectionOfficer: 'Datenschutzbeauftragte/r',
  SupervisoryAuthority: 'Datenschutz-Aufsichtsbehörde',
};

/** The German refusal of one problem. */
export function problemMessage(problem: FirmDetailsProblem): string {
  const label = FIELD_LABELS[problem.field];
  switch (problem.code) {
    case 'Required':
      return `Bitte geben Sie „${label}“ an.`;
    case 'TooLong':
      return `„${label}“ darf höchstens ${problem.max} Zeichen lang sein.`;
    case 'PostalCode':
      return 'Bitte geben Sie die Postleitzahl mit fünf Ziffern an, z. B. 10115.';
    case 'Email':
      return 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. kanzlei@beispiel.de.';
    case 'Phone':
      return 'Bitte geben Sie die Telefonnummer mit Ziffern an (erlaubt sind auch Leerzeichen, +, /, - und Klammern), z. B. +49 30 1234567.';
    case 'VatId':
      return 'Bitte geben Sie die USt-IdNr. mit Länderkennung an, z. B. DE123456789.';
  }
}

/** What the console shows, read from the database (not this process's cache). */
export async function firmDetailsSettings(deps: FirmDetailsDeps): Promise<FirmDetailsSettings> {
  forgetFirmDetails(deps.db);
  const stored = await storedFirmDetails(deps);
  return {
    Details: stored.details,
    Source: stored.row === null ? 'environment' : 'console',
    UpdatedByName: stored.row?.updated_by_name ?? null,
    UpdatedAt: stored.row?.updated_at ?? null,
  };
}

/** The labels of the fields that differ, „Name der Kanzlei, PLZ“, for the audit entry. */
const changedFields = (before: FirmDetails, after: FirmDetails): string =>
  (Object.keys(FIELD_LABELS) as FirmDetailsField[])
    .filter((field) => before[field] !== after[field])
    .map((field) => FIELD_LABELS[field])
    .join(', ');

/** The table row of the details, saved by `actor` at `at`. */
export function rowOf(details: FirmDetails, actor: AuditActor, at: string): FirmDetailsTable {
  return {
    id: FIRM_ROW_ID,
    name: details.Name,
    represented_by: details.RepresentedBy,
    street: details.Street,
    postal_code: details.PostalCode,
    city: details.City,
    phone: details.Phone,
    email: details.Email,
    bar_chamber: details.BarChamber,
    liability_insurance: details.LiabilityInsurance,
    register: details.Register,
    vat_id: details.VatId,
    data_protection_officer: details.DataProtectionOfficer,
    supervisory_authority: details.SupervisoryAuthority,
    updated_by: actor.id,
    updated_by_name: actor.name,
    updated_at: at,
  };
}

export async function saveFirmDetails(deps: FirmDetailsDeps, actor: AuditActor, request: FirmDetails): Promise<FirmDetailsSettings> {
  const details = normalizeFirmDetails(request);
  const problems = firmDetailsProblems(details);
  const first = problems[0];
  if (first !== undefined) {
    throw new DomainError('BadRequest', problems.map(problemMessage).join(' '), 400, {
      Fields: problems.map((problem) => ({ Field: problem.field, Code: problem.code, Message: problemMessage(problem) })),
    });
  }
  const before = await storedFirmDetails(deps);
  const changed = changedFields(before.details, details);
  // Saving the stored details again changes nothing: no write and no audit entry naming a change that was none.
  if (before.row !== null && changed === '') return firmDetailsSettings(deps);
  await saveFirmDetailsRow(
    deps.db,
    {
      ...rowOf(details, actor, deps.clock.now().toISOString()),
    },
    (trx) =>
      recordAdminAction(trx, deps.clock, actor, {
        action: 'firmDetails.saved',
        target: { kind: 'firmDetails', id: FIRM_ROW_ID, label: details.Name },
        details: { changed: changed === '' ? 'keine (Voreinstellung übernommen)' : changed },
      }),
  );
  forgetFirmDetails(deps.db);
  return firmDetailsSettings(deps);
}

/**
 * Deletes the saved details, so FIRM_NAME, FIRM_PHONE and FIRM_EMAIL apply again (every other field empty). Audited
 * as `firmDetails.reset` with the name that stood until then; nothing to delete, nothing written.
 */
export async function resetFirmDetails(deps: FirmDetailsDeps, actor: AuditActor): Promise<FirmDetailsSettings> {
  const before = await storedFirmDetails(deps);
  if (before.row !== null) {
    await deleteFirmDetailsRow(deps.db, (trx) =>
      recordAdminAction(trx, deps.clock, actor, {
        action: 'firmDetails.reset',
        target: { kind: 'firmDetails', id: FIRM_ROW_ID, label: before.details.Name },
        details: { restored: deps.defaults.name },
      }),
    );
  }
  forgetFirmDetails(deps.db);
  return firmDetailsSettings(deps);
}
