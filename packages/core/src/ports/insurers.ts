import type { Insurer, InsurerList, IssuedInsurerKey, SaveInsurerRequest } from '../wire/insurers.js';
import type { Call } from './call.js';

/** The insurers of the firm and their entry-token keys, on the chat host (docs/api.md "Insurers"): administrators only. */
export interface InsurersApi {
  list(): Call<InsurerList>;
  create(request: SaveInsurerRequest): Call<Insurer>;
  update(insurerId: string, request: SaveInsurerRequest): Call<Insurer>;
  /** The only answer that carries the key's secret: show it once, the server never returns it again. */
  createKey(insurerId: string): Call<IssuedInsurerKey>;
  /** Tokens naming this kid are refused from now on. */
  revokeKey(insurerId: string, kid: string): Call<Insurer>;
  /** Ends the collaboration: every key of the insurer is revoked in the same step, and no new key can be made. */
  end(insurerId: string): Call<Insurer>;
  /** Resumes an ended collaboration; its old keys stay revoked (it needs a new one). */
  resume(insurerId: string): Call<Insurer>;
  /** Deletes an insurer that was never used (409 once a key signed a login or a client or case names it). */
  remove(insurerId: string): Call<void>;
}
