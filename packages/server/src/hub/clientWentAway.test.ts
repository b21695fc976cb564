import { describe, expect, it } from 'vitest';
import { clientWentAway } from './clientWentAway.js';

const socketError = (code: string | undefined, message = 'socket error') => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('clientWentAway', () => {
  it('takes a reset, a broken pipe and a time-out for a client that has gone', () => {
    expect(clientWentAway(socketError('ECONNRESET', 'read ECONNRESET'))).toBe(true);
    expect(clientWentAway(socketError('EPIPE', 'write EPIPE'))).toBe(true);
    expect(clientWentAway(socketError('ETIMEDOUT'))).toBe(true);
  });

  it('keeps every other error a fault worth a warning', () => {
    expect(clientWentAway(socketError('EMFILE'))).toBe(false);
    expect(clientWentAway(socketError(undefined, 'Invalid WebSocket frame'))).toBe(false);
  });
});
