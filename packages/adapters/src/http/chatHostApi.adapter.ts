// ChatHostApi over fetch against the chat host, always with credentials; a file upload goes over XMLHttpRequest
// (fetch reports no upload progress), its code loaded only when a file is sent (not in the entry of /chat/new).
import { EMPTY, from, map, mergeMap, switchMap, of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { BotProgressResponse, CaseStatus, ChatFileInfo, ChatMessageList, decodeJson, ok } from '@rechtschat/core';
import type { BlobLike, Call, CallbackRequest, ChatHostApi, TranscriptPost, UploadOptions } from '@rechtschat/core';
import type { UploadRequest } from './xhrUpload.js';
import { CallCache } from './callCache.js';
import { blobReader, fetchCall, jsonReader, textReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface ChatHostApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
  /** The upload's request; the browser's XMLHttpRequest unless a test hands in a fake. */
  readonly createUploadRequest?: () => UploadRequest;
}

const segment = encodeURIComponent;

/** Creates the chat host client; every path is resolved against the (cached) chat address. */
export function createChatHostApi(options: ChatHostApiOptions): ChatHostApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const imageCache = new CallCache<string>();
  const call = <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    options
      .chatUrl()
      .pipe(switchMap((base) => (base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include', ...extra }, reader))));

  return {
    login: (ticket: string) => call('api/login', voidReader, { method: 'POST', body: { Value: ticket } }),
    logout: () => call('api/logout', voidReader, { method: 'POST' }),
    requestCallback: (chatId: string, request: CallbackRequest) => call(`api/chat/${segment(chatId)}/callback`, voidReader, { method: 'POST', body: request }),
    getFile: (fileId: string) => call(`api/chat/file/${segment(fileId)}`, blobReader),
    uploadFile: (chatId: string, file: BlobLike, fileName: string, upload: UploadOptions = {}) =>
      options.chatUrl().pipe(
        switchMap((base) => {
          if (base._tag === 'Left') return of(base);
          // Aborted while the address or the module loaded: nothing was sent.
          if (upload.signal?.aborted) return EMPTY;
          const form = new FormData();
          form.append('file', file as Blob, fileName);
          return from(import('./xhrUpload.js')).pipe(
            mergeMap(({ browserUploadRequest, xhrUpload }) =>
              xhrUpload((options.createUploadRequest ?? browserUploadRequest)(), {
                url: `${base.right}api/chat/file/${segment(chatId)}`,
                form,
                size: file.size,
                decode: (text) => decodeJson(ChatFileInfo, text),
                ...(upload.signal ? { signal: upload.signal } : {}),
              }),
            ),
            mergeMap((result) => {
              if (result._tag === 'Left') return of(result);
              if (result.right._tag === 'Done') return of(ok(result.right.value));
              upload.onProgress?.({ loaded: result.right.loaded, total: result.right.total });
              return EMPTY;
            }),
          );
        }),
      ),
    revokeFileForwarding: (chatId: string) => call(`api/chat/file/revoke-file-forwarding/${segment(chatId)}`, voidReader, { method: 'PUT' }),
    getCaseStatus: (caseId: string) => call(`api/chat/case/${segment(caseId)}/status`, jsonReader(CaseStatus)),
    getMessagesForCase: (caseId: string) => call(`api/chat/message/for-case/${segment(caseId)}`, jsonReader(ChatMessageList)),
    postTranscript: (chatId: string, post: TranscriptPost) => call(`api/chat/transcript/${segment(chatId)}`, voidReader, { method: 'POST', body: post }),
    getBotProgress: (caseId: string) =>
      call(`api/chat/case/${segment(caseId)}/bot-progress`, jsonReader(BotProgressResponse)).pipe(
        map((result) => E.map((r: BotProgressResponse) => r.Progress)(result)),
      ),
    getAgentImage: (chatId: string, authorId: string) =>
      imageCache.get(`${chatId}/${authorId}`, () => call(`api/chat/agent/image/${segment(chatId)}/${segment(authorId)}`, textReader)),
  };
}
