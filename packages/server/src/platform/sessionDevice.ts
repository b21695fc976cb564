// The coarse description of where a session was signed in (the lawyer's "Angemeldete Geräte"): which browser on which
// system, read from the User-Agent header, and the network shortened to an IPv4 /24 or an IPv6 /48. Only this
// description is stored with the session – never the User-Agent itself or the full address – and it goes with the
// session (docs/reliability.md, retention schedule). A small own parser on purpose: the list needs a few names, not a
// version database; what it does not know stays null ("Unbekannter Browser").
import { isIP } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

type SessionBrowser = 'Edge' | 'Opera' | 'SamsungInternet' | 'Firefox' | 'Chrome' | 'Safari';
type SessionSystem = 'Windows' | 'iPhone' | 'iPad' | 'Android' | 'ChromeOS' | 'macOS' | 'Linux';

export interface SessionDevice {
  readonly browser: SessionBrowser | null;
  readonly system: SessionSystem | null;
  /** `192.0.2.x` (the /24) or `2001:db8:85a3::/48`; null without a usable address. */
  readonly network: string | null;
}

/** Longer headers are not read (no browser sends one; a crafted one costs no regex time). */
const MAX_USER_AGENT = 512;

/**
 * First match wins, so the browsers that build on Chrome (Edge, Opera, Samsung Internet) come before it, and Chrome
 * before Safari: every Chromium browser names Safari too. The iOS builds of Chrome, Firefox and Edge are Safari's
 * engine but name themselves (CriOS, FxiOS, EdgiOS).
 */
const BROWSERS: readonly (readonly [SessionBrowser, RegExp])[] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\//],
  ['Opera', /\b(?:OPR|OPT|Opera)\//],
  ['SamsungInternet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /(?:\bChrome|\bCriOS|HeadlessChrome|\bChromium)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/** Android before Linux (Android names Linux), iPhone and iPad before macOS (they say "like Mac OS X"). */
const SYSTEMS: readonly (readonly [SessionSystem, RegExp])[] = [
  ['Windows', /\bWindows\b/],
  ['iPhone', /\b(?:iPhone|iPod)\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

/**
 * Which browser on which system a User-Agent header names. An iPad with iPadOS 13 or later asks for desktop pages and
 * says "Macintosh": it is described as macOS.
 */
export function describeUserAgent(userAgent: string | undefined): Pick<SessionDevice, 'browser' | 'system'> {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  return {
    browser: BROWSERS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null,
    system: SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null,
  };
}

/** `203.0.113.7` and `::ffff:203.0.113.7` → `203.0.113.x`; `2001:db8:85a3:7::15` → `2001:db8:85a3::/48`; anything else → null. */
export function coarseNetwork(ip: string | undefined): string | null {
  if (ip === undefined || isIP(ip) === 0) return null;
  const normal = normalizeIP(ip, 48);
  if (isIP(normal) === 4) return `${normal.slice(0, normal.lastIndexOf('.'))}.x`;
  return `${normal}/48`;
}

/** The description of the request that signs in. */
export function sessionDeviceOf(request: { readonly headers: { readonly 'user-agent'?: string | undefined }; readonly ip: string }): SessionDevice {
  return { ...describeUserAgent(request.headers['user-agent']), network: coarseNetwork(request.ip) };
}
