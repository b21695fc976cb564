// LawyerApi over fetchCall against the chat host, with the lawyer's session cookie (credentials).
import { switchMap, of } from 'rxjs';
import {
  ActiveChatList,
  CallbackList,
  ChatFieldOfLaw,
  ChatFileInfo,
  Colleague,
  ChatMessageList,
  CreateCaseFileResult,
  FinishedChatList,
  LawyerCaseFileDetail,
  LawyerCaseFileList,
  LawyerProfile,
  Queue,
} from '@rechtschat/core';
import * as t from 'io-ts';
import type { BlobLike, Call, CreateCaseFileRequest, LawyerApi, UpdateLawyerProfileRequest } from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface LawyerApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const Colleagues = t.array(Colleague, 'Colleagues');
const segment = encodeURIComponent;

export function createLawyerApi(options: LawyerApiOptions): LawyerApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Download links are plain addresses; the base is known from the first call the workspace makes.
  let knownBase = '';
  const call = <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    options.chatUrl().pipe(
      switchMap((base) => {
        if (base._tag === 'Left') return of(base);
        knownBase = base.right;
        return fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include', ...extra }, reader);
      }),
    );

  return {
    me: () => call('api/lawyer/me', jsonReader(LawyerProfile)),
    queue: () => call('api/lawyer/queue', jsonReader(Queue)),
    activeChats: () => call('api/lawyer/chats', jsonReader(ActiveChatList)),
    finishedChats: () => call('api/lawyer/chats/finished', jsonReader(FinishedChatList)),
    colleagues: () => call('api/lawyer/colleagues', jsonReader(Colleagues)),
    callbacks: () => call('api/lawyer/callbacks', jsonReader(CallbackList)),
    setCallbackDone: (id: string, done: boolean) => call(`api/lawyer/callbacks/${segment(id)}/done`, voidReader, { method: 'PUT', body: { Value: done } }),
    claimCallback: (id: string) => call(`api/lawyer/callbacks/${segment(id)}/claim`, voidReader, { method: 'POST', body: {} }),
    releaseCallback: (id: string) => call(`api/lawyer/callbacks/${segment(id)}/release`, voidReader, { method: 'POST', body: {} }),
    messages: (caseId: string) => call(`api/chat/message/for-case/${segment(caseId)}`, jsonReader(ChatMessageList)),
    uploadFile: (chatId: string, file: BlobLike, fileName: string) => {
      const form = new FormData();
      form.append('file', file as Blob, fileName);
      return call(`api/chat/file/${segment(chatId)}`, jsonReader(ChatFileInfo), { method: 'POST', body: form });
    },
    fileUrl: (fileId: string) => `${knownBase}api/chat/file/${segment(fileId)}`,
    createCaseFile: (request: CreateCaseFileRequest) => call('api/lawyer/case-files', jsonReader(CreateCaseFileResult), { method: 'POST', body: request }),
    changeFieldOfLaw: (chatId: string, fieldOfLaw: number) =>
      call(`api/lawyer/chats/${segment(chatId)}/field-of-law`, jsonReader(ChatFieldOfLaw), { method: 'PUT', body: { FieldOfLaw: fieldOfLaw } }),
    caseFiles: () => call('api/lawyer/case-files', jsonReader(LawyerCaseFileList)),
    caseFile: (id: string) => call(`api/lawyer/case-files/${segment(id)}`, jsonReader(LawyerCaseFileDetail)),
    updateProfile: (request: UpdateLawyerProfileRequest) => call('api/lawyer/me', jsonReader(LawyerProfile), { method: 'PUT', body: request }),
    uploadPhoto: (file: BlobLike, fileName: string) => {
      const form = new FormData();
      form.append('file', file as Blob, fileName);
      return call('api/lawyer/me/photo', jsonReader(LawyerProfile), { method: 'PUT', body: form });
    },
    removePhoto: () => call('api/lawyer/me/photo', jsonReader(LawyerProfile), { method: 'DELETE' }),
    caseFileDocumentUrl: (id: string, documentId: string) => `${knownBase}api/lawyer/case-files/${segment(id)}/documents/${segment(documentId)}`,
  };
}
