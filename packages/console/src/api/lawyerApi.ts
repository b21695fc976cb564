// The session part of the lawyer API on the chat host (login, who-am-I, logout) over the adapters'
// fetchCall; every answer is decoded with the core codecs. Everything after the login goes through
// core's LawyerApi port (adapters/http/lawyer-api.adapter.ts).
import { firstValueFrom } from 'rxjs';
import { fetchCall, type FetchFn } from '@rechtschat/adapters';
import { LawyerCaseFileDetail, LawyerProfile, decodeJson, err, httpError, nullable, ok } from '@rechtschat/core';
import type { Result } from '@rechtschat/core';
import * as t from 'io-ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * The login's answer under LAWYER_MFA=required for a lawyer without a second factor (403): no session yet, but
 * a short-lived token and the new secret to set up the authenticator app with (SECURITY I1).
 */
const MfaEnrolmentBody = t.type(
  { Error: t.literal('MfaEnrolmentRequired'), Message: t.string, EnrolmentToken: t.string, Secret: t.string, OtpauthUri: t.string },
  'MfaEnrolmentRequired',
);
export type MfaEnrolment = t.TypeOf<typeof MfaEnrolmentBody>;

export const isMfaEnrolment = (answer: SignedInProfile | MfaEnrolment): answer is MfaEnrolment => 'EnrolmentToken' in answer;

/** One signed-in device of the lawyer (GET api/lawyer/sessions). */
const DeviceSession = t.type({ Id: t.string, CreatedAt: t.string, LastSeenAt: t.string, Current: t.boolean }, 'LawyerSession');
export type DeviceSession = t.TypeOf<typeof DeviceSession>;
const TotpStatus = t.type({ Enabled: t.boolean, Required: t.boolean, RecoveryCodesLeft: t.number }, 'TotpStatus');
export type TotpStatus = t.TypeOf<typeof TotpStatus>;
/** New recovery codes: in this answer only, the server keeps nothing but their hashes. */
const RecoveryCodes = t.type({ RecoveryCodes: t.array(t.string) }, 'RecoveryCodes');
export type RecoveryCodes = t.TypeOf<typeof RecoveryCodes>;
/** The login's answer; `RecoveryCodesLeft` when a recovery code took the place of the TOTP code. */
const SignedInProfile = t.intersection([LawyerProfile, t.partial({ RecoveryCodesLeft: t.number })], 'SignedInProfile');
export type SignedInProfile = t.TypeOf<typeof SignedInProfile>;
/** The answer of the enrolment at login: the profile and the new factor's recovery codes. */
const EnrolledProfile = t.intersection([LawyerProfile, RecoveryCodes], 'EnrolledProfile');
export type EnrolledProfile = t.TypeOf<typeof EnrolledProfile>;
/** Step-up before new recovery codes: a current TOTP code, or the password when the authenticator is gone. */
export type RecoveryStepUp = { readonly Code: string } | { readonly CurrentPassword: string };
const TotpSetup = t.type({ Secret: t.string, OtpauthUri: t.string }, 'TotpSetup');
export type TotpSetup = t.TypeOf<typeof TotpSetup>;
const Ended = t.type({ Ended: t.number }, 'EndedSessions');
/** One of the lawyer's passkeys or security keys (GET api/lawyer/webauthn/credentials). */
const Passkey = t.type({ Id: t.string, Name: t.string, CreatedAt: t.string, LastUsedAt: nullable(t.string) }, 'Passkey');
export type Passkey = t.TypeOf<typeof Passkey>;
/**
 * WebAuthn options as the server's JSON (base64url binary fields); handed unchanged to @simplewebauthn/browser, which
 * checks them itself, so only "an object" is decoded here.
 */
const WebAuthnOptions = t.UnknownRecord;
export type WebAuthnOptions = t.TypeOf<typeof WebAuthnOptions>;

