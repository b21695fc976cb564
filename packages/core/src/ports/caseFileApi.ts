import type { CaseFileCheck, CaseFileLawyer, LoginInformation, LoginPayload } from '../wire/index.js';
import type { Call } from './call.js';

/** The case-file login calls (paths in docs/api.md). */
export interface CaseFileAuthApi {
  isAuthenticated(token?: string): Call<boolean>;
  hasConsent(token: string): Call<boolean>;
  getLoginInformation(token: string): Call<LoginInformation>;
  checkToken(token: string): Call<CaseFileCheck>;
  login(payload: LoginPayload): Call<void>;
  logout(): Call<void>;
  getLawyer(token: string): Call<CaseFileLawyer>;
}
