// The second factor in the profile: its status, switching it on (password, then the secret to scan, then the first
// code), switching it off (only under LAWYER_MFA=optional) and new recovery codes after a step-up with a current
// code or the password. New recovery codes are in the state until the lawyer has saved them.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import type { Call } from '../../ports/call.js';
import type { LawyerAccountApi } from '../../ports/lawyerAccount.js';
import type { AppError } from '../../result.js';
import type { RecoveryCodes, TotpSetup, TotpStatus } from '../../wire/index.js';
import { accountCaller, lockWaitOf } from './accountCall.js';

export type FactorStep =
  | { readonly step: 'idle' }
  /** Before the app is set up: the password first. */
  | { readonly step: 'unlock' }
  | { readonly step: 'setup'; readonly setup: TotpSetup }
  | { readonly step: 'disable' }
  /** New recovery codes: a current TOTP code or the password first. */
  | { readonly step: 'renew' };

export type FactorProblem = 'PasswordMissing' | 'PasswordWrong' | 'CodeMissing' | 'StepUpMissing' | 'WrongCode' | 'Locked' | 'Failed';
export type FactorNotice = 'Enabled' | 'Disabled' | 'Renewed';

export interface SecondFactorState {
  /** null until the status arrived. */
  readonly status: TotpStatus | null;
  readonly step: FactorStep;
  readonly problem: FactorProblem | null;
  /** With problem Locked: the wait the server named (Retry-After), else null. */
  readonly retryAfterSeconds: number | null;
  readonly notice: FactorNotice | null;
  /** Codes to show once (after switching the factor on, or renewing them). */
  readonly codes: readonly string[] | null;
}

export interface SecondFactor {
  readonly state$: Observable<SecondFactorState>;
  snapshot(): SecondFactorState;
  load(): void;
  /** Opens a form: unlock (before setting up), disable or renew. */
  open(step: 'unlock' | 'disable' | 'renew'): void;
  /** Sends the open form with what the lawyer entered. */
  submit(entered: { readonly code: string; readonly password: string }): void;
  cancel(): void;
  /** The shown recovery codes were saved. */
  dismissCodes(): void;
  dispose(): void;
}

export interface SecondFactorDeps {
  readonly api: Pick<LawyerAccountApi, 'totpStatus' | 'totpSetup' | 'totpConfirm' | 'totpDisable' | 'renewRecoveryCodes'>;
  readonly onSessionExpired: () => void;
}

function problemOf(error: AppError): FactorProblem {
  if (error._tag === 'HttpError' && error.status === 400 && error.code === 'CurrentPasswordWrong') return 'PasswordWrong';
  if (error._tag === 'HttpError' && error.status === 400) return 'WrongCode';
  if (error._tag === 'HttpError' && error.status === 429) return 'Locked';
  return 'Failed';
}

const NOTICE: Record<'setup' | 'disable' | 'renew', FactorNotice> = { setup: 'Enabled', disable: 'Disabled', renew: 'Renewed' };

export function createSecondFactor({ api, onSessionExpired }: SecondFactorDeps): SecondFactor {
  const state = new BehaviorSubject<SecondFactorState>({
    status: null,
    step: { step: 'idle' },
    problem: null,
    retryAfterSeconds: null,
    notice: null,
    codes: null,
  });
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<SecondFactorState>) => state.next({ ...state.value, ...change });
  const fail = (error: AppError) => update({ problem: problemOf(error), retryAfterSeconds: lockWaitOf(error) ?? null });
  const load = () =>
    run(
      api.totpStatus(),
      (status) => update({ status }),
      () => undefined,
    );
  const open = (step: FactorStep) => update({ step, problem: null, notice: null });

  /** The request of the open step, or what is missing. */
  const request = (step: 'setup' | 'disable' | 'renew', code: string, password: string): Call<RecoveryCodes | void> | FactorProblem => {
    const validCode = /^\d{6}$/.test(code);
    if (step === 'renew') {
      if (validCode) return api.renewRecoveryCodes({ Code: code });
      if (code === '' && password !== '') return api.renewRecoveryCodes({ CurrentPassword: password });
      return 'StepUpMissing';
    }
    if (!validCode) return 'CodeMissing';
    return step === 'setup' ? api.totpConfirm(code) : api.totpDisable(code);
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load,
    open: (step) => open({ step }),
    submit: ({ code, password }) => {
      const { step } = state.value.step;
      if (step === 'idle') return;
      if (step === 'unlock') {
        if (password === '') return update({ problem: 'PasswordMissing' });
        return run(api.totpSetup({ CurrentPassword: password }), (setup) => open({ step: 'setup', setup }), fail);
      }
      const pending = request(step, code, password);
      if (typeof pending === 'string') return update({ problem: pending });
      run(
        pending,
        (answer) => {
          update({ ...(answer ? { codes: answer.RecoveryCodes } : {}), notice: NOTICE[step], step: { step: 'idle' }, problem: null });
          load();
        },
        fail,
      );
    },
    cancel: () => update({ step: { step: 'idle' }, problem: null }),
    dismissCodes: () => update({ codes: null }),
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
