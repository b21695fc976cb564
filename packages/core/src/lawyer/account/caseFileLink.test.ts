import { of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, httpError, ok, type Result } from '../../result.js';
import type { CreateCaseFileResult } from '../../wire/index.js';
import { createCaseFileLink, initialCaseFileLinkState, loginLockedUntil } from './caseFileLink.js';

const link = (token: string): CreateCaseFileResult => ({
  CaseId: 'cf-1',
  CaseNumber: 'FA-2026-ABC123',
  Url: `http://web.test/digitale-fallakte/${token}`,
  Token: token,
  Pin: '6789',
});

describe('CaseFileLink', () => {
  it('should keep the new link until it is handed over, and count every answer', () => {
    const calls: string[] = [];
    const tokens = ['a', 'b'];
    const renewal = createCaseFileLink({ newLink: (id) => (calls.push(id), of(ok(link(tokens.shift() ?? 'z')))) });
    expect(renewal.snapshot()).toEqual(initialCaseFileLinkState);
    renewal.renew('cf-1');
    expect(renewal.snapshot()).toEqual({ busy: false, failed: false, link: link('a'), settled: 1 });
    renewal.renew('cf-1');
    expect(renewal.snapshot()).toEqual({ busy: false, failed: false, link: link('b'), settled: 2 });
    renewal.handedOver();
    expect(renewal.snapshot()).toEqual({ busy: false, failed: false, link: null, settled: 2 });
    expect(calls).toEqual(['cf-1', 'cf-1']);
    renewal.dispose();
  });

  it('should say when the request failed, and send no second request while one runs', () => {
    const answer = new Subject<Result<CreateCaseFileResult>>();
    let calls = 0;
    const renewal = createCaseFileLink({ newLink: () => (calls++, answer) });
    renewal.renew('cf-1');
    renewal.renew('cf-1');
    expect(renewal.snapshot()).toMatchObject({ busy: true, failed: false });
    expect(calls).toBe(1);
    answer.next(err(httpError(404, 'NotFound', 'Die Fallakte wurde nicht gefunden.')));
    expect(renewal.snapshot()).toEqual({ busy: false, failed: true, link: null, settled: 1 });
    renewal.handedOver();
    expect(renewal.snapshot().failed).toBe(false);
  });
});

describe('loginLockedUntil', () => {
  const until = '2026-12-07T10:15:00.000Z';
  it('should name the lock only while it holds', () => {
    expect(loginLockedUntil({ LoginLockedUntil: until }, Date.parse(until) - 1)).toBe(until);
    expect(loginLockedUntil({ LoginLockedUntil: until }, Date.parse(until))).toBeNull();
    expect(loginLockedUntil({ LoginLockedUntil: null }, 0)).toBeNull();
  });
});
