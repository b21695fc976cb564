// „Fallakte übergeben“ for the case file on screen: the lawyer picks an active colleague of the firm and may leave them
// a short note; the server moves the file. The colleagues are read when the dialog opens; the choice and the note's
// length are checked here first, so a missing choice asks no server. Every refusal is a code the view turns into German;
// `settled` counts finished requests, so the view knows when to move the focus, even when two refusals look alike.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { MandateApi } from '../../ports/lawyerAccount.js';
import type { AppError } from '../../result.js';
import { HANDOVER_NOTE_MAX, type Colleague, type HandedOverCaseFile } from '../../wire/index.js';

/**
 * Why nothing was handed over: no colleague chosen (`ChooseColleague`), the note is too long (`NoteTooLong`), the
 * colleague is no active lawyer of the firm any more (`UnknownColleague`, 400), the file is already theirs (`SameLawyer`,
 * 409), the file is no longer the lawyer's or was withdrawn (`Gone`, 404), or the request failed otherwise (`Failed`).
 */
export type HandOverRefusal = 'ChooseColleague' | 'NoteTooLong' | 'UnknownColleague' | 'SameLawyer' | 'Gone' | 'Failed';

export interface CaseFileHandOverState {
  /** The colleagues to choose from; null while they are read (or could not be, `colleaguesFailed`). */
  readonly colleagues: readonly Colleague[] | null;
  readonly colleaguesFailed: boolean;
  readonly busy: boolean;
  readonly refusal: HandOverRefusal | null;
  /** The server's answer after the hand-over. */
  readonly handedOver: HandedOverCaseFile | null;
  readonly settled: number;
}

export interface CaseFileHandOver {
  readonly state$: Observable<CaseFileHandOverState>;
  snapshot(): CaseFileHandOverState;
  /** The dialog opens: no refusal of before stands, and the colleagues are read (again: someone may have left). */
  start(): void;
  handOver(caseFileId: string, toLawyerId: string, note: string): void;
  dispose(): void;
}

export const initialCaseFileHandOverState: CaseFileHandOverState = {
  colleagues: null,
  colleaguesFailed: false,
  busy: false,
  refusal: null,
  handedOver: null,
  settled: 0,
};

const SERVER_REFUSALS: Readonly<Record<string, HandOverRefusal>> = {
  UnknownColleague: 'UnknownColleague',
  SameLawyer: 'SameLawyer',
  HandOverNoteTooLong: 'NoteTooLong',
  NotFound: 'Gone',
};

const refusalOf = (error: AppError): HandOverRefusal => (error._tag === 'HttpError' ? (SERVER_REFUSALS[error.code] ?? 'Failed') : 'Failed');

export function createCaseFileHandOver(api: Pick<MandateApi, 'colleagues' | 'handOver'>): CaseFileHandOver {
  const state = new BehaviorSubject<CaseFileHandOverState>(initialCaseFileHandOverState);
  const running = new Subscription();
  const settle = (change: Pick<CaseFileHandOverState, 'refusal' | 'handedOver'>) =>
    state.next({ ...state.value, ...change, busy: false, settled: state.value.settled + 1 });
  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    start: () => {
      if (state.value.busy) return;
      state.next({ ...state.value, colleagues: null, colleaguesFailed: false, refusal: null, handedOver: null });
      running.add(
        api
          .colleagues()
          .pipe(take(1))
          .subscribe((result) =>
            state.next(
              result._tag === 'Right'
                ? { ...state.value, colleagues: result.right, colleaguesFailed: false }
                : { ...state.value, colleagues: null, colleaguesFailed: true },
            ),
          ),
      );
    },
    handOver: (caseFileId, toLawyerId, note) => {
      if (state.value.busy) return;
      const problem: HandOverRefusal | null = toLawyerId === '' ? 'ChooseColleague' : note.trim().length > HANDOVER_NOTE_MAX ? 'NoteTooLong' : null;
      if (problem !== null) {
        settle({ refusal: problem, handedOver: null });
        return;
      }
      state.next({ ...state.value, busy: true, refusal: null });
      running.add(
        api
          .handOver(caseFileId, toLawyerId, note.trim())
          .pipe(take(1))
          .subscribe((result) =>
            settle(result._tag === 'Right' ? { refusal: null, handedOver: result.right } : { refusal: refusalOf(result.left), handedOver: null }),
          ),
      );
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
