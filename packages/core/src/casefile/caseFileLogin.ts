// PIN login screen use case. The view renders the
// observables and calls open()/submit(); navigation happens through the port.
import { BehaviorSubject, Subscription, asyncScheduler, finalize, forkJoin, map, take, timer, type Observable, type SchedulerLike } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { decode } from '../wire/decode.js';
import { LoginRefusal } from '../wire/caseFile.js';
import type { AppError } from '../result.js';
import type { CaseFileAuthApi } from '../ports/caseFileApi.js';
import type { KeyValueStorage, Logger, Navigator } from '../ports/platform.js';
import { INVALID_LINK_LANDING, takeRedirectTarget, WITHDRAWN_LANDING } from './caseFileRoutes.js';
import { isSessionEnded } from './caseFileSession.js';
import { validatePinForm, type PinForm } from './pinForm.js';

/** Ports of the login screen. */
export interface CaseFileLoginDeps {
  readonly api: CaseFileAuthApi;
  readonly storage: KeyValueStorage;
  readonly navigator: Navigator;
  readonly logger: Logger;
  /** Drives the lock countdown; tests pass a virtual one. Default: real time. */
  readonly scheduler?: SchedulerLike;
}

/** 429 means the token is locked after too many wrong PINs; any other failure shows the PIN error. */
/** `Error.AddressLimited`: the per-address limit, which counts everyone behind the client's address (not a wrong PIN). */
export type LoginErrorKey = 'Error.NotAuthenticated' | 'Error.Locked' | 'Error.AddressLimited';

/** ok: the form was sent (or a login is already running); otherwise every failed rule as its i18n key. */
export type PinSubmitResult = { readonly ok: true } | { readonly ok: false; readonly errors: readonly string[] };

/**
 * One login screen for one token. State streams always have a current value; the
 * screen calls dispose() when it unmounts and may call open() again after it.
 */
export class CaseFileLogin {
  private readonly loadingSubject = new BehaviorSubject(false);
  private readonly pinInvalidSubject = new BehaviorSubject(false);
  private readonly consentHiddenSubject = new BehaviorSubject(false);
  private readonly phoneNumberPartSubject = new BehaviorSubject<string | null>(null);
  private readonly errorKeySubject = new BehaviorSubject<LoginErrorKey | null>(null);
  private readonly openedSubject = new BehaviorSubject(false);
  private readonly openFailedSubject = new BehaviorSubject(false);
  private readonly attemptsLeftSubject = new BehaviorSubject<number | null>(null);
  private readonly lockSecondsLeftSubject = new BehaviorSubject<number | null>(null);
  private countdown = new Subscription();
  // Replaced on dispose(): a closed Subscription would cancel anything added later at once, and React's
  // StrictMode (dev builds) runs open() → dispose() → open() on the same instance.
  private subscriptions = new Subscription();

  /** A spinner shows while true; the Login button is disabled. */
  readonly loading$: Observable<boolean> = this.loadingSubject.asObservable();
  /** The server rejected the PIN (or the token is locked). */
  readonly pinInvalid$: Observable<boolean> = this.pinInvalidSubject.asObservable();
  /** Consent was given earlier: both boxes count as ticked and are not shown. */
  readonly consentHidden$: Observable<boolean> = this.consentHiddenSubject.asObservable();
  /** Visible prefix of the phone number in front of the PIN field. */
  readonly phoneNumberPart$: Observable<string | null> = this.phoneNumberPartSubject.asObservable();
  readonly errorKey$: Observable<LoginErrorKey | null> = this.errorKeySubject.asObservable();
  /**
   * Wrong PINs left before the lock, as the server tells it from the second consecutive failure: 0 after a
   * lock has run out, when the next wrong PIN locks again at once. null: nothing to say.
   */
  readonly attemptsLeft$: Observable<number | null> = this.attemptsLeftSubject.asObservable();
  /**
   * While locked: the seconds until the next attempt may be sent, counting down once a second; the Anmelden button
   * is disabled and shows them, and submit() sends nothing. null when not locked (also once the countdown has run
   * out); a 429 without a known wait (no LockedForSeconds, no Retry-After) starts no countdown.
   */
  readonly lockSecondsLeft$: Observable<number | null> = this.lockSecondsLeftSubject.asObservable();
  /**
   * The opening reads are in and the form may show: before, whether the consent boxes belong on it is unknown
   * (showing them and then taking them away would move the form under the person's finger).
   */
  readonly opened$: Observable<boolean> = this.openedSubject.asObservable();
  /**
   * The opening reads failed without an answer about the link or the session (no connection, 5xx): the screen
   * says so and offers open() again, on the same URL.
   */
  readonly openFailed$: Observable<boolean> = this.openFailedSubject.asObservable();

