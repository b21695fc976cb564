import type { FirmDetails, FirmDetailsSettings } from '../wire/firmDetails.js';
import type { Call } from './call.js';

/** The firm's legal details (Kanzleiangaben), on the chat host (docs/api.md "Firm details"): administrators only. Every call answers the whole settings. */
export interface FirmDetailsAdminApi {
  get(): Call<FirmDetailsSettings>;
  save(request: FirmDetails): Call<FirmDetailsSettings>;
  /** Deletes the saved details: FIRM_NAME, FIRM_PHONE and FIRM_EMAIL apply again. */
  reset(): Call<FirmDetailsSettings>;
}
