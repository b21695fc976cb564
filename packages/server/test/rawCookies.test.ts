// The hub sees plain Node requests; their Cookie header is parsed by @fastify/cookie's parser, not by hand.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readRawSessionCookie } from '../src/platform/http/cookies.js';

const request = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;
const plain = { secure: false };

describe('readRawSessionCookie', () => {
  it('should find the session cookie of its kind among others', () => {
    const req = request('theme=dark; rc_lawyer_session=L1; rc_chat_session=C%2D1');
    expect(readRawSessionCookie(req, 'chat', plain)).toBe('C-1');
    expect(readRawSessionCookie(req, 'lawyer', plain)).toBe('L1');
  });

  it('should use the __Host- name on secure hosts', () => {
    expect(readRawSessionCookie(request('__Host-rc_chat_session=S; rc_chat_session=plain'), 'chat', { secure: true })).toBe('S');
  });

  it('should treat a missing header or cookie as absent', () => {
    expect(readRawSessionCookie(request(), 'chat', plain)).toBeUndefined();
    expect(readRawSessionCookie(request('other=1'), 'chat', plain)).toBeUndefined();
  });
});
