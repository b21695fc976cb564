// ChatHostApi over fetch against the chat host, always with credentials.
import { map, switchMap, of } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { BotProgressResponse, CaseStatus, ChatFileInfo, ChatMessageList } from '@rechtschat/core';
import type { BlobLike, Call, CallbackRequest, ChatHostApi, TranscriptPost } from '@rechtschat/core';
import { CallCache } from './callCache.js';
import { blobReader, fetchCall, jsonReader, textReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface ChatHostApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
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
    uploadFile: (chatId: string, file: BlobLike, fileName: string) => {
      const form = new FormData();
      form.append('file', file as Blob, fileName);
      return call(`api/chat/file/${segment(chatId)}`, jsonReader(ChatFileInfo), { method: 'POST', body: form });
    },
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
