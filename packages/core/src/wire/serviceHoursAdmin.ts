// The office hours' administration (console, admin only; chat host, docs/api.md "Service hours"): the weekly schedule
// the administrators set (else SERVICE_HOURS) and the closures – holidays, Betriebsferien – on which the chat is closed
// all day whatever the weekly hours say.
import * as t from 'io-ts';
import { Id, IsoDate, nullable } from './primitives.js';
import { ServiceHours, ServiceHoursEntry } from './product.js';

/** A closure as the administration sees it: who entered it and when. Days are Berlin calendar dates "YYYY-MM-DD", inclusive. */
export const ServiceClosure = t.type(
  { Id, FirstDay: t.string, LastDay: t.string, Note: t.string, CreatedByName: t.string, CreatedAt: IsoDate },
  'ServiceClosure',
);
export type ServiceClosure = t.TypeOf<typeof ServiceClosure>;

/**
 * GET/PUT/DELETE api/admin/service-hours and the closure calls: the effective hours as clients see them (`Effective`),
 * where the weekly schedule comes from (`console`: set by an administrator – who and when; `environment`: SERVICE_HOURS),
 * the weekly periods (`Weekly`, an "always" SERVICE_HOURS as 00:00–24:00 every day) and the closures not yet over, by first day.
 */
export const ServiceHoursSettings = t.type(
  {
    Effective: ServiceHours,
    Source: t.keyof({ console: null, environment: null }),
    Weekly: t.array(ServiceHoursEntry),
    UpdatedByName: nullable(t.string),
    UpdatedAt: nullable(IsoDate),
    Closures: t.array(ServiceClosure),
  },
  'ServiceHoursSettings',
);
export type ServiceHoursSettings = t.TypeOf<typeof ServiceHoursSettings>;

/** PUT api/admin/service-hours: the whole weekly schedule, replacing the stored one (an empty list: always closed). */
export const SaveServiceHoursRequest = t.type({ Hours: t.array(ServiceHoursEntry) }, 'SaveServiceHoursRequest');
export type SaveServiceHoursRequest = t.TypeOf<typeof SaveServiceHoursRequest>;

/** POST api/admin/service-hours/closures: first and last day (inclusive, "YYYY-MM-DD") and the note clients see (1–80 characters). */
export const AddServiceClosureRequest = t.type({ FirstDay: t.string, LastDay: t.string, Note: t.string }, 'AddServiceClosureRequest');
export type AddServiceClosureRequest = t.TypeOf<typeof AddServiceClosureRequest>;
