// TextTemplatesApi over fetchCall against the chat host, with the lawyer's session cookie (credentials): the lawyer's
// own templates under api/lawyer/text-templates, the firm's (administrators) under api/admin/text-templates.
import { switchMap, of } from 'rxjs';
import { TextTemplate, TextTemplates } from '@rechtschat/core';
import type { Call, TextTemplateScope, TextTemplatesApi } from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface TextTemplatesApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const BASE: Record<TextTemplateScope, string> = { own: 'api/lawyer/text-templates', firm: 'api/admin/text-templates' };

export function createTextTemplatesApi(options: TextTemplatesApiOptions): TextTemplatesApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const call = <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    options
      .chatUrl()
      .pipe(switchMap((base) => (base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include', ...extra }, reader))));
  const one = (scope: TextTemplateScope, id: string) => `${BASE[scope]}/${encodeURIComponent(id)}`;
  return {
    list: () => call(BASE.own, jsonReader(TextTemplates)),
    create: (scope, request) => call(BASE[scope], jsonReader(TextTemplate), { method: 'POST', body: request }),
    update: (scope, id, request) => call(one(scope, id), jsonReader(TextTemplate), { method: 'PUT', body: request }),
    remove: (scope, id) => call(one(scope, id), voidReader, { method: 'DELETE' }),
  };
}
