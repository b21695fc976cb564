// ServiceHoursAdminApi over fetchCall against the chat host, with the administrator's session cookie (credentials).
import { switchMap, of } from 'rxjs';
import { ServiceHoursSettings } from '@rechtschat/core';
import type { Call, ServiceHoursAdminApi } from '@rechtschat/core';
import { fetchCall, jsonReader, type FetchCallOptions, type FetchFn } from './fetchCall.js';

export interface ServiceHoursAdminApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const BASE = 'api/admin/service-hours';

export function createServiceHoursAdminApi(options: ServiceHoursAdminApiOptions): ServiceHoursAdminApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = (path: string, extra: Partial<FetchCallOptions> = {}): Call<ServiceHoursSettings> =>
    options
      .chatUrl()
      .pipe(
        switchMap((base) =>
          base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include', ...extra }, jsonReader(ServiceHoursSettings)),
        ),
      );
  return {
    get: () => call(BASE),
    saveWeekly: (request) => call(BASE, { method: 'PUT', body: request }),
    resetWeekly: () => call(BASE, { method: 'DELETE' }),
    addClosure: (request) => call(`${BASE}/closures`, { method: 'POST', body: request }),
    removeClosure: (id) => call(`${BASE}/closures/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}
