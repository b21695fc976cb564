// CaseFileContentApi over HTTP on the web origin (docs/api.md "Case-file API"). Every JSON answer is
// decoded with core's codecs; uploads use XMLHttpRequest because fetch reports no upload progress.
import { Observable } from 'rxjs';
import {
  CaseDetails,
  CaseDocument,
  CaseDocumentList,
  HistoryList,
  PersonInfo,
  Questionnaire,
  ErrorBody,
  decode,
  decodeJson,
  err,
  httpError,
  networkError,
  ok,
} from '@rechtschat/core';
import type {
  Call,
  CaseFileContentApi,
  ContactMessage,
  PersonUpdate,
  PowerOfAttorneySignature,
  QuestionnaireAnswers,
  Result,
  UploadEvent,
  UploadFile,
} from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, withRetryAfter, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

/** The part of XMLHttpRequest the upload uses, so tests can hand in a fake. */
export interface UploadRequest {
  open(method: string, url: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  getResponseHeader(name: string): string | null;
  setRequestHeader(name: string, value: string): void;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

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
  const createUploadRequest = options.createUploadRequest ?? (() => new XMLHttpRequest() as unknown as UploadRequest);
  const toBlob = options.toBlob ?? ((file: UploadFile) => file as unknown as Blob);
  const path = (token: string, rest: string) => `${base}/api/case-file/${encodeURIComponent(token)}/${rest}`;
  const call = <A>(url: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    fetchCall(fetchFn, url, { credentials: 'same-origin', ...extra }, reader);

  return {
    getCase: (token) => call(path(token, 'case'), jsonReader(CaseDetails)),
    getPerson: (token) => call(path(token, 'person'), jsonReader(PersonInfo)),
    updatePerson: (token, update: PersonUpdate) => call(path(token, 'person'), jsonReader(PersonInfo), { method: 'PUT', body: update }),
    getHistory: (token) => call(path(token, 'history'), jsonReader(HistoryList)),
    getDocuments: (token) => call(path(token, 'documents'), jsonReader(CaseDocumentList)),
    uploadDocument: (token, file) => upload(createUploadRequest(), path(token, 'documents'), file, toBlob),
    deleteDocument: (token, id) => call(path(token, `documents/${encodeURIComponent(id)}`), voidReader, { method: 'DELETE' }),
    documentUrl: (token, id) => path(token, `documents/${encodeURIComponent(id)}`),
    powerOfAttorneyUrl: (token) => path(token, 'power-of-attorney'),
    sendContact: (token, message: ContactMessage) => call(path(token, 'contact'), voidReader, { method: 'POST', body: message }),
    getQuestionnaire: (token) => call(path(token, 'questionnaire'), jsonReader(Questionnaire)),
    submitQuestionnaire: (token, answers: QuestionnaireAnswers) =>
      call(path(token, 'questionnaire'), jsonReader(Questionnaire), { method: 'POST', body: { Answers: answers } }),
    signPowerOfAttorney: (token, signature: PowerOfAttorneySignature) =>
      call(path(token, 'power-of-attorney'), jsonReader(CaseDocument), { method: 'POST', body: signature }),
  };
}

/** One multipart upload: Progress events, then Done with the decoded document, or one error. Unsubscribing aborts it. */
function upload(request: UploadRequest, url: string, file: UploadFile, toBlob: (file: UploadFile) => Blob): Observable<Result<UploadEvent>> {
  return new Observable<Result<UploadEvent>>((subscriber) => {
    let finished = false;
    const finish = (result: Result<UploadEvent>) => {
      finished = true;
      subscriber.next(result);
      subscriber.complete();
    };
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      subscriber.next(ok({ _tag: 'Progress', loaded: event.loaded, total }));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const decoded = decodeJson(CaseDocument, request.responseText);
        finish(decoded._tag === 'Right' ? ok({ _tag: 'Done', document: decoded.right }) : decoded);
        return;
      }
      finish(err(uploadError(request)));
    };
    request.onerror = () => finish(err(networkError('Netzwerkfehler beim Hochladen.')));
    request.onabort = () => {
      if (!finished) subscriber.complete();
    };
    const form = new FormData();
    form.append('file', toBlob(file), file.name);
    request.send(form);
    return () => {
      if (!finished) request.abort();
    };
  });
}

function uploadError(request: UploadRequest) {
  const body = decode(ErrorBody, parseJsonOrNull(request.responseText));
  const error =
    body._tag === 'Right'
      ? httpError(request.status, body.right.Error, body.right.Message)
      : httpError(request.status, `Http${request.status}`, `Der Server antwortete mit Status ${request.status}.`);
  return withRetryAfter(error, request.getResponseHeader('Retry-After'));
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
