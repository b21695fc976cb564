// „Fallakte zurückziehen“ for the case file on screen: a file created by mistake (wrong chat, a duplicate) is withdrawn
// with a short reason while its client has never signed in. The reason is checked here first, so an empty one asks no
// server; every refusal is a code the view turns into German. `settled` counts finished requests, so the view knows
// when to move the focus, even when two refusals in a row look alike.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { MandateApi } from '../../ports/lawyerAccount.js';
import type { AppError } from '../../result.js';
import type { WithdrawnCaseFile } from '../../wire/index.js';
import { withdrawalReasonProblem } from '../../casefile/withdrawalReason.js';

/**
 * Why nothing was withdrawn: the reason is missing or too long, the client has used the file already (`InUse`, 409
 * `CaseFileInUse`), it was withdrawn meanwhile (`AlreadyWithdrawn`), or the request failed otherwise (`Failed`).
 */
export type WithdrawalRefusal = 'ReasonRequired' | 'ReasonTooLong' | 'InUse' | 'AlreadyWithdrawn' | 'Failed';

export interface CaseFileWithdrawalState {
  readonly busy: boolean;
  readonly refusal: WithdrawalRefusal | null;
  /** The server's answer after a withdrawal. */
  readonly withdrawn: WithdrawnCaseFile | null;
  readonly settled: number;
}

export interface CaseFileWithdrawal {
  readonly state$: Observable<CaseFileWithdrawalState>;
  snapshot(): CaseFileWithdrawalState;
  withdraw(caseFileId: string, reason: string): void;
  /** The dialog opens afresh (or another file is on screen): no refusal of before stands. */
  reset(): void;
  dispose(): void;
}

export const initialCaseFileWithdrawalState: CaseFileWithdrawalState = { busy: false, refusal: null, withdrawn: null, settled: 0 };

const SERVER_REFUSALS: Readonly<Record<string, WithdrawalRefusal>> = {
  CaseFileInUse: 'InUse',
  AlreadyWithdrawn: 'AlreadyWithdrawn',
  WithdrawalReasonRequired: 'ReasonRequired',
  WithdrawalReasonTooLong: 'ReasonTooLong',
};

const refusalOf = (error: AppError): WithdrawalRefusal => (error._tag === 'HttpError' ? (SERVER_REFUSALS[error.code] ?? 'Failed') : 'Failed');

export function createCaseFileWithdrawal(api: Pick<MandateApi, 'withdraw'>): CaseFileWithdrawal {
  const state = new BehaviorSubject<CaseFileWithdrawalState>(initialCaseFileWithdrawalState);
  const running = new Subscription();
  const settle = (change: Pick<CaseFileWithdrawalState, 'refusal' | 'withdrawn'>) => state.next({ ...change, busy: false, settled: state.value.settled + 1 });
  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    withdraw: (caseFileId, reason) => {
      if (state.value.busy) return;
      const problem = withdrawalReasonProblem(reason);
      if (problem !== null) {
        settle({ refusal: problem, withdrawn: null });
        return;
      }
      state.next({ ...state.value, busy: true, refusal: null });
      running.add(
        api
          .withdraw(caseFileId, reason.trim())
          .pipe(take(1))
          .subscribe((result) =>
            settle(result._tag === 'Right' ? { refusal: null, withdrawn: result.right } : { refusal: refusalOf(result.left), withdrawn: null }),
          ),
      );
    },
    reset: () => {
      if (!state.value.busy && (state.value.refusal !== null || state.value.withdrawn !== null)) state.next({ ...state.value, refusal: null, withdrawn: null });
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
