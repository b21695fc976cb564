// Ending a mandate (the deletion deadline starts) or reopening it, for the case file on screen. The server's answer
// stands for the file until its reload arrives; `settled` counts finished requests, so the view knows when to move
// the focus and reload, even when two answers in a row look alike.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { MandateApi } from '../../ports/lawyerAccount.js';
import type { LawyerCaseFileDetail } from '../../wire/index.js';

export type MandateOutcome = 'ended' | 'reopened' | 'failed';

export interface MandateState {
  readonly busy: boolean;
  readonly outcome: MandateOutcome | null;
  /** The file as the last successful change answered it, until `forgetAnswer`. */
  readonly answered: LawyerCaseFileDetail | null;
  readonly settled: number;
}

export interface Mandate {
  readonly state$: Observable<MandateState>;
  snapshot(): MandateState;
  end(caseFileId: string): void;
  reopen(caseFileId: string): void;
  /** A new file (or its reload) is on screen: the last answer no longer stands for it. */
  forgetAnswer(): void;
  dispose(): void;
}

export const initialMandateState: MandateState = { busy: false, outcome: null, answered: null, settled: 0 };

export function createMandate(api: Pick<MandateApi, 'endMandate' | 'reopenMandate'>): Mandate {
  const state = new BehaviorSubject<MandateState>(initialMandateState);
  const running = new Subscription();
  const change = (call: MandateApi['endMandate'], caseFileId: string, done: MandateOutcome) => {
    state.next({ ...state.value, busy: true });
    running.add(
      call(caseFileId)
        .pipe(take(1))
        .subscribe((result) => {
          const { settled, answered } = state.value;
          state.next(
            result._tag === 'Right'
              ? { busy: false, outcome: done, answered: result.right, settled: settled + 1 }
              : { busy: false, outcome: 'failed', answered, settled: settled + 1 },
          );
        }),
    );
  };
  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    end: (caseFileId) => change((id) => api.endMandate(id), caseFileId, 'ended'),
    reopen: (caseFileId) => change((id) => api.reopenMandate(id), caseFileId, 'reopened'),
    forgetAnswer: () => {
      if (state.value.answered !== null) state.next({ ...state.value, answered: null });
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
