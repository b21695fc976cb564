import type { AddServiceClosureRequest, SaveServiceHoursRequest, ServiceHoursSettings } from '../wire/serviceHoursAdmin.js';
import type { Call } from './call.js';

/** The firm's office hours and closure days, on the chat host (docs/api.md "Service hours"): administrators only. Every call answers the whole settings. */
export interface ServiceHoursAdminApi {
  get(): Call<ServiceHoursSettings>;
  saveWeekly(request: SaveServiceHoursRequest): Call<ServiceHoursSettings>;
  /** The weekly schedule of SERVICE_HOURS applies again. */
  resetWeekly(): Call<ServiceHoursSettings>;
  addClosure(request: AddServiceClosureRequest): Call<ServiceHoursSettings>;
  removeClosure(closureId: string): Call<ServiceHoursSettings>;
}