/** The signed-in lawyer's own account security (profile screen): password, devices, second factor. */
export interface AccountApi {
  /** 400 `CurrentPasswordWrong` or a policy code (`PasswordTooShort` …); 429 while the account waits. */
  changePassword(currentPassword: string, newPassword: string): Promise<Result<null>>;
  sessions(): Promise<Result<DeviceSession[]>>;
  endSession(id: string): Promise<Result<null>>;
  endOtherSessions(): Promise<Result<{ Ended: number }>>;
  totpStatus(): Promise<Result<TotpStatus>>;
  /** Setting up the authenticator app needs the password first (a session alone must not enrol another authenticator). */
  totpSetup(stepUp: { CurrentPassword: string }): Promise<Result<TotpSetup>>;
  /** Confirms the factor; the answer holds the recovery codes, to be shown once. */
  totpConfirm(code: string): Promise<Result<RecoveryCodes>>;
  totpDisable(code: string): Promise<Result<null>>;
  /** Replaces all recovery codes; 400 `CurrentPasswordWrong` or a wrong code, 429 while the account waits. */
  renewRecoveryCodes(stepUp: RecoveryStepUp): Promise<Result<RecoveryCodes>>;
  /** The signed-in lawyer, or null without a session: `api/lawyer/whoami` answers 200 either way (no failed request logged). */
  whoAmI(): Promise<Result<LawyerProfile | null>>;
  passkeys(): Promise<Result<Passkey[]>>;
  /** Creation options for a new passkey after the step-up; 400 `CurrentPasswordWrong` or a wrong code, 429 while the account waits. */
  passkeyRegistrationOptions(stepUp: RecoveryStepUp): Promise<Result<WebAuthnOptions>>;
  /** The browser's answer to those options, with the lawyer's label for the key. */
  registerPasskey(response: unknown, name: string): Promise<Result<Passkey>>;
  /** 409 when it is the last second factor under LAWYER_MFA=required. */
  /** Removing a key needs the same step-up as adding one. */
  removePasskey(id: string, stepUp: RecoveryStepUp): Promise<Result<null>>;
}

/** The lawyer ends a mandate (§ 50 Abs. 1 BRAO, the deletion deadline starts) or reopens it; both answer the file as it is now. */
export interface MandateApi {
  endMandate(caseFileId: string): Promise<Result<LawyerCaseFileDetail>>;
  reopenMandate(caseFileId: string): Promise<Result<LawyerCaseFileDetail>>;
}

export interface LawyerApi extends AccountApi, MandateApi {
  /** Chat host base address with trailing slash. */
  readonly chatUrl: string;
  /**
   * `totpCode` is sent only when given (lawyers who enrolled a second factor); `webAuthn`, a passkey's assertion, in its place. A lawyer who must set up the second
   * factor first gets the enrolment instead of the profile (no session yet).
   */
  login(email: string, password: string, totpCode?: string, webAuthn?: unknown): Promise<Result<SignedInProfile | MfaEnrolment>>;
  /** Request options for a login with a passkey; shaped alike for every address, so they tell nothing about the account. */
  passkeyLoginOptions(email: string): Promise<Result<WebAuthnOptions>>;
  /** Second step of such a login: the first code from the authenticator app; the session starts on success. */
  completeEnrolment(enrolmentToken: string, code: string): Promise<Result<EnrolledProfile>>;
  logout(): Promise<Result<null>>;
}

