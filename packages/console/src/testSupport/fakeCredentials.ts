// navigator.credentials for jsdom, which has no WebAuthn: `create`/`get` answer like a browser whose authenticator
// produced the given bytes, or reject like a cancelled dialog; `unsupported` removes WebAuthn altogether.
import { vi } from 'vitest';

const buffer = (...bytes: number[]) => new Uint8Array(bytes).buffer;

/** What the browser returns from navigator.credentials.create() (the parts @simplewebauthn/browser reads). */
export const createdCredential = () => ({
  id: 'AQID',
  rawId: buffer(1, 2, 3),
  type: 'public-key',
  authenticatorAttachment: 'cross-platform',
  response: { clientDataJSON: buffer(4), attestationObject: buffer(5), getTransports: () => ['usb'] },
  getClientExtensionResults: () => ({}),
});

/** What the browser returns from navigator.credentials.get(). */
export const assertedCredential = () => ({
  id: 'AQID',
  rawId: buffer(1, 2, 3),
  type: 'public-key',
  authenticatorAttachment: 'cross-platform',
  response: { clientDataJSON: buffer(6), authenticatorData: buffer(7), signature: buffer(8), userHandle: null },
  getClientExtensionResults: () => ({}),
});

export const cancelled = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

export function installCredentials(answers: { create?: () => unknown; get?: () => unknown }) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const create = vi.fn(async () => answers.create?.());
  const get = vi.fn(async () => answers.get?.());
  Object.defineProperty(navigator, 'credentials', { value: { create, get }, configurable: true });
  return { create, get };
}

export function removeCredentials() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
}
