// The firm's legal details („Kanzleiangaben“): entered once by an administrator in the console (chat host,
// docs/api.md "Firm details"), published to clients through the public settings and the `branding` island, where the
// Impressum, both privacy notices and the Vollmacht name them. Every field is a one-line text; '' means not given.
// PUT api/admin/firm-details takes FirmDetails (every field), checked by the server as core's `firmDetailsProblems` does.
import * as t from 'io-ts';
import { IsoDate, nullable } from './primitives.js';

/**
 * Name: the firm as clients read it (FIRM_NAME until saved). RepresentedBy: legal form and who represents the firm.
 * Street, PostalCode (five digits), City: the firm's address. Phone, Email: how clients reach it (FIRM_PHONE,
 * FIRM_EMAIL until saved). BarChamber: the Rechtsanwaltskammer with its address. LiabilityInsurance: the
 * Berufshaftpflichtversicherung (insurer, address, territorial scope). Register, VatId, DataProtectionOfficer: optional.
 * SupervisoryAuthority: the data-protection supervisory authority responsible for the firm.
 */
export const FirmDetails = t.type(
  {
    Name: t.string,
    RepresentedBy: t.string,
    Street: t.string,
    PostalCode: t.string,
    City: t.string,
    Phone: t.string,
    Email: t.string,
    BarChamber: t.string,
    LiabilityInsurance: t.string,
    Register: t.string,
    VatId: t.string,
    DataProtectionOfficer: t.string,
    SupervisoryAuthority: t.string,
  },
  'FirmDetails',
);
export type FirmDetails = t.TypeOf<typeof FirmDetails>;

/** The fields of FirmDetails, in the order of the console's form. */
export const FIRM_DETAILS_FIELDS = Object.keys(FirmDetails.props) as readonly (keyof FirmDetails)[];

/**
 * GET/PUT api/admin/firm-details: the details clients see now, where they come from (`console`: saved by an
 * administrator – who and when; `environment`: FIRM_NAME, FIRM_PHONE, FIRM_EMAIL until then).
 */
export const FirmDetailsSettings = t.type(
  {
    Details: FirmDetails,
    Source: t.keyof({ console: null, environment: null }),
    UpdatedByName: nullable(t.string),
    UpdatedAt: nullable(IsoDate),
  },
  'FirmDetailsSettings',
);
export type FirmDetailsSettings = t.TypeOf<typeof FirmDetailsSettings>;
