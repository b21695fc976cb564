// The browser's passkey dialogs (navigator.credentials.create/get) through @simplewebauthn/browser, which turns the
// server's JSON options into the binary form and the answer back into JSON. The library is imported only when a
// lawyer actually uses a passkey, so it does not weigh on the console's first paint.
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import type { WebAuthnOptions } from '../api/lawyerApi.js';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';

type PasskeyCeremony = { readonly ok: true; readonly response: unknown } | { readonly ok: false; readonly error: ConsoleTextKey };

/** The German message for a failed dialog: cancelled or timed out, key already registered, or anything else. */
function failureOf(error: unknown): ConsoleTextKey {
  const name = error instanceof Error ? error.name : '';
  // NotAllowedError: the lawyer closed the dialog, the time ran out, or no registered key was presented.
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Passkey.Cancelled';
  if (name === 'InvalidStateError') return 'Passkey.AlreadyRegistered';
  if (name === 'SecurityError') return 'Passkey.Insecure';
  return 'Passkey.Failed';
}

// A type-only import: erased from the build, so the library stays in its own lazily loaded chunk.
type Browser = typeof WebAuthnBrowser;

async function ceremony(run: (browser: Browser) => Promise<unknown>): Promise<PasskeyCeremony> {
  let browser: Browser;
  try {
    browser = await import('@simplewebauthn/browser');
  } catch {
    return { ok: false, error: 'Error.Network' };
  }
  if (!browser.browserSupportsWebAuthn()) return { ok: false, error: 'Passkey.Unsupported' };
  try {
    return { ok: true, response: await run(browser) };
  } catch (error) {
    return { ok: false, error: failureOf(error) };
  }
}

/** Opens the browser's dialog to create a passkey for the server's creation options. */
export const createPasskey = (options: WebAuthnOptions) =>
  ceremony((browser) => browser.startRegistration({ optionsJSON: options as unknown as Parameters<Browser['startRegistration']>[0]['optionsJSON'] }));

/** Opens the browser's dialog to sign the server's login challenge with one of the allowed keys. */
export const signInWithPasskey = (options: WebAuthnOptions) =>
  ceremony((browser) => browser.startAuthentication({ optionsJSON: options as unknown as Parameters<Browser['startAuthentication']>[0]['optionsJSON'] }));
