// Wire shapes of the lawyer's sign-in and own account security on the chat host: login with a second factor or a
// passkey, the enrolment at login, password, devices, TOTP with recovery codes and passkeys. The console decodes the
// answers with them, the server decodes the request bodies with the same codecs.
import * as t from 'io-ts';
import { nullable } from './primitives.js';
import { LawyerProfile } from './lawyer.js';

// --- Requests -------------------------------------------------------------------------------------------------------

/** Second step of a login that must set up the second factor first: the enrolment token and the first code. */
export const LawyerMfaEnrolmentRequest = t.type({ EnrolmentToken: t.string, Code: t.string }, 'LawyerMfaEnrolmentRequest');
export type LawyerMfaEnrolmentRequest = t.TypeOf<typeof LawyerMfaEnrolmentRequest>;

export const ChangeLawyerPasswordRequest = t.type({ CurrentPassword: t.string, NewPassword: t.string }, 'ChangeLawyerPasswordRequest');
export type ChangeLawyerPasswordRequest = t.TypeOf<typeof ChangeLawyerPasswordRequest>;

/** A current code of the authenticator app (confirming or switching off the factor). */
export const TotpCodeRequest = t.type({ Code: t.string }, 'TotpCode');
export type TotpCodeRequest = t.TypeOf<typeof TotpCodeRequest>;

/** Step-up before setting up the authenticator app: the password (there is no code yet). */
export const TotpSetupStepUp = t.partial({ CurrentPassword: t.string }, 'TotpSetupStepUp');
export type TotpSetupStepUp = t.TypeOf<typeof TotpSetupStepUp>;

/**
 * Step-up before new recovery codes or a change of the passkeys: a current TOTP code, or the password when the
 * authenticator is gone. Both fields optional on the wire; the server says which one is missing.
 */
export const StepUpRequest = t.partial({ Code: t.string, CurrentPassword: t.string }, 'StepUp');
/** What the console sends: exactly one of the two. */
export type StepUp = { readonly Code: string } | { readonly CurrentPassword: string };

export const PasskeyLoginOptionsRequest = t.type({ Email: t.string }, 'PasskeyLoginOptionsRequest');
export type PasskeyLoginOptionsRequest = t.TypeOf<typeof PasskeyLoginOptionsRequest>;

// --- Answers --------------------------------------------------------------------------------------------------------

/**
 * The login's answer under LAWYER_MFA=required for a lawyer without a second factor (403): no session yet, but a
 * short-lived token and the new secret to set up the authenticator app with.
 */
export const MfaEnrolment = t.type(
  { Error: t.literal('MfaEnrolmentRequired'), Message: t.string, EnrolmentToken: t.string, Secret: t.string, OtpauthUri: t.string },
  'MfaEnrolmentRequired',
);
export type MfaEnrolment = t.TypeOf<typeof MfaEnrolment>;

/** The login's answer; `RecoveryCodesLeft` when a recovery code took the place of the TOTP code. */
export const SignedInProfile = t.intersection([LawyerProfile, t.partial({ RecoveryCodesLeft: t.number })], 'SignedInProfile');
export type SignedInProfile = t.TypeOf<typeof SignedInProfile>;

export const isMfaEnrolment = (answer: SignedInProfile | MfaEnrolment): answer is MfaEnrolment => 'EnrolmentToken' in answer;

/** New recovery codes: in this answer only, the server keeps nothing but their hashes. */
export const RecoveryCodes = t.type({ RecoveryCodes: t.array(t.string) }, 'RecoveryCodes');
export type RecoveryCodes = t.TypeOf<typeof RecoveryCodes>;

/** The answer of the enrolment at login: the profile and the new factor's recovery codes. */
export const EnrolledProfile = t.intersection([LawyerProfile, RecoveryCodes], 'EnrolledProfile');
export type EnrolledProfile = t.TypeOf<typeof EnrolledProfile>;

/** `api/lawyer/whoami`: the signed-in lawyer, or null without a session (200 either way, no failed request logged). */
export const WhoAmI = nullable(LawyerProfile);

/**
 * One signed-in device of the lawyer (GET api/lawyer/sessions). Where known: `Browser` (`Chrome`, `Edge`, `Firefox`,
 * `Safari`, `Opera`, `SamsungInternet`) and `System` (`Windows`, `macOS`, `Linux`, `ChromeOS`, `Android`, `iPhone`,
 * `iPad`) read from the User-Agent at login, `Network` the shortened address (`192.0.2.x`, `2001:db8:85a3::/48`). Plain
 * strings, so a name the console does not know yet reads as unknown instead of failing the list.
 */
export const DeviceSession = t.intersection(
  [
    t.type({ Id: t.string, CreatedAt: t.string, LastSeenAt: t.string, Current: t.boolean }),
    t.partial({ Browser: t.string, System: t.string, Network: t.string }),
  ],
  'LawyerSession',
);
export type DeviceSession = t.TypeOf<typeof DeviceSession>;
export const DeviceSessionList = t.array(DeviceSession, 'LawyerSessions');

export const EndedSessions = t.type({ Ended: t.number }, 'EndedSessions');
export type EndedSessions = t.TypeOf<typeof EndedSessions>;

/** `Required`: LAWYER_MFA=required, no switching off. `RecoveryCodesLeft`: unused recovery codes. */
export const TotpStatus = t.type({ Enabled: t.boolean, Required: t.boolean, RecoveryCodesLeft: t.number }, 'TotpStatus');
export type TotpStatus = t.TypeOf<typeof TotpStatus>;

export const TotpSetup = t.type({ Secret: t.string, OtpauthUri: t.string }, 'TotpSetup');
export type TotpSetup = t.TypeOf<typeof TotpSetup>;

/** One of the lawyer's passkeys or security keys (GET api/lawyer/webauthn/credentials). */
export const Passkey = t.type({ Id: t.string, Name: t.string, CreatedAt: t.string, LastUsedAt: nullable(t.string) }, 'Passkey');
export type Passkey = t.TypeOf<typeof Passkey>;
export const PasskeyList = t.array(Passkey, 'Passkeys');

/**
 * WebAuthn options as the server's JSON (base64url binary fields); handed unchanged to the browser's passkey dialog,
 * which checks them itself, so only "an object" is decoded.
 */
export const WebAuthnOptions = t.UnknownRecord;
export type WebAuthnOptions = t.TypeOf<typeof WebAuthnOptions>;