  constructor(
    private readonly deps: CaseFileLoginDeps,
    private readonly token: string,
    /** The URL the login page was opened with; its second segment can be the target. */
    private readonly currentPath = '',
  ) {}

  /** Consent preset for the form: true when given earlier. */
  get consentPreset(): boolean {
    return this.consentHiddenSubject.value;
  }

  /** Reads what the form needs; also the retry after openFailed$. */
  open(): void {
    const { api, navigator } = this.deps;
    this.loadingSubject.next(true);
    this.openFailedSubject.next(false);
    // All four are reads, asked at once: on a phone each round trip that waits for the one before costs
    // the client time before the form shows. Already signed in wins over the rest.
    const opening = forkJoin([api.isAuthenticated(this.token), api.hasConsent(this.token), api.getLoginInformation(this.token), api.checkToken(this.token)])
      .pipe(finalize(() => this.loadingSubject.next(false)))
      .subscribe(([auth, consent, info, check]) => {
        if (E.isRight(auth) && auth.right) {
          // Still signed in (another tab kept the session alive): the screen the person came from, as after a login.
          navigator.navigate(takeRedirectTarget(this.deps.storage, this.token, this.currentPath), { replace: true });
          return;
        }
        // 410: the firm withdrew the file (created by mistake); its end page says so instead of "invalid link".
        if (E.isLeft(check) && check.left._tag === 'HttpError' && check.left.status === 410) {
          navigator.navigate(WITHDRAWN_LANDING, { replace: true });
          return;
        }
        if (E.isLeft(check) && check.left._tag === 'HttpError' && check.left.status === 404) {
          this.deps.logger.warn('Fallakten-Link ungültig', check.left);
          navigator.navigate(INVALID_LINK_LANDING, { replace: true });
          return;
        }
        // A dropped connection or a 5xx says nothing about the link or the session: offer a retry, keep the URL.
        const failure = E.isLeft(check) ? check.left : E.isLeft(auth) && !isSessionEnded(auth.left) ? auth.left : null;
        if (failure) {
          this.deps.logger.warn('Fallakten-Anmeldung konnte nicht geladen werden', failure);
          this.openFailedSubject.next(true);
          return;
        }
        this.consentHiddenSubject.next(E.isRight(consent) && consent.right);
        if (E.isRight(info)) {
          this.phoneNumberPartSubject.next(info.right.PhoneNumberPart);
          // Locked before this page was opened (a reload, another tab): the same lock and countdown as after the 429.
          const seconds = info.right.LockedForSeconds;
          if (seconds !== undefined && seconds > 0) {
            this.errorKeySubject.next('Error.Locked');
            this.startCountdown(seconds);
          }
        }
        this.openedSubject.next(true);
      });
    this.subscriptions.add(opening);
  }

