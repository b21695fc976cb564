import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, httpError, ok } from '../../result.js';
import type { LawyerCaseFileDetail } from '../../wire/index.js';
import { createMandate, initialMandateState } from './mandate.js';

const file = (closed: boolean) => ({ CaseId: 'cf-1', Closed: closed }) as unknown as LawyerCaseFileDetail;

describe('Mandate', () => {
  it('should end and reopen a mandate, keep each answer until forgotten and count every answer', () => {
    const calls: string[] = [];
    const mandate = createMandate({
      endMandate: (id) => (calls.push(`end ${id}`), of(ok(file(true)))),
      reopenMandate: (id) => (calls.push(`reopen ${id}`), of(ok(file(false)))),
    });
    expect(mandate.snapshot()).toEqual(initialMandateState);
    mandate.end('cf-1');
    expect(mandate.snapshot()).toEqual({ busy: false, outcome: 'ended', answered: file(true), settled: 1 });
    mandate.reopen('cf-1');
    expect(mandate.snapshot()).toMatchObject({ outcome: 'reopened', answered: file(false), settled: 2 });
    mandate.forgetAnswer();
    mandate.forgetAnswer();
    expect(mandate.snapshot().answered).toBeNull();
    expect(calls).toEqual(['end cf-1', 'reopen cf-1']);
    mandate.dispose();
  });

  it('should say when a change failed and keep the last answer', () => {
    const mandate = createMandate({ endMandate: () => of(ok(file(true))), reopenMandate: () => of(err(httpError(500, 'Error', 'x'))) });
    mandate.end('cf-1');
    mandate.reopen('cf-1');
    expect(mandate.snapshot()).toEqual({ busy: false, outcome: 'failed', answered: file(true), settled: 2 });
  });
});
