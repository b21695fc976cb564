// Product API wire types.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';
import { FirmDetails } from './firmDetails.js';

/**
 * Settings the browser apps read at run time (GET /api/dl/public-settings; the web app also finds FirmName and
 * ImprintUrl in its index.html, JSON island `branding`). FirmName: the firm running the service (FIRM_NAME). ImprintUrl: the
 * firm's imprint, an absolute http(s) address (IMPRINT_URL), or null for the built-in imprint note. FirmPhone and
 * FirmEmail: how clients reach the firm (FIRM_PHONE, FIRM_EMAIL; also in the island), shown on the case-file login; null when unset.
 * FirmDetails: the firm's legal details (Kanzleiangaben) as an administrator saved them, else from FIRM_NAME, FIRM_PHONE and
 * FIRM_EMAIL; FirmName, FirmPhone and FirmEmail follow them.
 */
export const PublicSettings = t.intersection(
  [
    t.type({
      SentryDsn: t.string,
      SentryProject: t.string,
      VersionTag: t.string,
      Environment: t.string,
      FirmName: t.string,
      ImprintUrl: nullable(t.string),
    }),
    t.partial({ FirmPhone: nullable(t.string), FirmEmail: nullable(t.string), FirmDetails }),
  ],
  'PublicSettings',
);
export type PublicSettings = t.TypeOf<typeof PublicSettings>;

export const UserRoleCodec = t.keyof({ participant: null, client: null, lawyer: null }, 'UserRole');
/**
 * The signed-in user. CaseId: the latest case. OpenChatCaseId: the case whose chat still runs (waiting for
 * or talking to a lawyer) – the chat link leads back into it instead of starting a new intake. InsurerName: the display
 * name of the insurer whose entry token signed the participant in, when the firm set one (shown in the chat).
 */
export const CurrentUser = t.intersection(
  [
    t.type({ Id, Role: UserRoleCodec }),
    t.partial({ Name: nullable(t.string), CaseId: nullable(Id), OpenChatCaseId: nullable(Id), InsurerName: nullable(t.string) }),
  ],
  'CurrentUser',
);
export type CurrentUser = t.TypeOf<typeof CurrentUser>;

export const CustomerLoginRequest = t.type({ InsuranceNumber: t.string, AgreedPrivacy: t.boolean, AgreedTermsOfService: t.boolean }, 'CustomerLoginRequest');
export type CustomerLoginRequest = t.TypeOf<typeof CustomerLoginRequest>;

/** Weekday: 1 = Monday … 7 = Sunday; times "HH:MM" in Europe/Berlin. */
export const ServiceHoursEntry = t.type({ Weekday: t.number, From: t.string, To: t.string }, 'ServiceHoursEntry');
export type ServiceHoursEntry = t.TypeOf<typeof ServiceHoursEntry>;
/** A day or days on which the chat is closed all day (holiday, Betriebsferien): Berlin calendar dates "YYYY-MM-DD", inclusive. */
export const ServiceClosureNotice = t.type({ FirstDay: t.string, LastDay: t.string, Note: t.string }, 'ServiceClosureNotice');
export type ServiceClosureNotice = t.TypeOf<typeof ServiceClosureNotice>;
/**
 * GET /api/service-hours: the effective office hours. IsOpen: open right now. Hours: the weekly schedule (the firm's
 * administration's, else SERVICE_HOURS). Closure: the closure in force today (null: none). UpcomingClosures: the next
 * ones starting within about 60 days. OpensAt: while closed, when the chat opens again (null: not within 60 days).
 */
export const ServiceHours = t.intersection(
  [
    t.type({ IsOpen: t.boolean, Hours: t.array(ServiceHoursEntry), TimeZone: t.string }),
    t.partial({ Closure: nullable(ServiceClosureNotice), UpcomingClosures: t.array(ServiceClosureNotice), OpensAt: nullable(IsoDate) }),
  ],
  'ServiceHours',
);
export type ServiceHours = t.TypeOf<typeof ServiceHours>;

export const ErrorBody = t.type({ Error: t.string, Message: t.string }, 'ErrorBody');
export type ErrorBody = t.TypeOf<typeof ErrorBody>;
