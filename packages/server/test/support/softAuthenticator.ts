// A software WebAuthn authenticator for the HTTP tests: an EC P-256 key pair (ES256), "none" attestation, and
// clientDataJSON, authenticatorData and the signature built byte by byte as WebAuthn Level 2 (§6.1, §6.5, §7) says,
// so the server's checks run against real ceremony data without a browser. The CBOR is the small subset these two
// structures need.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** CBOR major type and length head (RFC 8949 §3). */
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}
const cborInt = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));
const cborBytes = (data: Buffer) => Buffer.concat([head(2, data.length), data]);
const cborText = (text: string) => Buffer.concat([head(3, Buffer.byteLength(text)), Buffer.from(text)]);

/** The credential's COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  return Buffer.concat([
    head(5, 5),
    cborInt(1),
    cborInt(2),
    cborInt(3),
    cborInt(-7),
    cborInt(-1),
    cborInt(1),
    cborInt(-2),
    cborBytes(x),
    cborInt(-3),
    cborBytes(y),
  ]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export interface CeremonyTweaks {
  /** The page origin the "browser" reports; defaults to the one given to the authenticator. */
  readonly origin?: string;
  /** Signs another challenge than the one of the options. */
  readonly challenge?: string;
  /** rp id whose hash goes into authenticatorData; defaults to the options' rp id. */
  readonly rpId?: string;
  /** Use this counter instead of the next one. */
  readonly counter?: number;
  /** Flip a bit of the signature. */
  readonly badSignature?: boolean;
  /** Leave the user-present flag out. */
  readonly noUserPresence?: boolean;
}

interface CreationOptions {
  readonly challenge: string;
  readonly rp: { readonly id?: string };
}
interface RequestOptions {
  readonly challenge: string;
  readonly rpId?: string;
  readonly allowCredentials?: readonly { readonly id: string }[];
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The last counter used; every assertion counts one higher unless told otherwise. */
  counter = 0;

  constructor(private readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The browser's answer to navigator.credentials.create() as @simplewebauthn/browser serialises it. */
  create(options: CreationOptions, tweaks: CeremonyTweaks = {}) {
    const rpId = tweaks.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey(this.keys.publicKey)]);
    const flags = (tweaks.noUserPresence ? 0 : FLAG_UP) | FLAG_UV | FLAG_AT;
    const authData = authenticatorData(rpId, flags, this.counter, attested);
    const attestationObject = Buffer.concat([
      head(5, 3),
      cborText('fmt'),
      cborText('none'),
      cborText('attStmt'),
      head(5, 0),
      cborText('authData'),
      cborBytes(authData),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', tweaks.challenge ?? options.challenge, tweaks.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    };
  }

  /** The browser's answer to navigator.credentials.get(). */
  get(options: RequestOptions, tweaks: CeremonyTweaks = {}) {
    const rpId = tweaks.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    this.counter = tweaks.counter ?? this.counter + 1;
    const authData = authenticatorData(rpId, (tweaks.noUserPresence ? 0 : FLAG_UP) | FLAG_UV, this.counter);
    const clientDataJSON = clientData('webauthn.get', tweaks.challenge ?? options.challenge, tweaks.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    if (tweaks.badSignature) signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0x01;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
    };
  }
}
