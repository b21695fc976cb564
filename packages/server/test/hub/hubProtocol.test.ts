import { describe, expect, it } from 'vitest';
import { RecordReader, closeRecord, completionResult, invocationRecord, parseClientMessage, parseHandshake } from '../../src/hub/hubProtocol.js';
import { RateLimiter } from '../../src/hub/rateLimiter.js';
import { defineMethod } from '../../src/hub/index.js';
import { declaredArity } from '../../src/hub/defineMethod.js';

const RS = '\u001e';

describe('RecordReader', () => {
  it('should return complete records and keep the unterminated tail for the next chunk', () => {
    const reader = new RecordReader(100);
    expect(reader.push(`a${RS}b${RS}c`)).toEqual(['a', 'b']);
    expect(reader.push(`d${RS}`)).toEqual(['cd']);
    expect(reader.push('')).toEqual([]);
  });

  it('should report overflow for a record or tail above the byte limit (counting UTF-8 bytes)', () => {
    expect(new RecordReader(4).push(`12345${RS}`)).toBe('overflow');
    expect(new RecordReader(4).push('ääa')).toBe('overflow');
    expect(new RecordReader(4).push(`ää${RS}`)).toEqual(['ää']);
  });
});

describe('hub message parsing and serialisation', () => {
  it('should classify client messages', () => {
    expect(parseClientMessage('{"type":1,"target":"A","arguments":[1]}')).toEqual({ type: 'invocation', invocationId: undefined, target: 'A', args: [1] });
    expect(parseClientMessage('{"type":1,"invocationId":"7","target":"A","arguments":"x"}')).toEqual({ type: 'invalid', invocationId: '7' });
    expect(parseClientMessage('{"type":1,"invocationId":"","target":"A","arguments":[]}')).toBeNull();
    expect(parseClientMessage('{"type":4,"invocationId":"9","target":"A","arguments":[]}')).toEqual({ type: 'streamInvocation', invocationId: '9' });
    expect(parseClientMessage('{"type":6}')).toEqual({ type: 'ping' });
    expect(parseClientMessage('{"type":7}')).toEqual({ type: 'close' });
    expect(parseClientMessage('{"type":99}')).toEqual({ type: 'ignored' });
    for (const junk of ['', 'null', '[]', '"x"', '{"type":"1"}', '{']) expect(parseClientMessage(junk)).toBeNull();
  });

  it('should parse the handshake', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ protocol: 'json', version: 1 });
    expect(parseHandshake('{"protocol":"json"}')).toBeNull();
  });

  it('should omit an undefined result, keep falsy results and never add an invocationId to server calls', () => {
    expect(completionResult('1', undefined)).toBe(`{"type":3,"invocationId":"1"}${RS}`);
    expect(completionResult('1', 0)).toBe(`{"type":3,"invocationId":"1","result":0}${RS}`);
    expect(completionResult('1', null)).toBe(`{"type":3,"invocationId":"1","result":null}${RS}`);
    expect(invocationRecord('Msg', ['a'])).toBe(`{"type":1,"target":"Msg","arguments":["a"]}${RS}`);
    expect(closeRecord(undefined, true)).toBe(`{"type":7,"allowReconnect":true}${RS}`);
  });
});

describe('RateLimiter', () => {
  it('should allow a burst of perSecond, refill over time and flag sustained flooding as abuse', () => {
    const limiter = new RateLimiter(2, 0);
    expect([limiter.take(0), limiter.take(0), limiter.take(0)]).toEqual(['allow', 'allow', 'reject']);
    expect(limiter.take(500)).toBe('allow');
    expect([limiter.take(500), limiter.take(500), limiter.take(500)]).toEqual(['reject', 'reject', 'abuse']);
    expect(limiter.take(2000)).toBe('allow');
  });
});

describe('defineMethod', () => {
  it('should record the arity and refuse invalid ones', () => {
    expect(declaredArity(defineMethod(2, () => 1))).toBe(2);
    expect(declaredArity(() => 1)).toBeUndefined();
    expect(() => defineMethod(-1, () => 1)).toThrow(RangeError);
  });
});
