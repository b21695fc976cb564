// Reads the effective firm details: the administrators' row, else FIRM_NAME, FIRM_PHONE and FIRM_EMAIL. Every web page
// (the `branding` island) and the public settings ask, so each server process keeps what it read for CACHE_MS and
// forgets it at once when a save is written on this process; another process (two instances behind one database)
// sees the save within CACHE_MS (docs/operations.md "Kanzleiangaben und Impressum").
import { firmDetailsFromContact, type FirmDetails } from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/storage/database.js';
import { perProcessCache } from '../../platform/storage/perProcessCache.js';
import { findFirmDetails } from './firmDetailsQueries.js';
import type { FirmDetailsTable } from './tables.js';

/** How long a process trusts what it read. */
export const CACHE_MS = 5_000;

export interface FirmDetailsDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** FIRM_NAME, FIRM_PHONE, FIRM_EMAIL: apply until an administrator saves the details. */
  readonly defaults: { readonly name: string; readonly phone: string | null; readonly email: string | null };
}

export interface StoredFirmDetails {
  readonly details: FirmDetails;
  readonly row: FirmDetailsTable | null;
}

export function detailsOfRow(row: FirmDetailsTable): FirmDetails {
  return {
    Name: row.name,
    RepresentedBy: row.represented_by,
    Street: row.street,
    PostalCode: row.postal_code,
    City: row.city,
    Phone: row.phone,
    Email: row.email,
    BarChamber: row.bar_chamber,
    LiabilityInsurance: row.liability_insurance,
    Register: row.register,
    VatId: row.vat_id,
    DataProtectionOfficer: row.data_protection_officer,
    SupervisoryAuthority: row.supervisory_authority,
  };
}

/** The environment's values as details: name, phone and e-mail, the rest not given. */
export const defaultDetails = (defaults: FirmDetailsDeps['defaults']): FirmDetails => firmDetailsFromContact(defaults);

async function load(deps: FirmDetailsDeps): Promise<StoredFirmDetails> {
  const row = await findFirmDetails(deps.db);
  return row === undefined ? { details: defaultDetails(deps.defaults), row: null } : { details: detailsOfRow(row), row };
}

const cache = perProcessCache(CACHE_MS, load);

/** The stored details, from this process's cache when it is younger than CACHE_MS. */
export const storedFirmDetails = (deps: FirmDetailsDeps): Promise<StoredFirmDetails> => cache.get(deps);

/** After a save written on this process: the next request reads the database. */
export const forgetFirmDetails = (db: Db): void => cache.forget(db);
