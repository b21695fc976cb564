// The client address the hub counts its per-address limit by (it answers before Fastify, so it cannot use request.ip):
// the same reading of X-Forwarded-For as Fastify's trustProxy – from the right, only while the hop is a trusted proxy.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedAddressOf } from '../src/platform/http/forwardedAddress.js';

const request = (socket: string, forwarded?: string) =>
  ({ socket: { remoteAddress: socket }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

describe('forwardedAddressOf', () => {
  it('should take the socket address and ignore X-Forwarded-For without trusted proxies', () => {
    expect(forwardedAddressOf(false)(request('203.0.113.5', '198.51.100.1'))).toBe('203.0.113.5');
    expect(forwardedAddressOf(false)(request('::ffff:203.0.113.5'))).toBe('203.0.113.5');
  });

  it.each([
    ['loopback', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['loopback', '::1', '198.51.100.1', '198.51.100.1'],
    ['loopback', '::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['uniquelocal', '10.1.2.3', '198.51.100.1', '198.51.100.1'],
    ['10.0.0.0/8', '10.1.2.3', '198.51.100.1', '198.51.100.1'],
    ['10.0.0.7', '10.0.0.7', '198.51.100.1', '198.51.100.1'],
    // Not a trusted proxy: its header is ignored.
    ['10.0.0.7', '10.0.0.8', '198.51.100.1', '10.0.0.8'],
    ['loopback', '203.0.113.5', '198.51.100.1', '203.0.113.5'],
    // A client's own forged entry to the left of what the proxy appended is not taken.
    ['loopback', '127.0.0.1', '1.2.3.4, 198.51.100.1', '198.51.100.1'],
    // Two proxies in a row, both trusted.
    ['loopback,uniquelocal', '127.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.2', '198.51.100.1'],
    ['loopback', '127.0.0.1', '2001:db8::5', '2001:db8::5'],
    ['fd00::/8', 'fd00::1', '2001:db8::5', '2001:db8::5'],
  ])('with TRUST_PROXY=%s, socket %s and X-Forwarded-For %s it should be %s', (trust, socket, forwarded, expected) => {
    expect(forwardedAddressOf(trust)(request(socket, forwarded))).toBe(expected);
  });

  it('should keep the proxy address when it forwarded nothing', () => {
    expect(forwardedAddressOf('loopback')(request('127.0.0.1'))).toBe('127.0.0.1');
  });
});
