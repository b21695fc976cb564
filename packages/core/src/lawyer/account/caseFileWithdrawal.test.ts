import { of, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, httpError, networkError, ok, type AppError, type Result } from '../../result.js';
import { WITHDRAWAL_REASON_MAX, type WithdrawnCaseFile } from '../../wire/index.js';
import { createCaseFileWithdrawal, initialCaseFileWithdrawalState } from './caseFileWithdrawal.js';
import { withdrawalReasonProblem } from '../../casefile/withdrawalReason.js';

const withdrawn: WithdrawnCaseFile = { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC123', WithdrawnAt: '2026-12-07T10:15:00.000Z' };

describe('withdrawalReasonProblem', () => {
  it('should require a reason and cap its length, counting without the spaces around it', () => {
    expect(withdrawalReasonProblem('   ')).toBe('ReasonRequired');
    expect(withdrawalReasonProblem(' Falscher Chat ')).toBeNull();
    expect(withdrawalReasonProblem(` ${'x'.repeat(WITHDRAWAL_REASON_MAX)} `)).toBeNull();
    expect(withdrawalReasonProblem('x'.repeat(WITHDRAWAL_REASON_MAX + 1))).toBe('ReasonTooLong');
  });
});

describe('CaseFileWithdrawal', () => {
  it('should send the trimmed reason and keep the answer', () => {
    const calls: [string, string][] = [];
    const withdrawal = createCaseFileWithdrawal({ withdraw: (id, reason) => (calls.push([id, reason]), of(ok(withdrawn))) });
    expect(withdrawal.snapshot()).toEqual(initialCaseFileWithdrawalState);
    withdrawal.withdraw('cf-1', '  Doppelt angelegt ');
    expect(calls).toEqual([['cf-1', 'Doppelt angelegt']]);
    expect(withdrawal.snapshot()).toEqual({ busy: false, refusal: null, withdrawn, settled: 1 });
    withdrawal.dispose();
  });

  it('should refuse an empty reason without asking the server', () => {
    let calls = 0;
    const withdrawal = createCaseFileWithdrawal({ withdraw: () => (calls++, of(ok(withdrawn))) });
    withdrawal.withdraw('cf-1', ' ');
    withdrawal.withdraw('cf-1', '');
    expect(calls).toBe(0);
    expect(withdrawal.snapshot()).toEqual({ busy: false, refusal: 'ReasonRequired', withdrawn: null, settled: 2 });
    withdrawal.reset();
    expect(withdrawal.snapshot().refusal).toBeNull();
  });

  it('should turn the server’s refusals into their codes, and send no second request while one runs', () => {
    const answers = new Subject<Result<WithdrawnCaseFile>>();
    let calls = 0;
    const withdrawal = createCaseFileWithdrawal({ withdraw: () => (calls++, answers) });
    const refusalFor = (error: AppError) => {
      withdrawal.withdraw('cf-1', 'Falscher Chat');
      withdrawal.withdraw('cf-1', 'Falscher Chat');
      expect(withdrawal.snapshot().busy).toBe(true);
      answers.next(err<AppError, WithdrawnCaseFile>(error));
      return withdrawal.snapshot().refusal;
    };
    expect(refusalFor(httpError(409, 'CaseFileInUse', 'Die Mandantin hat sich bereits angemeldet.'))).toBe('InUse');
    expect(refusalFor(httpError(409, 'AlreadyWithdrawn', 'Bereits zurückgezogen.'))).toBe('AlreadyWithdrawn');
    expect(refusalFor(httpError(400, 'WithdrawalReasonTooLong', 'Zu lang.'))).toBe('ReasonTooLong');
    expect(refusalFor(httpError(404, 'NotFound', 'Die Fallakte wurde nicht gefunden.'))).toBe('Failed');
    expect(refusalFor(networkError('offline'))).toBe('Failed');
    expect(calls).toBe(5);
    expect(withdrawal.snapshot()).toMatchObject({ busy: false, withdrawn: null, settled: 5 });
  });
});
