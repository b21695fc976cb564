// The firm-details feature's Kysely table interface (migration 0033_firm_details). The migration stays in
// platform/storage/migrations (one ordered list for both engines).

/** The firm's legal details as an administrator saved them: one row, id 'firm'; none while the environment applies. */
export interface FirmDetailsTable {
  id: string;
  name: string;
  represented_by: string;
  street: string;
  postal_code: string;
  city: string;
  phone: string;
  email: string;
  bar_chamber: string;
  liability_insurance: string;
  register: string;
  vat_id: string;
  data_protection_officer: string;
  supervisory_authority: string;
  updated_by: string | null;
  updated_by_name: string;
  updated_at: string;
}

declare module '../../platform/storage/database.js' {
  /** The firm-details feature's table in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    firm_details: FirmDetailsTable;
  }
}
