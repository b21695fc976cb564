// Changing the lawyer's password with the current one. The server ends every other session with it, so a success
// tells the caller (`onChanged`): the device list is read again and the hub connects with the new session.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import type { LawyerAccountApi } from '../../ports/lawyerAccount.js';
import type { AppError } from '../../result.js';
import { accountCaller, lockWaitOf } from './accountCall.js';

export type PasswordField = 'current' | 'new' | 'repeat';
export type PasswordProblem =
  'CurrentMissing' | 'TooShort' | 'RepeatMismatch' | 'CurrentWrong' | 'TooLong' | 'Common' | 'Personal' | 'Unchanged' | 'Locked' | 'Failed';
/** `field`: the form field the problem belongs to, null for the whole form. */
export interface PasswordError {
  readonly field: PasswordField | null;
  readonly problem: PasswordProblem;
  /** With Locked: the wait the server named (Retry-After). */
  readonly retryAfterSeconds?: number;
}

export interface PasswordChangeState {
  readonly busy: boolean;
  readonly done: boolean;
  readonly error: PasswordError | null;
  /** Counts successful changes: the form empties its fields on each. */
  readonly changed: number;
}

export interface PasswordChange {
  readonly state$: Observable<PasswordChangeState>;
  snapshot(): PasswordChangeState;
  change(values: { readonly current: string; readonly new: string; readonly repeat: string }): void;
  dispose(): void;
}

export interface PasswordChangeDeps {
  readonly api: Pick<LawyerAccountApi, 'changePassword'>;
  readonly onChanged: () => void;
  readonly onSessionExpired: () => void;
}

/** The server's codes for a refused password, and the field each belongs to. */
const SERVER_ERRORS: Readonly<Record<string, PasswordError>> = {
  CurrentPasswordWrong: { field: 'current', problem: 'CurrentWrong' },
  PasswordTooShort: { field: 'new', problem: 'TooShort' },
  PasswordTooLong: { field: 'new', problem: 'TooLong' },
  PasswordCommon: { field: 'new', problem: 'Common' },
  PasswordContainsPersonalData: { field: 'new', problem: 'Personal' },
  PasswordUnchanged: { field: 'new', problem: 'Unchanged' },
};

function serverError(error: AppError): PasswordError {
  if (error._tag === 'HttpError' && error.status === 429) {
    const seconds = lockWaitOf(error);
    return { field: null, problem: 'Locked', ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) };
  }
  if (error._tag === 'HttpError' && error.status === 400) return SERVER_ERRORS[error.code] ?? { field: null, problem: 'Failed' };
  return { field: null, problem: 'Failed' };
}

export function createPasswordChange({ api, onChanged, onSessionExpired }: PasswordChangeDeps): PasswordChange {
  const state = new BehaviorSubject<PasswordChangeState>({ busy: false, done: false, error: null, changed: 0 });
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<PasswordChangeState>) => state.next({ ...state.value, ...change });
  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    change: (values) => {
      const fail = (field: PasswordField, problem: PasswordProblem) => update({ done: false, error: { field, problem } });
      if (values.current === '') return fail('current', 'CurrentMissing');
      // Characters, not UTF-16 units, as the server counts them.
      if ([...values.new].length < 8) return fail('new', 'TooShort');
      if (values.new !== values.repeat) return fail('repeat', 'RepeatMismatch');
      update({ done: false, error: null, busy: true });
      run(
        api.changePassword(values.current, values.new),
        () => {
          update({ busy: false, done: true, changed: state.value.changed + 1 });
          onChanged();
        },
        (error) => update({ busy: false, error: serverError(error) }),
      );
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
