// The session part of the lawyer API on the chat host (login, who-am-I, logout) over the adapters'
// fetchCall; every answer is decoded with the core codecs. Everything after the login goes through
// core's LawyerApi port (adapters/http/lawyer-api.adapter.ts).
import { firstValueFrom } from 'rxjs';
import { fetchCall, type FetchFn } from '@rechtschat/adapters';
import { LawyerProfile, decodeJson, err, httpError, nullable, ok } from '@rechtschat/core';
import type { Result } from '@rechtschat/core';
import type * as t from 'io-ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface LawyerApi {
  /** Chat host base address with trailing slash. */
  readonly chatUrl: string;
  /** `totpCode` is sent only when given (lawyers who enrolled a second factor). */
  login(email: string, password: string, totpCode?: string): Promise<Result<LawyerProfile>>;
  /** The signed-in lawyer, or null without a session: `api/lawyer/whoami` answers 200 either way (no failed request logged). */
  whoAmI(): Promise<Result<LawyerProfile | null>>;
  logout(): Promise<Result<null>>;
}

async function send<A>(
  fetcher: FetchLike,
  url: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  codec: t.Type<A, unknown, unknown> | null,
): Promise<Result<A | null>> {
  const fetchFn: FetchFn = (input, options) => fetcher(String(input), options);
  const reader = async (response: Response): Promise<Result<A | null>> => (codec === null ? ok(null) : decodeJson(codec, await response.text()));
  return firstValueFrom(fetchCall(fetchFn, url, { ...init, credentials: 'include' }, reader));
}

/** Asks the web origin for the chat host address (GET /api/chat/url) and adds the trailing slash. */
export async function fetchChatUrl(fetcher: FetchLike, webOrigin: string): Promise<Result<string>> {
  const fetchFn: FetchFn = (input, options) => fetcher(String(input), options);
  const reader = async (response: Response): Promise<Result<string>> => {
    const url = (await response.text()).trim();
    if (!/^https?:\/\//.test(url)) return err(httpError(response.status, 'DecodeError', 'Ungültige Adresse des Chat-Servers'));
    return ok(url.endsWith('/') ? url : `${url}/`);
  };
  return firstValueFrom(fetchCall(fetchFn, new URL('/api/chat/url', webOrigin).toString(), { credentials: 'same-origin' }, reader));
}

export function createLawyerApi(fetcher: FetchLike, chatUrl: string): LawyerApi {
  const get = <A>(path: string, codec: t.Type<A, unknown, unknown>) => send(fetcher, chatUrl + path, { method: 'GET' }, codec) as Promise<Result<A>>;
  return {
    chatUrl,
    /** `totpCode` is sent only when given (lawyers who enrolled a second factor). */
    login: (email, password, totpCode) =>
      send(
        fetcher,
        `${chatUrl}api/lawyer/login`,
        { method: 'POST', body: { Email: email, Password: password, ...(totpCode ? { TotpCode: totpCode } : {}) } },
        LawyerProfile,
      ) as Promise<Result<LawyerProfile>>,
    whoAmI: () => get('api/lawyer/whoami', nullable(LawyerProfile)),
    logout: () => send(fetcher, `${chatUrl}api/lawyer/logout`, { method: 'POST' }, null),
  };
}
