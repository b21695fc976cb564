// LawyerSessionApi, LawyerAccountApi and MandateApi over fetchCall against the chat host, with the lawyer's session
// cookie (credentials). The login's 403 `MfaEnrolmentRequired` is no failure for the console: its body (the error's
// details) is the enrolment to continue with.
import * as t from 'io-ts';
import { map, of, switchMap } from 'rxjs';
import {
  CaseDocument,
  Colleague,
  HandedOverCaseFile,
  DeviceSessionList,
  EndedSessions,
  EnrolledProfile,
  CreateCaseFileResult,
  FirmMessage,
  LawyerCaseFileContact,
  LawyerCaseFileDetail,
  UpdateCaseFileClientResult,
  MfaEnrolment,
  Passkey,
  PasskeyList,
  RecoveryCodes,
  SignedInProfile,
  TotpSetup,
  TotpStatus,
  WebAuthnOptions,
  WhoAmI,
  WithdrawnCaseFile,
  decode,
  ok,
} from '@rechtschat/core';
import type { AppError, Call, LawyerAccountApi, LawyerSessionApi, MandateApi, Result } from '@rechtschat/core';
import { fetchCall, jsonReader, voidReader, type FetchCallOptions, type FetchFn, type ResponseReader } from './fetchCall.js';

export interface LawyerAccountApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

const segment = encodeURIComponent;

function caller(options: LawyerAccountApiOptions) {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return <A>(path: string, reader: ResponseReader<A>, extra: Partial<FetchCallOptions> = {}): Call<A> =>
    options
      .chatUrl()
      .pipe(switchMap((base) => (base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include', ...extra }, reader))));
}

/** The enrolment a 403 `MfaEnrolmentRequired` carries, or the refusal unchanged. */
function enrolmentOf(error: AppError): Result<MfaEnrolment> | null {
  if (error._tag !== 'HttpError' || error.code !== 'MfaEnrolmentRequired') return null;
  const enrolment = decode(MfaEnrolment, { Error: error.code, Message: error.message, ...error.details });
  return enrolment._tag === 'Right' ? ok(enrolment.right) : null;
}

export function createLawyerSessionApi(options: LawyerAccountApiOptions): LawyerSessionApi {
  const call = caller(options);
  return {
    whoAmI: () => call('api/lawyer/whoami', jsonReader(WhoAmI)),
    login: (request) =>
      call('api/lawyer/login', jsonReader(SignedInProfile), { method: 'POST', body: request }).pipe(
        map((result): Result<SignedInProfile | MfaEnrolment> => (result._tag === 'Left' ? (enrolmentOf(result.left) ?? result) : result)),
      ),
    passkeyLoginOptions: (email) => call('api/lawyer/login/webauthn/options', jsonReader(WebAuthnOptions), { method: 'POST', body: { Email: email } }),
    completeEnrolment: (enrolmentToken, code) =>
      call('api/lawyer/login/totp-enrolment', jsonReader(EnrolledProfile), { method: 'POST', body: { EnrolmentToken: enrolmentToken, Code: code } }),
    logout: () => call('api/lawyer/logout', voidReader, { method: 'POST' }),
  };
}

export function createLawyerAccountApi(options: LawyerAccountApiOptions): LawyerAccountApi {
  const call = caller(options);
  return {
    changePassword: (currentPassword, newPassword) =>
      call('api/lawyer/me/password', voidReader, { method: 'POST', body: { CurrentPassword: currentPassword, NewPassword: newPassword } }),
    sessions: () => call('api/lawyer/sessions', jsonReader(DeviceSessionList)),
    endSession: (id) => call(`api/lawyer/sessions/${segment(id)}`, voidReader, { method: 'DELETE' }),
    endOtherSessions: () => call('api/lawyer/sessions/end-others', jsonReader(EndedSessions), { method: 'POST' }),
    totpStatus: () => call('api/lawyer/totp', jsonReader(TotpStatus)),
    totpSetup: (stepUp) => call('api/lawyer/totp/setup', jsonReader(TotpSetup), { method: 'POST', body: stepUp }),
    totpConfirm: (code) => call('api/lawyer/totp/confirm', jsonReader(RecoveryCodes), { method: 'POST', body: { Code: code } }),
    totpDisable: (code) => call('api/lawyer/totp/disable', voidReader, { method: 'POST', body: { Code: code } }),
    renewRecoveryCodes: (stepUp) => call('api/lawyer/totp/recovery-codes', jsonReader(RecoveryCodes), { method: 'POST', body: stepUp }),
    passkeys: () => call('api/lawyer/webauthn/credentials', jsonReader(PasskeyList)),
    passkeyRegistrationOptions: (stepUp) => call('api/lawyer/webauthn/registration/options', jsonReader(WebAuthnOptions), { method: 'POST', body: stepUp }),
    registerPasskey: (response, name) =>
      call('api/lawyer/webauthn/registration', jsonReader(Passkey), { method: 'POST', body: { Response: response, Name: name } }),
    removePasskey: (id, stepUp) => call(`api/lawyer/webauthn/credentials/${segment(id)}`, voidReader, { method: 'DELETE', body: stepUp }),
  };
}

export function createMandateApi(options: LawyerAccountApiOptions): MandateApi {
  const call = caller(options);
  const mandate = (id: string, action: 'close' | 'reopen') =>
    call(`api/lawyer/case-files/${segment(id)}/${action}`, jsonReader(LawyerCaseFileDetail), { method: 'POST' });
  return {
    endMandate: (id) => mandate(id, 'close'),
    reopenMandate: (id) => mandate(id, 'reopen'),
    correctClient: (id, request) =>
      call(`api/lawyer/case-files/${segment(id)}/client`, jsonReader(UpdateCaseFileClientResult), { method: 'PUT', body: request }),
    newLink: (id) => call(`api/lawyer/case-files/${segment(id)}/new-link`, jsonReader(CreateCaseFileResult), { method: 'POST' }),
    withdraw: (id, reason) =>
      call(`api/lawyer/case-files/${segment(id)}/withdraw`, jsonReader(WithdrawnCaseFile), { method: 'POST', body: { Reason: reason } }),
    shareDocument: (id, file, fileName, note) => {
      // The note before the file: the server reads the fields that precede the file part.
      const form = new FormData();
      form.append('note', note);
      form.append('file', file as Blob, fileName);
      return call(`api/lawyer/case-files/${segment(id)}/documents`, jsonReader(CaseDocument), { method: 'POST', body: form });
    },
    colleagues: () => call('api/lawyer/colleagues', jsonReader(t.array(Colleague, 'Colleagues'))),
    handOver: (id, toLawyerId, note) =>
      call(`api/lawyer/case-files/${segment(id)}/handover`, jsonReader(HandedOverCaseFile), {
        method: 'POST',
        body: note.trim() === '' ? { ToLawyerId: toLawyerId } : { ToLawyerId: toLawyerId, Note: note },
      }),
    withdrawSharedDocument: (id, documentId) => call(`api/lawyer/case-files/${segment(id)}/documents/${segment(documentId)}`, voidReader, { method: 'DELETE' }),
    replyToContact: (id, contactId, text) =>
      call(`api/lawyer/case-files/${segment(id)}/contacts/${segment(contactId)}/reply`, jsonReader(LawyerCaseFileContact), {
        method: 'POST',
        body: { Text: text },
      }),
    writeToClient: (id, request) => call(`api/lawyer/case-files/${segment(id)}/messages`, jsonReader(FirmMessage), { method: 'POST', body: request }),
  };
}
