// The lawyer API on the chat host (DESIGN §5): every answer is decoded with the core codecs.
import * as t from 'io-ts';
import { CallbackList, ChatMessageList, LawyerProfile, Queue, decode, err, httpError, networkError, ok } from '@rechtschat/core';
import type { CallbackEntry, ChatMessage, QueueEntry, Result } from '@rechtschat/core';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const ErrorBody = t.type({ Error: t.string, Message: t.string });
const Colleagues = t.array(LawyerProfile, 'Colleagues');

export interface LawyerApi {
  /** Chat host base address with trailing slash. */
  readonly chatUrl: string;
  /** `totpCode` is sent only when given (lawyers who enrolled a second factor). */
  login(email: string, password: string, totpCode?: string): Promise<Result<LawyerProfile>>;
  me(): Promise<Result<LawyerProfile>>;
  queue(): Promise<Result<readonly QueueEntry[]>>;
  colleagues(): Promise<Result<readonly LawyerProfile[]>>;
  callbacks(): Promise<Result<readonly CallbackEntry[]>>;
  messages(caseId: string): Promise<Result<readonly ChatMessage[]>>;
  logout(): Promise<Result<null>>;
}

async function send<A>(fetcher: FetchLike, url: string, init: RequestInit, codec: t.Type<A, unknown, unknown> | null): Promise<Result<A | null>> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, credentials: 'include', headers: { 'content-type': 'application/json', ...init.headers } });
  } catch (cause) {
    return err(networkError(String(cause)));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const body = decode(ErrorBody, safeJson(text));
    return err(body._tag === 'Right' ? httpError(response.status, body.right.Error, body.right.Message) : httpError(response.status, 'HttpError', response.statusText));
  }
  if (codec === null) return ok(null);
  return decode(codec, safeJson(text));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Asks the web origin for the chat host address (GET /api/chat/url) and adds the trailing slash. */
export async function fetchChatUrl(fetcher: FetchLike, webOrigin: string): Promise<Result<string>> {
  try {
    const response = await fetcher(new URL('/api/chat/url', webOrigin).toString(), { credentials: 'same-origin' });
    if (!response.ok) return err(httpError(response.status, 'HttpError', response.statusText));
    const url = (await response.text()).trim();
    if (!/^https?:\/\//.test(url)) return err(httpError(response.status, 'DecodeError', 'Ungültige Adresse des Chat-Servers'));
    return ok(url.endsWith('/') ? url : `${url}/`);
  } catch (cause) {
    return err(networkError(String(cause)));
  }
}

export function createLawyerApi(fetcher: FetchLike, chatUrl: string): LawyerApi {
  const get = <A>(path: string, codec: t.Type<A, unknown, unknown>) => send(fetcher, chatUrl + path, { method: 'GET' }, codec) as Promise<Result<A>>;
  return {
    chatUrl,
    login: (email, password, totpCode) =>
      send(fetcher, `${chatUrl}api/lawyer/login`, { method: 'POST', body: JSON.stringify({ Email: email, Password: password, ...(totpCode ? { TotpCode: totpCode } : {}) }) }, LawyerProfile) as Promise<Result<LawyerProfile>>,
    me: () => get('api/lawyer/me', LawyerProfile),
    queue: () => get('api/lawyer/queue', Queue),
    colleagues: () => get('api/lawyer/colleagues', Colleagues),
    callbacks: () => get('api/lawyer/callbacks', CallbackList),
    messages: (caseId) => get(`api/chat/message/for-case/${encodeURIComponent(caseId)}`, ChatMessageList),
    logout: () => send(fetcher, `${chatUrl}api/lawyer/logout`, { method: 'POST', body: '{}' }, null),
  };
}