  /** Validates, logs in and navigates to the redirect target. Invalid forms are not sent. */
  submit(form: PinForm): PinSubmitResult {
    const consented = this.consentPreset ? { ...form, agreedPrivacyWithLawyer: true, agreedTermsOfService: true } : form;
    const errors = validatePinForm(consented);
    if (errors.length > 0) return { ok: false, errors };
    if (this.loadingSubject.value || this.lockSecondsLeftSubject.value !== null) return { ok: true };

    this.loadingSubject.next(true);
    this.pinInvalidSubject.next(false);
    this.errorKeySubject.next(null);
    const payload = {
      LoginData: {
        Pin: consented.pin,
        UrlToken: this.token,
        AgreedPrivacyWithLawyer: consented.agreedPrivacyWithLawyer,
        AgreedTermsOfService: consented.agreedTermsOfService,
      },
      AgreedPrivacyWithLawyer: consented.agreedPrivacyWithLawyer,
      AgreedTermsOfService: consented.agreedTermsOfService,
    };
    const login = this.deps.api.login(payload).subscribe((result) => {
      if (E.isRight(result)) {
        // In place of the login: the phone's back button from the overview then leaves the case file. A login kept in
        // the history was opened again by it, found the session and sent the person straight back – the first press
        // seemed to do nothing.
        this.deps.navigator.navigate(takeRedirectTarget(this.deps.storage, this.token, this.currentPath), { replace: true });
        return;
      }
      this.loadingSubject.next(false);
      this.pinInvalidSubject.next(true);
      const refusal = loginRefusal(result.left);
      const locked = result.left._tag === 'HttpError' && result.left.status === 429;
      const lockSeconds = locked ? (refusal.LockedForSeconds ?? (result.left._tag === 'HttpError' ? result.left.retryAfterSeconds : undefined)) : undefined;
      this.attemptsLeftSubject.next(refusal.AttemptsLeft ?? null);
      this.errorKeySubject.next(loginErrorKey(result.left));
      if (lockSeconds !== undefined && lockSeconds > 0) this.startCountdown(lockSeconds);
    });
    this.subscriptions.add(login);
    return { ok: true };
  }

  /** Cancels the running requests. The screen may open() again afterwards (React StrictMode remounts). */
  dispose(): void {
    this.subscriptions.unsubscribe();
    this.subscriptions = new Subscription();
    this.countdown.unsubscribe();
  }

  /**
   * Counts the lock down once a second – the one time the screen shows (its lock message names no minutes of its
   * own: a fixed „in 15 Minuten“ beside „noch 14:57 Min.“ contradicted it). Meanwhile submit() sends nothing. When it
   * has run out the lock message goes, the button is free again and the attempts left say 0: the server's counter
   * still stands, so the next wrong PIN locks again (longer).
   */
  private startCountdown(seconds: number): void {
    this.countdown.unsubscribe();
    const whole = Math.ceil(seconds);
    this.lockSecondsLeftSubject.next(whole);
    this.countdown = timer(1000, 1000, this.deps.scheduler ?? asyncScheduler)
      .pipe(
        take(whole),
        map((tick) => whole - tick - 1),
      )
      .subscribe((left) => {
        if (left > 0) {
          this.lockSecondsLeftSubject.next(left);
          return;
        }
        this.lockSecondsLeftSubject.next(null);
        this.errorKeySubject.next(null);
        this.pinInvalidSubject.next(false);
        this.attemptsLeftSubject.next(0);
      });
  }
}

function loginErrorKey(error: AppError): LoginErrorKey {
  if (error._tag !== 'HttpError' || error.status !== 429) return 'Error.NotAuthenticated';
  return error.code === 'AddressLimited' ? 'Error.AddressLimited' : 'Error.Locked';
}

/** The refused login's extra fields (AttemptsLeft, LockedForSeconds); empty when the body had none or did not decode. */
function loginRefusal(error: AppError): LoginRefusal {
  if (error._tag !== 'HttpError' || error.details === undefined) return {};
  const decoded = decode(LoginRefusal, error.details);
  return E.isRight(decoded) ? decoded.right : {};
}
