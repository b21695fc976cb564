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
}
