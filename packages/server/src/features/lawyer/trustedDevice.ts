// The trusted-device cookie of the lawyer login ("device cookie", OWASP's answer to account lockout as a weapon):
// a browser in which a lawyer signed in successfully gets a signed cookie naming that account (the digest of its
// e-mail address) and a random device id. A login attempt for that account that carries the cookie is counted by a
// throttle of that device alone instead of the account's, so someone who fails on purpose from elsewhere locks out
// only the untrusted browsers, not the lawyer at their usual desk – and a stolen cookie still grants nothing without
// the password and second factor, and guesses through it are throttled on their own counter.
// The token is an HMAC under a key derived from SESSION_SECRET with its own purpose label (no other token of the server
// verifies as one) and expires after 180 days; every successful login issues a fresh one.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieNaming } from '../../platform/http/cookies.js';
import { readSignedToken, signToken } from '../../platform/signedToken.js';

export const TRUSTED_DEVICE_TTL_MS = 180 * 24 * 3_600_000;

const purpose = 'rechtschat-lawyer-trusted-device';

export function trustedDeviceCookieName(naming: CookieNaming): string {
  return naming.secure ? '__Host-rc_lawyer_device' : 'rc_lawyer_device';
}

export interface TrustedDevice {
  /** The account the device signed in to: `accountKey` of its e-mail address (lawyerLogin.ts). */
  readonly accountKey: string;
  /** Random, per issued cookie. */
  readonly deviceId: string;
}

export function issueTrustedDeviceToken(sessionSecret: string, accountKey: string, now: Date): string {
  return signToken(sessionSecret, purpose, { a: accountKey, d: randomBytes(16).toString('base64url'), e: now.getTime() + TRUSTED_DEVICE_TTL_MS });
}

/** The claims of a genuine, unexpired token; null for anything else (absent, forged, altered, expired). */
export function readTrustedDeviceToken(sessionSecret: string, token: string | undefined, now: Date): TrustedDevice | null {
  const body = readSignedToken(sessionSecret, purpose, token, 512);
  if (body === null || typeof body.a !== 'string' || typeof body.d !== 'string' || typeof body.e !== 'number') return null;
  return body.e > now.getTime() ? { accountKey: body.a, deviceId: body.d } : null;
}

/** The throttle row of one trusted device of one account (same shape as an account key, never equal to one). */
export const deviceThrottleKey = (device: TrustedDevice): string =>
  createHash('sha256').update(`device\0${device.accountKey}\0${device.deviceId}`).digest('hex');

export function readTrustedDevice(request: FastifyRequest, naming: CookieNaming, sessionSecret: string, now: Date): TrustedDevice | null {
  return readTrustedDeviceToken(sessionSecret, request.cookies[trustedDeviceCookieName(naming)], now);
}

/** HttpOnly, SameSite=Strict (never sent from another site's page), Secure with `__Host-` outside plain-http localhost. */
export function setTrustedDeviceCookie(reply: FastifyReply, naming: CookieNaming, token: string): void {
  reply.setCookie(trustedDeviceCookieName(naming), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: naming.secure,
    path: '/',
    maxAge: Math.floor(TRUSTED_DEVICE_TTL_MS / 1000),
  });
}
