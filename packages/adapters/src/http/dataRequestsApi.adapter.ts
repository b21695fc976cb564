// DataRequestsApi over fetchCall against the chat host, with the administrator's session cookie (credentials).
// The insurance number or reference goes in the POST body only, never into an address.
import { switchMap, of } from 'rxjs';
import { DataErasureResult, DataSubjectSummary } from '@rechtschat/core';
import type { BlobLike, Call, DataErasureRequest, DataRequestQuery, DataRequestsApi } from '@rechtschat/core';
import { blobReader, fetchCall, jsonReader, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface DataRequestsApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

export function createDataRequestsApi(options: DataRequestsApiOptions): DataRequestsApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const post = <A>(path: string, body: unknown, reader: ResponseReader<A>): Call<A> =>
    options
      .chatUrl()
      .pipe(
        switchMap((base) =>
          base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { method: 'POST', body, credentials: 'include' }, reader),
        ),
      );
  return {
    search: (query: DataRequestQuery) => post('api/admin/data-requests/search', query, jsonReader(DataSubjectSummary)),
    downloadArchive: (query: DataRequestQuery): Call<BlobLike> => post('api/admin/data-requests/archive', query, blobReader),
    erase: (request: DataErasureRequest) => post('api/admin/data-requests/erase', request, jsonReader(DataErasureResult)),
  };
}
