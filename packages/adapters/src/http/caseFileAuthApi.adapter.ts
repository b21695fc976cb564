// CaseFileAuthApi over fetch on the web origin (case-file API, docs/api.md).
import * as t from 'io-ts';
import { map } from 'rxjs';
import { CaseFileCheck, CaseFileLawyer, LoginInformation } from '@rechtschat/core';
import type { Call, CaseFileAuthApi, LoginPayload } from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

const BooleanValue = t.type({ Value: t.boolean }, 'BooleanValue');

export interface CaseFileAuthApiOptions {
  readonly baseUrl?: string;
  readonly fetch?: FetchFn;
}

/** Creates the case-file login client; the session cookie is per token on the web origin. */
export function createCaseFileAuthApi(options: CaseFileAuthApiOptions = {}): CaseFileAuthApi {
  const base = options.baseUrl ?? '';
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    fetchCall(fetchFn, `${base}${path}`, { credentials: 'same-origin', ...extra }, reader);
  const flag = (path: string): Call<boolean> =>
    call(path, jsonReader(BooleanValue)).pipe(map((r) => (r._tag === 'Right' ? { ...r, right: r.right.Value } : r)));
  const tokenPath = (token: string, rest: string) => `/api/case-file/${encodeURIComponent(token)}/${rest}`;

  return {
    isAuthenticated: (token?: string) =>
      flag(token === undefined ? '/api/case-file/authenticated' : `/api/case-file/authenticated?token=${encodeURIComponent(token)}`),
    hasConsent: (token: string) => flag(tokenPath(token, 'consent')),
    getLoginInformation: (token: string) => call(tokenPath(token, 'login-information'), jsonReader(LoginInformation)),
    checkToken: (token: string) => call(tokenPath(token, 'check'), jsonReader(CaseFileCheck)),
    login: (payload: LoginPayload) => call('/api/case-file/login', voidReader, { method: 'POST', body: payload }),
    logout: () => call('/api/case-file/logout', voidReader, { method: 'POST' }),
    getLawyer: (token: string) => call(tokenPath(token, 'lawyer'), jsonReader(CaseFileLawyer)),
  };
}
