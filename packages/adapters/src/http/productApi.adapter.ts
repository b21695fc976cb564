// ProductApi over fetch on the web origin.
import { map } from 'rxjs';
import {
  ClassifyResult,
  CurrentUser,
  ProtocolConfirmationInfo,
  ProtocolConfirmationPending,
  ProtocolConfirmed,
  PublicSettings,
  ServiceHours,
  err,
  nullable,
  ok,
} from '@rechtschat/core';
import type { Call, CustomerLoginRequest, ProductApi, ProtocolRequestOutcome, RatingRequest } from '@rechtschat/core';
import type { SchedulerLike } from 'rxjs';
import { CallCache } from './callCache.js';
import { blobReader, fetchCall, jsonReader, textReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

/** Classification gives up after 10 s. */
export const CLASSIFY_TIMEOUT_MS = 10_000;

export interface ProductApiOptions {
  /** Origin prefix, '' in the browser (same origin). */
  readonly baseUrl?: string;
  readonly fetch?: FetchFn;
  /** Drives the classify time-out; tests pass a virtual scheduler. */
  readonly scheduler?: SchedulerLike;
}

/** Adds the trailing slash the chat host paths are appended to. */
export function withTrailingSlash(url: string): string {
  const trimmed = url.trim();
  return trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** The chat address is plain text; anything but an http(s) address (empty, an HTML fallback page) is unusable. */
const chatUrlReader: ResponseReader<string> = async (response) => {
  const text = (await response.text()).trim();
  return /^https?:\/\//.test(text) ? ok(withTrailingSlash(text)) : err({ _tag: 'DecodeError', message: 'Ungültige Adresse des Chat-Servers', paths: [] });
};

/** 204: the protocol went out; 202 with `ProtocolConfirmationPending`: a confirmation mail went to the address first. */
const protocolRequestReader: ResponseReader<ProtocolRequestOutcome> = async (response) => {
  if (response.status !== 202) return ok('sent');
  const pending = await jsonReader(ProtocolConfirmationPending)(response);
  return pending._tag === 'Right' ? ok('confirmationPending') : pending;
};

/** Creates the product API client; cookies stay on the same origin. */
export function createProductApi(options: ProductApiOptions = {}): ProductApi {
  const base = options.baseUrl ?? '';
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const chatUrlCache = new CallCache<string>();
  const call = <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    fetchCall(fetchFn, `${base}${path}`, { credentials: 'same-origin', ...extra }, reader);
  const post = <A>(path: string, body: unknown, reader: ResponseReader<A>): Call<A> => call(path, reader, { method: 'POST', body });

  return {
    getPublicSettings: () => call('/api/dl/public-settings', jsonReader(PublicSettings)),
    getChatUrl: () => chatUrlCache.get('chat-url', () => call('/api/chat/url', chatUrlReader)),
    // The probe answers 200 with the user or null, so a visitor's page load logs no failed request; a 401 (as
    // /api/authentication/user answers) still means nobody is signed in.
    getCurrentUser: () =>
      call('/api/authentication/whoami', jsonReader(nullable(CurrentUser))).pipe(
        map((r) => (r._tag === 'Left' && r.left._tag === 'HttpError' && r.left.status === 401 ? ok(null) : r)),
      ),
    loginCustomer: (request: CustomerLoginRequest) => post('/api/authentication/customer', request, jsonReader(CurrentUser)),
    getServiceHours: () => call('/api/service-hours', jsonReader(ServiceHours)),
    getChatSessionTicket: () => call('/api/chat/session', textReader),
    logout: () => post('/api/authentication/logout', undefined, voidReader),
    classify: (text: string) =>
      call('/api/chat/field-of-law/classify', jsonReader(ClassifyResult), {
        method: 'POST',
        body: { Value: text },
        timeoutMs: CLASSIFY_TIMEOUT_MS,
        scheduler: options.scheduler,
      }),
    sendProtocol: (caseId: string, email: string) => post(`/api/chat/protocol/${encodeURIComponent(caseId)}`, { Value: email }, protocolRequestReader),
    // The token from the link's fragment goes in the body, never into a URL.
    inspectProtocolConfirmation: (token: string) => post('/api/chat/protocol-confirmation/inspect', { Token: token }, jsonReader(ProtocolConfirmationInfo)),
    confirmProtocolMail: (token: string) => post('/api/chat/protocol-confirmation/confirm', { Token: token }, jsonReader(ProtocolConfirmed)),
    renewProtocolConfirmation: (token: string) => post('/api/chat/protocol-confirmation/renew', { Token: token }, jsonReader(ProtocolConfirmationInfo)),
    saveRating: (request: RatingRequest) => post('/api/chat/rating', request, voidReader),
    saveSecondLevelPhone: (caseId: string, phone: string) => post(`/api/chat/secondLevel/${encodeURIComponent(caseId)}`, { Value: phone }, voidReader),
    downloadUsageConfirmation: (caseId: string) => post('/api/chat/usage-confirmation', { CaseId: caseId }, blobReader),
    downloadProtocol: (reference: string) => call(`/api/chat/protocol/by-reference/${encodeURIComponent(reference)}`, blobReader),
    saveSecondLevelPhoneByParam: (param: string, phone: string) =>
      post(`/api/chat/secondLevel/param/${encodeURIComponent(param)}`, { Value: phone }, voidReader),
  };
}
