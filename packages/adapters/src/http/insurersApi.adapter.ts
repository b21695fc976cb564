// InsurersApi over fetchCall against the chat host, with the administrator's session cookie (credentials).
import { switchMap, of } from 'rxjs';
import { Insurer, InsurerList, IssuedInsurerKey } from '@rechtschat/core';
import type { Call, InsurersApi } from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface InsurersApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const segment = encodeURIComponent;

export function createInsurersApi(options: InsurersApiOptions): InsurersApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    options
      .chatUrl()
      .pipe(switchMap((base) => (base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include', ...extra }, reader))));
  const insurer = (id: string) => `api/admin/insurers/${segment(id)}`;
  return {
    list: () => call('api/admin/insurers', jsonReader(InsurerList)),
    create: (request) => call('api/admin/insurers', jsonReader(Insurer), { method: 'POST', body: request }),
    update: (id, request) => call(insurer(id), jsonReader(Insurer), { method: 'PUT', body: request }),
    createKey: (id) => call(`${insurer(id)}/keys`, jsonReader(IssuedInsurerKey), { method: 'POST' }),
    revokeKey: (id, kid) => call(`${insurer(id)}/keys/${segment(kid)}/revoke`, jsonReader(Insurer), { method: 'POST' }),
    end: (id) => call(`${insurer(id)}/end`, jsonReader(Insurer), { method: 'POST' }),
    resume: (id) => call(`${insurer(id)}/resume`, jsonReader(Insurer), { method: 'POST' }),
    remove: (id) => call(insurer(id), voidReader, { method: 'DELETE' }),
  };
}
