// io-ts codecs of the browser's WebAuthn answers as @simplewebauthn/browser serialises them (all binary fields
// base64url). Only the shape is checked here; every value is verified cryptographically in lawyerPasskeys.ts.
import * as t from 'io-ts';

const base64url = new t.Type<string, string, unknown>(
  'Base64Url',
  (u): u is string => typeof u === 'string' && /^[A-Za-z0-9_-]{1,16384}$/.test(u),
  (u, c) => (typeof u === 'string' && /^[A-Za-z0-9_-]{1,16384}$/.test(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

const extensionResults = t.record(t.string, t.unknown);

export const RegistrationResponse = t.type(
  {
    id: base64url,
    rawId: base64url,
    type: t.literal('public-key'),
    response: t.intersection([
      t.type({ clientDataJSON: base64url, attestationObject: base64url }),
      t.partial({ transports: t.array(t.string), publicKeyAlgorithm: t.number, publicKey: base64url, authenticatorData: base64url }),
    ]),
    clientExtensionResults: extensionResults,
  },
  'RegistrationResponse',
);

export const AuthenticationResponse = t.type(
  {
    id: base64url,
    rawId: base64url,
    type: t.literal('public-key'),
    response: t.intersection([t.type({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url }), t.partial({ userHandle: base64url })]),
    clientExtensionResults: extensionResults,
  },
  'AuthenticationResponse',
);
export type AuthenticationResponse = t.TypeOf<typeof AuthenticationResponse>;

/** The challenge the browser put into clientDataJSON, to find the stored one; undefined when it cannot be read. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
