import type { FirmDetails, FirmDetailsSettings } from '../wire/firmDetails.js';
import type { Call } from './call.js';

/** The firm's legal details (Kanzleiangaben), on the chat host (docs/api.md "Firm details"): administrators only. Both calls answer the whole settings. */
export interface FirmDetailsAdminApi {
  get(): Call<FirmDetailsSettings>;
  save(request: FirmDetails): Call<FirmDetailsSettings>;
}