async function send<A>(
  fetcher: FetchLike,
  url: string,
  init: { method: 'GET' | 'POST' | 'DELETE'; body?: unknown },
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
    login: async (email, password, totpCode, webAuthn) => {
      // fetchCall turns the 403 into an HttpError without the body's extra fields: read that one answer completely
      // first (fetchCall aborts the request once it is done) and hand fetchCall a copy.
      let refusal: string | null = null;
      const keeping: FetchLike = async (input, init) => {
        const response = await fetcher(input, init);
        if (response.status !== 403) return response;
        const text = await response.text();
        refusal = text;
        return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
      };
      const result = (await send(
        keeping,
        `${chatUrl}api/lawyer/login`,
        {
          method: 'POST',
          body: { Email: email, Password: password, ...(totpCode ? { TotpCode: totpCode } : {}), ...(webAuthn ? { WebAuthn: webAuthn } : {}) },
        },
        SignedInProfile,
      )) as Result<SignedInProfile>;
      if (result._tag === 'Right' || result.left._tag !== 'HttpError' || result.left.code !== 'MfaEnrolmentRequired' || refusal === null) return result;
      const enrolment = decodeJson(MfaEnrolmentBody, refusal);
      return enrolment._tag === 'Right' ? ok(enrolment.right) : result;
    },
    completeEnrolment: (enrolmentToken, code) =>
      send(
        fetcher,
        `${chatUrl}api/lawyer/login/totp-enrolment`,
        { method: 'POST', body: { EnrolmentToken: enrolmentToken, Code: code } },
        EnrolledProfile,
      ) as Promise<Result<EnrolledProfile>>,
    passkeyLoginOptions: (email) =>
      send(fetcher, `${chatUrl}api/lawyer/login/webauthn/options`, { method: 'POST', body: { Email: email } }, WebAuthnOptions) as Promise<
        Result<WebAuthnOptions>
      >,
    whoAmI: () => get('api/lawyer/whoami', nullable(LawyerProfile)),
    passkeys: () => get('api/lawyer/webauthn/credentials', t.array(Passkey)),
    passkeyRegistrationOptions: (stepUp) =>
      send(fetcher, `${chatUrl}api/lawyer/webauthn/registration/options`, { method: 'POST', body: stepUp }, WebAuthnOptions) as Promise<
        Result<WebAuthnOptions>
      >,
    registerPasskey: (response, name) =>
      send(fetcher, `${chatUrl}api/lawyer/webauthn/registration`, { method: 'POST', body: { Response: response, Name: name } }, Passkey) as Promise<
        Result<Passkey>
      >,
    removePasskey: (id, stepUp) =>
      send(fetcher, `${chatUrl}api/lawyer/webauthn/credentials/${encodeURIComponent(id)}`, { method: 'DELETE', body: stepUp }, null),
    logout: () => send(fetcher, `${chatUrl}api/lawyer/logout`, { method: 'POST' }, null),
    changePassword: (currentPassword, newPassword) =>
      send(fetcher, `${chatUrl}api/lawyer/me/password`, { method: 'POST', body: { CurrentPassword: currentPassword, NewPassword: newPassword } }, null),
    sessions: () => get('api/lawyer/sessions', t.array(DeviceSession)),
    endSession: (id) => send(fetcher, `${chatUrl}api/lawyer/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }, null),
    endOtherSessions: () => send(fetcher, `${chatUrl}api/lawyer/sessions/end-others`, { method: 'POST' }, Ended) as Promise<Result<{ Ended: number }>>,
    totpStatus: () => get('api/lawyer/totp', TotpStatus),
    totpSetup: (stepUp) => send(fetcher, `${chatUrl}api/lawyer/totp/setup`, { method: 'POST', body: stepUp }, TotpSetup) as Promise<Result<TotpSetup>>,
    totpConfirm: (code) =>
      send(fetcher, `${chatUrl}api/lawyer/totp/confirm`, { method: 'POST', body: { Code: code } }, RecoveryCodes) as Promise<Result<RecoveryCodes>>,
    renewRecoveryCodes: (stepUp) =>
      send(fetcher, `${chatUrl}api/lawyer/totp/recovery-codes`, { method: 'POST', body: stepUp }, RecoveryCodes) as Promise<Result<RecoveryCodes>>,
    totpDisable: (code) => send(fetcher, `${chatUrl}api/lawyer/totp/disable`, { method: 'POST', body: { Code: code } }, null),
    endMandate: (id) =>
      send(fetcher, `${chatUrl}api/lawyer/case-files/${encodeURIComponent(id)}/close`, { method: 'POST' }, LawyerCaseFileDetail) as Promise<
        Result<LawyerCaseFileDetail>
      >,
    reopenMandate: (id) =>
      send(fetcher, `${chatUrl}api/lawyer/case-files/${encodeURIComponent(id)}/reopen`, { method: 'POST' }, LawyerCaseFileDetail) as Promise<
        Result<LawyerCaseFileDetail>
      >,
  };
}
