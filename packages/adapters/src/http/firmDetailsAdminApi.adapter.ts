// FirmDetailsAdminApi over fetchCall against the chat host, with the administrator's session cookie (credentials).
import { switchMap, of } from 'rxjs';
import { FirmDetailsSettings } from '@rechtschat/core';
import type { Call, FirmDetailsAdminApi } from '@rechtschat/core';
import { fetchCall, jsonReader, type FetchCallOptions, type FetchFn } from './fetchCall.js';

export interface FirmDetailsAdminApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const PATH = 'api/admin/firm-details';

export function createFirmDetailsAdminApi(options: FirmDetailsAdminApiOptions): FirmDetailsAdminApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = (extra: Partial<FetchCallOptions> = {}): Call<FirmDetailsSettings> =>
    options
      .chatUrl()
      .pipe(
        switchMap((base) =>
          base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${PATH}`, { credentials: 'include', ...extra }, jsonReader(FirmDetailsSettings)),
        ),
      );
  return {
    get: () => call(),
    save: (request) => call({ method: 'PUT', body: request }),
    reset: () => call({ method: 'DELETE' }),
  };
}
