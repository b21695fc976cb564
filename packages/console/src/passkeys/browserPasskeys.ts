// The browser's passkey dialogs (navigator.credentials.create/get) through @simplewebauthn/browser, which turns the
// server's JSON options into the binary form and the answer back into JSON. The library is imported only when a
// lawyer actually uses a passkey, so it does not weigh on the console's first paint. Implements core's PasskeyDialogs.
import { defer, type Observable } from 'rxjs';
import type { PasskeyCeremony, PasskeyDialogs, PasskeyFailure, WebAuthnOptions } from '@rechtschat/core';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';
import type { ConsoleTextKey } from '../i18n/texts.de.js';

/** Why a dialog failed: cancelled or timed out, key already registered, or anything else. */
function failureOf(error: unknown): PasskeyFailure {
  const name = error instanceof Error ? error.name : '';
  // NotAllowedError: the lawyer closed the dialog, the time ran out, or no registered key was presented.
  if (name === 'NotAllowedError' || name === 'AbortError') return 'Cancelled';
  if (name === 'InvalidStateError') return 'AlreadyRegistered';
  if (name === 'SecurityError') return 'Insecure';
  return 'Failed';
}

/** The German message for a failed dialog; the library that could not be loaded is a network problem. */
export const passkeyFailureKey = (failure: PasskeyFailure): ConsoleTextKey => (failure === 'Unavailable' ? 'Error.Network' : `Passkey.${failure}`);

// A type-only import: erased from the build, so the library stays in its own lazily loaded chunk.
type Browser = typeof WebAuthnBrowser;

async function ceremony(run: (browser: Browser) => Promise<unknown>): Promise<PasskeyCeremony> {
  let browser: Browser;
  try {
    browser = await import('@simplewebauthn/browser');
  } catch {
    return { ok: false, failure: 'Unavailable' };
  }
  if (!browser.browserSupportsWebAuthn()) return { ok: false, failure: 'Unsupported' };
  try {
    return { ok: true, response: await run(browser) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

const dialog = (run: (browser: Browser) => Promise<unknown>): Observable<PasskeyCeremony> => defer(() => ceremony(run));

export const browserPasskeyDialogs: PasskeyDialogs = {
  create: (options: WebAuthnOptions) =>
    dialog((browser) => browser.startRegistration({ optionsJSON: options as unknown as Parameters<Browser['startRegistration']>[0]['optionsJSON'] })),
  authenticate: (options: WebAuthnOptions) =>
    dialog((browser) => browser.startAuthentication({ optionsJSON: options as unknown as Parameters<Browser['startAuthentication']>[0]['optionsJSON'] })),
};
