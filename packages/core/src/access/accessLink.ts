// The public page behind a single-use account link (set-up of the first administrator, an invitation, a password
// reset): the server says what the link is for, then the form sets name, password and, for a new account, the
// optional salutation and phone number. There is no session yet: every refusal is shown, a 404 (used, expired or
// unknown link) ends the form. A problem the person can fix names its field – every field found wrong before sending at
// once, not one per attempt (accessibility auditor) –; `refused` counts the refusals, so the view moves the focus to the
// first refused field even when the same fields are refused twice.
import { BehaviorSubject, Subscription, take, type Observable } from 'rxjs';
import type { AccountLinkApi } from '../ports/adminTeam.js';
import type { AppError } from '../result.js';
import type { AccountLinkInfo } from '../wire/adminTeam.js';
import type { LawyerGender } from '../wire/caseFile.js';

export type AccessField = 'Name' | 'Phone' | 'Password' | 'Repeat';

/** A field's problem: found before sending, or the server's German message for it. */
export type AccessFieldError =
  | { readonly field: 'Name' | 'Password'; readonly problem: 'Missing' }
  | { readonly field: 'Repeat'; readonly problem: 'Mismatch' }
  | { readonly field: AccessField; readonly problem: 'Refused'; readonly message: string };

export type AccessLinkState =
  | { readonly step: 'checking' }
  /** 'NoToken': the address lost its fragment; otherwise why the server refused the link. */
  | { readonly step: 'invalid'; readonly reason: 'NoToken' | AppError }
  | {
      readonly step: 'form';
      readonly info: AccountLinkInfo;
      readonly busy: boolean;
      /** Every field's problem, in the form's order (one at most per field); empty when none. */
      readonly fieldErrors: readonly AccessFieldError[];
      /** A refusal that belongs to no field. */
      readonly error: AppError | null;
      readonly refused: number;
    }
  /** `purpose`: what the link did, so the confirmation can say it (a new password is not a new account). */
  | { readonly step: 'done'; readonly email: string; readonly purpose: AccountLinkInfo['Purpose'] };

/** What the person typed; `gender` null: keep the account's salutation. Name, gender and phone count for new accounts only. */
export interface AccessForm {
  readonly name: string;
  readonly gender: LawyerGender | null;
  readonly phone: string;
  readonly password: string;
  readonly repeat: string;
}

export interface AccessLink {
  readonly state$: Observable<AccessLinkState>;
  snapshot(): AccessLinkState;
  /** Asks what the link (the token from the address's fragment, '' when missing) is for. */
  inspect(token: string): void;
  complete(form: AccessForm): void;
  dispose(): void;
}

/** Whether the link makes an account (set-up, invitation) rather than resetting a password. */
export const isNewAccount = (info: AccountLinkInfo): boolean => info.Purpose !== 'passwordReset';

/** The field a 400's code names: InvalidName, InvalidPhone, Password… */
const fieldOfCode = (code: string): AccessField | null =>
  code === 'InvalidName' ? 'Name' : code === 'InvalidPhone' ? 'Phone' : code.startsWith('Password') ? 'Password' : null;

export function createAccessLink({ api }: { readonly api: AccountLinkApi }): AccessLink {
  const state = new BehaviorSubject<AccessLinkState>({ step: 'checking' });
  const running = new Subscription();
  let inspecting = new Subscription();
  let token = '';

  const inForm = (change: Partial<Extract<AccessLinkState, { step: 'form' }>>) => {
    const now = state.value;
    if (now.step === 'form') state.next({ ...now, ...change });
  };
  const refuse = (fieldErrors: readonly AccessFieldError[]) => {
    const now = state.value;
    if (now.step === 'form') state.next({ ...now, busy: false, fieldErrors, refused: now.refused + 1 });
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    inspect: (next) => {
      inspecting.unsubscribe();
      token = next;
      if (token === '') {
        state.next({ step: 'invalid', reason: 'NoToken' });
        return;
      }
      state.next({ step: 'checking' });
      inspecting = api
        .inspect(token)
        .pipe(take(1))
        .subscribe((result) =>
          state.next(
            result._tag === 'Right'
              ? { step: 'form', info: result.right, busy: false, fieldErrors: [], error: null, refused: 0 }
              : { step: 'invalid', reason: result.left },
          ),
        );
      running.add(inspecting);
    },
    complete: (form) => {
      const now = state.value;
      if (now.step !== 'form' || now.busy) return;
      inForm({ error: null, fieldErrors: [] });
      const newAccount = isNewAccount(now.info);
      const found: AccessFieldError[] = [];
      if (newAccount && form.name.trim() === '') found.push({ field: 'Name', problem: 'Missing' });
      if (form.password === '') found.push({ field: 'Password', problem: 'Missing' });
      // A repetition of nothing is no mismatch: the password's own message says what is missing.
      else if (form.password !== form.repeat) found.push({ field: 'Repeat', problem: 'Mismatch' });
      if (found.length > 0) return refuse(found);
      inForm({ busy: true });
      running.add(
        api
          .complete({
            Token: token,
            Password: form.password,
            ...(newAccount ? { Name: form.name.trim() } : {}),
            ...(newAccount && form.gender !== null ? { Gender: form.gender } : {}),
            ...(newAccount && form.phone.trim() !== '' ? { Phone: form.phone.trim() } : {}),
          })
          .pipe(take(1))
          .subscribe((result) => {
            if (result._tag === 'Right') return state.next({ step: 'done', email: result.right.Email, purpose: now.info.Purpose });
            const failure = result.left;
            if (failure._tag === 'HttpError' && failure.status === 404) return state.next({ step: 'invalid', reason: failure });
            const field = failure._tag === 'HttpError' && failure.status === 400 ? fieldOfCode(failure.code) : null;
            if (field && failure._tag === 'HttpError') return refuse([{ field, problem: 'Refused', message: failure.message }]);
            inForm({ busy: false, error: failure });
          }),
      );
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
