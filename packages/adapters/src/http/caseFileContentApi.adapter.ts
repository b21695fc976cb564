// CaseFileContentApi over HTTP on the web origin (docs/api.md "Case-file API"). Every JSON answer is
// decoded with core's codecs; uploads use XMLHttpRequest because fetch reports no upload progress.
import { map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { CaseDetails, CaseDocument, CaseDocumentList, ContactThreadList, HistoryList, PersonInfo, Questionnaire, decodeJson } from '@rechtschat/core';
import type {
  Call,
  CaseFileContentApi,
  ContactMessage,
  PersonUpdate,
  PowerOfAttorneySignature,
  QuestionnaireAnswers,
  ReadOptions,
  Result,
  UploadEvent,
  UploadFile,
} from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';
import { browserUploadRequest, xhrUpload, type UploadRequest, type XhrUploadEvent } from './xhrUpload.js';

export type { UploadRequest } from './xhrUpload.js';

/** Marks a read of the Fallakte's live refresh (core's ReadOptions.background; docs/api.md "Case-file API"). */
const BACKGROUND_REFRESH_HEADERS = { 'X-Fallakte-Refresh': 'background' } as const;

export interface CaseFileContentApiOptions {
  readonly baseUrl?: string;
  readonly fetch?: FetchFn;
  readonly createUploadRequest?: () => UploadRequest;
  /** Wraps the picked file for FormData (a browser File already is a Blob). */
  readonly toBlob?: (file: UploadFile) => Blob;
}

export function createCaseFileContentApi(options: CaseFileContentApiOptions = {}): CaseFileContentApi {
  const base = options.baseUrl ?? '';
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createUploadRequest = options.createUploadRequest ?? browserUploadRequest;
  const toBlob = options.toBlob ?? ((file: UploadFile) => file as unknown as Blob);
  const path = (token: string, rest: string) => `${base}/api/case-file/${encodeURIComponent(token)}/${rest}`;
  const call = <A>(url: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    fetchCall(fetchFn, url, { credentials: 'same-origin', ...extra }, reader);
  // A read of the live refresh says so: the server then leaves the session's idle timer as it is.
  const read = <A>(url: string, reader: ResponseReader<A>, options?: ReadOptions): Call<A> =>
    call(url, reader, options?.background ? { headers: BACKGROUND_REFRESH_HEADERS } : {});

  return {
    getCase: (token, options) => read(path(token, 'case'), jsonReader(CaseDetails), options),
    getPerson: (token, options) => read(path(token, 'person'), jsonReader(PersonInfo), options),
    updatePerson: (token, update: PersonUpdate) => call(path(token, 'person'), jsonReader(PersonInfo), { method: 'PUT', body: update }),
    getHistory: (token, options) => read(path(token, 'history'), jsonReader(HistoryList), options),
    getDocuments: (token, options) => read(path(token, 'documents'), jsonReader(CaseDocumentList), options),
    uploadDocument: (token, file) => upload(createUploadRequest(), path(token, 'documents'), file, toBlob),
    deleteDocument: (token, id) => call(path(token, `documents/${encodeURIComponent(id)}`), voidReader, { method: 'DELETE' }),
    documentUrl: (token, id) => path(token, `documents/${encodeURIComponent(id)}`),
    powerOfAttorneyUrl: (token) => path(token, 'power-of-attorney'),
    sendContact: (token, message: ContactMessage) => call(path(token, 'contact'), voidReader, { method: 'POST', body: message }),
    getContacts: (token, options) => read(path(token, 'contact'), jsonReader(ContactThreadList), options),
    markSeen: (token, screen) => call(path(token, `seen/${screen}`), voidReader, { method: 'PUT' }),
    getQuestionnaire: (token, options) => read(path(token, 'questionnaire'), jsonReader(Questionnaire), options),
    submitQuestionnaire: (token, answers: QuestionnaireAnswers) =>
      call(path(token, 'questionnaire'), jsonReader(Questionnaire), { method: 'POST', body: { Answers: answers } }),
    signPowerOfAttorney: (token, signature: PowerOfAttorneySignature) =>
      call(path(token, 'power-of-attorney'), jsonReader(CaseDocument), { method: 'POST', body: signature }),
  };
}

/** One document upload: the shared XHR upload, its answer decoded as the stored document. */
function upload(request: UploadRequest, url: string, file: UploadFile, toBlob: (file: UploadFile) => Blob): Observable<Result<UploadEvent>> {
  const form = new FormData();
  form.append('file', toBlob(file), file.name);
  return xhrUpload(request, { url, form, size: file.size, decode: (text) => decodeJson(CaseDocument, text) }).pipe(
    map((result) =>
      E.map((event: XhrUploadEvent<CaseDocument>): UploadEvent => (event._tag === 'Done' ? { _tag: 'Done', document: event.value } : event))(result),
    ),
  );
}
