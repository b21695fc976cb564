// „Neuen Link erstellen“ for the case file on screen: the server replaces the client's link (the old one stops
// working, the client's sessions and a PIN lock end) and answers the new link once. The answer stays in the state until
// the lawyer has handed it over (or another file is opened), so the view can show it with its copy buttons; `settled`
// counts finished requests, so the view knows when to move the focus and reload.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { MandateApi } from '../../ports/lawyerAccount.js';
import type { CreateCaseFileResult, LawyerCaseFileDetail } from '../../wire/index.js';

export interface CaseFileLinkState {
  readonly busy: boolean;
  readonly failed: boolean;
  /** The new link and the (unchanged) PIN, until `handedOver`. */
  readonly link: CreateCaseFileResult | null;
  readonly settled: number;
}

export interface CaseFileLink {
  readonly state$: Observable<CaseFileLinkState>;
  snapshot(): CaseFileLinkState;
  renew(caseFileId: string): void;
  /** The lawyer passed the link on (or left the file): it is not shown again. */
  handedOver(): void;
  dispose(): void;
}

export const initialCaseFileLinkState: CaseFileLinkState = { busy: false, failed: false, link: null, settled: 0 };

export function createCaseFileLink(api: Pick<MandateApi, 'newLink'>): CaseFileLink {
  const state = new BehaviorSubject<CaseFileLinkState>(initialCaseFileLinkState);
  const running = new Subscription();
  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    renew: (caseFileId) => {
      if (state.value.busy) return;
      state.next({ ...state.value, busy: true, failed: false });
      running.add(
        api
          .newLink(caseFileId)
          .pipe(take(1))
          .subscribe((result) => {
            const { settled, link } = state.value;
            state.next(
              result._tag === 'Right'
                ? { busy: false, failed: false, link: result.right, settled: settled + 1 }
                : { busy: false, failed: true, link, settled: settled + 1 },
            );
          }),
      );
    },
    handedOver: () => {
      if (state.value.link !== null || state.value.failed) state.next({ ...state.value, link: null, failed: false });
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}

/**
 * The end of the client's PIN lock if it still holds at `nowMs`, else null: the file may have been read before the
 * lock ran out.
 */
export function loginLockedUntil(detail: Pick<LawyerCaseFileDetail, 'LoginLockedUntil'>, nowMs: number): string | null {
  const until = detail.LoginLockedUntil;
  return until !== null && Date.parse(until) > nowMs ? until : null;
}
