// The lawyer's passkeys and security keys in the profile: the list, adding one (password, then the browser's dialog,
// then the server checks its answer) and removing one after the password. `passwordSpent` and `focusAdd` count events
// the view acts on: a spent password is emptied in the form, the focus returns to the add button.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { LawyerAccountApi, PasskeyDialogs, PasskeyFailure } from '../../ports/lawyerAccount.js';
import type { AppError } from '../../result.js';
import type { Passkey } from '../../wire/index.js';
import { accountCaller, lockWaitOf } from './accountCall.js';

export type PasskeyProblem = 'PasswordMissing' | 'PasswordWrong' | 'Locked' | 'Failed' | 'Rejected' | PasskeyFailure;
export type PasskeyMessage =
  | { readonly kind: 'registered' | 'removed'; readonly name: string }
  | { readonly kind: 'failed' }
  /** The key is the last second factor while one is required. */
  | { readonly kind: 'lastFactor' };

export interface PasskeyKeysState {
  readonly passkeys: readonly Passkey[] | null;
  readonly adding: boolean;
  readonly busy: boolean;
  readonly formProblem: PasskeyProblem | null;
  readonly message: PasskeyMessage | null;
  /** The key whose removal waits for the password. */
  readonly removing: Passkey | null;
  readonly removeProblem: PasskeyProblem | null;
  /** With a Locked problem: the wait the server named (Retry-After), else null. */
  readonly retryAfterSeconds: number | null;
  readonly passwordSpent: number;
  readonly focusAdd: number;
}

export interface PasskeyKeys {
  readonly state$: Observable<PasskeyKeysState>;
  snapshot(): PasskeyKeysState;
  load(): void;
  openForm(): void;
  closeForm(): void;
  /** `name` empty: `defaultName`. */
  add(entered: { readonly name: string; readonly password: string; readonly defaultName: string }): void;
  askRemoval(passkey: Passkey): void;
  cancelRemoval(): void;
  remove(password: string): void;
  dispose(): void;
}

export interface PasskeyKeysDeps {
  readonly api: Pick<LawyerAccountApi, 'passkeys' | 'passkeyRegistrationOptions' | 'registerPasskey' | 'removePasskey'>;
  readonly dialogs: Pick<PasskeyDialogs, 'create'>;
  readonly onSessionExpired: () => void;
}

function stepUpProblem(error: AppError): PasskeyProblem {
  if (error._tag === 'HttpError' && error.code === 'CurrentPasswordWrong') return 'PasswordWrong';
  if (error._tag === 'HttpError' && error.status === 429) return 'Locked';
  return 'Failed';
}

const isStepUpRefusal = (error: AppError) => error._tag === 'HttpError' && (error.code === 'CurrentPasswordWrong' || error.status === 429);

export function createPasskeyKeys({ api, dialogs, onSessionExpired }: PasskeyKeysDeps): PasskeyKeys {
  const state = new BehaviorSubject<PasskeyKeysState>({
    passkeys: null,
    adding: false,
    busy: false,
    formProblem: null,
    message: null,
    removing: null,
    removeProblem: null,
    retryAfterSeconds: null,
    passwordSpent: 0,
    focusAdd: 0,
  });
  const running = new Subscription();
  const update = (change: Partial<PasskeyKeysState>) => state.next({ ...state.value, ...change });
  // A 401 ends the session; whatever was waiting stops waiting.
  const run = accountCaller(running, () => {
    update({ busy: false });
    onSessionExpired();
  });
  const load = () =>
    run(
      api.passkeys(),
      (passkeys) => update({ passkeys }),
      () => update({ message: { kind: 'failed' } }),
    );
  const formFails = (formProblem: PasskeyProblem) => update({ busy: false, formProblem });

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load,
    openForm: () => update({ adding: true, formProblem: null, message: null }),
    closeForm: () => update({ adding: false, formProblem: null, focusAdd: state.value.focusAdd + 1 }),
    add: ({ name, password, defaultName }) => {
      if (password === '') return update({ formProblem: 'PasswordMissing' });
      update({ formProblem: null, busy: true });
      run(
        api.passkeyRegistrationOptions({ CurrentPassword: password }),
        (options) => {
          // The password is spent on these options: a cancelled dialog needs it again, as a new challenge does.
          update({ passwordSpent: state.value.passwordSpent + 1 });
          running.add(
            dialogs
              .create(options)
              .pipe(take(1))
              .subscribe((created) => {
                if (!created.ok) return formFails(created.failure);
                const label = name.trim() === '' ? defaultName : name.trim();
                run(
                  api.registerPasskey(created.response, label),
                  (registered) => {
                    const { focusAdd } = state.value;
                    update({ busy: false, adding: false, formProblem: null, message: { kind: 'registered', name: registered.Name }, focusAdd: focusAdd + 1 });
                    load();
                  },
                  () => formFails('Rejected'),
                );
              }),
          );
        },
        (error) => {
          update({ retryAfterSeconds: lockWaitOf(error) ?? null });
          formFails(stepUpProblem(error));
        },
      );
    },
    askRemoval: (passkey) => update({ removing: passkey, removeProblem: null }),
    cancelRemoval: () => update({ removing: null, removeProblem: null }),
    /** Removing needs the password, like adding: a wrong one keeps the dialog open with the message beside the field. */
    remove: (password) => {
      const passkey = state.value.removing;
      if (passkey === null) return;
      if (password === '') return update({ removeProblem: 'PasswordMissing' });
      const spent = () => state.value.passwordSpent + 1;
      run(
        api.removePasskey(passkey.Id, { CurrentPassword: password }),
        () => {
          update({ removing: null, passwordSpent: spent(), message: { kind: 'removed', name: passkey.Name }, focusAdd: state.value.focusAdd + 1 });
          load();
        },
        (error) => {
          if (isStepUpRefusal(error))
            return update({ passwordSpent: spent(), removeProblem: stepUpProblem(error), retryAfterSeconds: lockWaitOf(error) ?? null });
          const kind = error._tag === 'HttpError' && error.status === 409 ? 'lastFactor' : 'failed';
          update({ removing: null, passwordSpent: spent(), message: { kind }, focusAdd: state.value.focusAdd + 1 });
        },
      );
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
