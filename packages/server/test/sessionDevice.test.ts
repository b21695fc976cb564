// The lawyer's device list tells sessions apart by browser, system and shortened address (platform/sessionDevice.ts):
// real User-Agent headers of the common browsers, and the addresses cut to their /24 or /48.
import { describe, expect, it } from 'vitest';
import { coarseNetwork, describeUserAgent, sessionDeviceOf } from '../src/platform/sessionDevice.js';

/** Real headers as the browsers send them (desktop Chrome, Edge, Opera and Safari 2024/25; the mobile builds; headless Chromium of the journeys). */
const USER_AGENTS = [
  ['Chrome', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  ['Edge', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'],
  ['Edge', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045'],
  ['Opera', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0'],
  ['Firefox', 'Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  ['Firefox', 'Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  ['Firefox', 'Linux', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  ['Chrome', 'Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36'],
  ['Chrome', 'ChromeOS', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  ['Safari', 'macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'],
  ['Chrome', 'macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
  ['Firefox', 'macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Safari',
    'iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome',
    'iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ],
  [
    'Firefox',
    'iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  ],
  [
    'Edge',
    'iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
  ],
  ['Safari', 'iPad', 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1'],
  ['Chrome', 'Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'],
  ['Edge', 'Android', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0'],
  [
    'SamsungInternet',
    'Android',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  ],
  ['Firefox', 'Android', 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0'],
] as const;

describe('describeUserAgent', () => {
  it.each(USER_AGENTS)('should name %s on %s', (browser, system, userAgent) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, system });
  });

  it('should describe an iPad asking for desktop pages as macOS (it sends the Mac header)', () => {
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15')).toEqual({
      browser: 'Safari',
      system: 'macOS',
    });
  });

  it.each([
    ['a command-line client', 'curl/8.5.0'],
    ["Node's fetch", 'node'],
    ['an empty header', ''],
    ['no header', undefined],
  ])('should know neither browser nor system of %s', (_what, userAgent) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser: null, system: null });
  });

  it('should name the system alone when the browser is not one it knows', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)')).toEqual({ browser: null, system: 'Windows' });
  });

  it('should read only the first 512 characters of a header', () => {
    expect(describeUserAgent(`${'x'.repeat(512)} (Windows NT 10.0) Firefox/133.0`)).toEqual({ browser: null, system: null });
  });
});

describe('coarseNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.x'],
    ['::ffff:203.0.113.7', '203.0.113.x'],
    ['127.0.0.1', '127.0.0.x'],
    ['2001:db8:85a3:7::15', '2001:db8:85a3::/48'],
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', '2001:db8:85a3::/48'],
  ])('should shorten %s to %s', (ip, network) => {
    expect(coarseNetwork(ip)).toBe(network);
  });

  it.each(['', 'unknown', '203.0.113', undefined])('should keep nothing of %j', (ip) => {
    expect(coarseNetwork(ip)).toBeNull();
  });
});

describe('sessionDeviceOf', () => {
  it('should describe a request by browser, system and network only', () => {
    const device = sessionDeviceOf({ headers: { 'user-agent': USER_AGENTS[0][2] }, ip: '198.51.100.23' });
    expect(device).toEqual({ browser: 'Chrome', system: 'Windows', network: '198.51.100.x' });
  });
});
