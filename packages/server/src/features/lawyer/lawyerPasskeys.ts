// Passkeys and security keys (WebAuthn) as the lawyers' phishing-resistant second factor. The browser
// binds every signature to the page's origin and the rp id (the web origin's host name), so a look-alike site cannot
// relay it. Every challenge is random, stored server-side, bound to its purpose and subject (registration: the lawyer's
// session; login: the account key of the e-mail address), valid for five minutes and used up by its first check.
// @simplewebauthn/server does the WebAuthn Level 2 checks (challenge, origin, rp id hash, user presence, signature);
// the counter check is ours, so a regression can be reported as such.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Db } from '../../platform/storage/database.js';
import type { Clock } from '../../platform/clock.js';
import type { LawyersTable, LawyerWebAuthnCredentialsTable } from './tables.js';
import { type AuthenticationResponse, challengeOf, type RegistrationResponse } from './webAuthnResponses.js';
import { compareAndSetSignCount, consumeChallenge, findCredential, insertChallenge, insertCredential, listCredentials } from './webAuthnQueries.js';
import { bumpMfaVersion } from './lawyerQueries.js';
import type * as t from 'io-ts';

interface PasskeyDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sessionSecret: string;
}

const CHALLENGE_TTL_MS = 5 * 60_000;

/** @simplewebauthn/server brings an X.509 and ASN.1 stack (about 4 MB of heap): loaded with the first passkey ceremony. */
let webAuthnLibrary: Promise<typeof SimpleWebAuthn> | undefined;
const loadWebAuthn = () => (webAuthnLibrary ??= import('@simplewebauthn/server'));
/** How long the browser dialog may stay open; shorter than the challenge's life. */
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
const RP_NAME = 'Rechtschat Anwaltskonsole';

/** The rp id of a web origin: its host name (WebAuthn: a registrable domain suffix of the origin's effective domain). */
const rpIdOf = (origin: string) => new URL(origin).hostname;

/** Binds a registration challenge to the lawyer and to the one session that asked for it. */
export const registrationSubject = (lawyerId: string, sessionToken: string) => `${lawyerId}:${createHash('sha256').update(sessionToken).digest('base64url')}`;

const parseTransports = (raw: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

async function storeChallenge(deps: PasskeyDeps, challenge: string, purpose: 'registration' | 'login', subject: string, origin: string): Promise<void> {
  const now = deps.clock.now();
  await insertChallenge(
    deps.db,
    { challenge, purpose, subject, origin, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString() },
    now.toISOString(),
  );
}

/** 32 random bytes; the options carry them base64url-encoded, which is what clientDataJSON names and what is stored. */
const newChallenge = () => new Uint8Array(randomBytes(32));

/** Creation options for a signed-in lawyer (after the step-up); the lawyer's own keys are excluded. */
export async function registrationOptions(
  deps: PasskeyDeps,
  lawyer: Pick<LawyersTable, 'id' | 'email' | 'name'>,
  subject: string,
  origin: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listCredentials(deps.db, lawyer.id);
  const challenge = newChallenge();
  const options = await (
    await loadWebAuthn()
  ).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rpIdOf(origin),
    userName: lawyer.email,
    userDisplayName: lawyer.name,
    // Stable per lawyer, so a second registration on the same authenticator replaces the first; no personal data.
    userID: new TextEncoder().encode(lawyer.id),
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: parseTransports(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(deps, options.challenge, 'registration', subject, origin);
  return options;
}

type RegistrationOutcome = { type: 'registered'; credential: LawyerWebAuthnCredentialsTable } | { type: 'refused'; reason: string };

/** Verifies the attestation against the session's challenge and stores the new key under the lawyer's label. */
export async function registerPasskey(
  deps: PasskeyDeps,
  lawyerId: string,
  subject: string,
  response: t.TypeOf<typeof RegistrationResponse>,
  name: string,
): Promise<RegistrationOutcome> {
  const now = deps.clock.now().toISOString();
  const challenge = challengeOf(response.response.clientDataJSON);
  const stored = challenge === undefined ? undefined : await consumeChallenge(deps.db, challenge, 'registration', subject, now);
  if (!stored) return { type: 'refused', reason: 'challenge' };
  let info;
  try {
    const verified = await (
      await loadWebAuthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: stored.origin,
      expectedRPID: rpIdOf(stored.origin),
      requireUserVerification: false,
    });
    if (!verified.verified) return { type: 'refused', reason: 'verification' };
    info = verified.registrationInfo;
  } catch (error) {
    return { type: 'refused', reason: error instanceof Error ? error.message : 'verification' };
  }
  if (await findCredential(deps.db, lawyerId, info.credential.id)) return { type: 'refused', reason: 'duplicate' };
  const credential: LawyerWebAuthnCredentialsTable = {
    id: randomUUID(),
    lawyer_id: lawyerId,
    credential_id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    sign_count: info.credential.counter,
    transports: JSON.stringify(response.response.transports ?? []),
    name,
    created_at: now,
    last_used_at: null,
  };
  try {
    await insertCredential(deps.db, credential);
  } catch {
    // The credential id is unique across all lawyers: an authenticator answering with someone else's id is refused.
    return { type: 'refused', reason: 'duplicate' };
  }
  await bumpMfaVersion(deps.db, lawyerId);
  return { type: 'registered', credential };
}

/**
 * Request options for the login. For an unknown address or a lawyer without keys the answer has the same shape: one
 * or two made-up credential ids derived from the address with a server key, the same on every request, so the
 * endpoint does not tell who has a passkey.
 */
export async function loginOptions(
  deps: PasskeyDeps,
  lawyer: Pick<LawyersTable, 'id'> | undefined,
  accountKey: string,
  origin: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const real = lawyer === undefined ? [] : await listCredentials(deps.db, lawyer.id);
  const allowCredentials =
    real.length > 0 ? real.map((c) => ({ id: c.credential_id, transports: parseTransports(c.transports) })) : decoyCredentials(deps, accountKey);
  const challenge = newChallenge();
  const options = await (
    await loadWebAuthn()
  ).generateAuthenticationOptions({
    rpID: rpIdOf(origin),
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials,
  });
  await storeChallenge(deps, options.challenge, 'login', accountKey, origin);
  return options;
}

function decoyCredentials(deps: PasskeyDeps, accountKey: string): { id: string; transports: string[] }[] {
  const seed = createHmac('sha256', deps.sessionSecret).update('webauthn-decoy\0').update(accountKey).digest();
  const count = 1 + ((seed[0] ?? 0) % 2);
  return Array.from({ length: count }, (_, i) => ({
    id: createHmac('sha256', seed).update(String(i)).digest().subarray(0, 16).toString('base64url'),
    transports: ['internal', 'hybrid'],
  }));
}

type AssertionOutcome =
  | { type: 'passed'; credentialId: string }
  | { type: 'failed' }
  /** The authenticator's counter did not go up: a cloned key is likely, the login is refused. */
  | { type: 'counterRegression'; credentialId: string; stored: number; received: number };

/** Checks a login assertion of the lawyer against the login challenge of `accountKey`; the challenge is used up. */
export async function verifyPasskeyAssertion(
  deps: PasskeyDeps,
  lawyerId: string,
  accountKey: string,
  response: AuthenticationResponse,
): Promise<AssertionOutcome> {
  const now = deps.clock.now().toISOString();
  const challenge = challengeOf(response.response.clientDataJSON);
  const stored = challenge === undefined ? undefined : await consumeChallenge(deps.db, challenge, 'login', accountKey, now);
  if (!stored) return { type: 'failed' };
  const credential = await findCredential(deps.db, lawyerId, response.id);
  if (!credential) return { type: 'failed' };
  const storedCount = Number(credential.sign_count);
  let received: number;
  try {
    const verified = await (
      await loadWebAuthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: stored.origin,
      expectedRPID: rpIdOf(stored.origin),
      // The counter is compared below (0 switches the library's own check off), so a regression gets its own event.
      credential: { id: credential.credential_id, publicKey: Buffer.from(credential.public_key, 'base64url'), counter: 0 },
      requireUserVerification: false,
    });
    if (!verified.verified) return { type: 'failed' };
    received = verified.authenticationInfo.newCounter;
  } catch {
    return { type: 'failed' };
  }
  // Authenticators without a counter always send 0; once one counts, every use must count higher (WebAuthn §6.1.1).
  if ((storedCount > 0 || received > 0) && received <= storedCount)
    return { type: 'counterRegression', credentialId: credential.id, stored: storedCount, received };
  if (!(await compareAndSetSignCount(deps.db, credential.id, storedCount, received, now))) return { type: 'failed' };
  return { type: 'passed', credentialId: credential.id };
}
