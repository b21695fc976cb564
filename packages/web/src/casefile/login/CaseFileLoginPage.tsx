// {urlToken}: the PIN login: four digits and both consents.
import { startTransition, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { useRouteParams } from '../../routing/hooks.js';
import { CaseFileLogin, CASE_FILE_ROOT, consentErrors, pinInputValue, spokenPhoneNumberPart, validatePin } from '@rechtschat/core';
import { useObservableState } from '../../chat/screen/useObservableState.js';
import { useInjection } from '../../app/ContainerContext.js';
import { AppConfigToken } from '../../app/tokens.js';
import { CaseFileLoginTop } from '../../layout/CaseFileLoginTop.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { CaseFileUnavailable } from '../CaseFileUnavailable.js';
import { useSubmitRefusal } from '../useSubmitRefusal.js';
import { Alert, Button, Checkbox, Link, Spinner, TextField } from '../../ui/index.js';

interface Touched {
  readonly pin: boolean;
  readonly privacy: boolean;
  readonly terms: boolean;
}

export function CaseFileLoginPage() {
  const { token = '' } = useRouteParams();
  const { pathname } = useHistoryEntry();
  const services = useCaseFileServices();
  const { t } = useTranslation('common');
  const [login] = useState(() => new CaseFileLogin(services, token, pathname));
  useEffect(() => {
    login.open();
    return () => login.dispose();
  }, [login]);

  const loading = useObservableState(login.loading$) ?? true;
  const opened = useObservableState(login.opened$) ?? false;
  const openFailed = useObservableState(login.openFailed$) ?? false;
  const phoneNumberPart = useObservableState(login.phoneNumberPart$);
  const consentHidden = useObservableState(login.consentHidden$) ?? false;
  const serverError = useObservableState(login.errorKey$) ?? null;
  const attemptsLeft = useObservableState(login.attemptsLeft$) ?? null;
  const lockSecondsLeft = useObservableState(login.lockSecondsLeft$) ?? null;
  const locked = lockSecondsLeft !== null;

  const [pin, setPin] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Touched>({ pin: false, privacy: false, terms: false });
  const [serverErrorFor, setServerErrorFor] = useState<string | null>(null);
  const refusal = useSubmitRefusal();
  const formRef = useRef<HTMLFormElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const privacyRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);

  const pinValid = validatePin(pin).ok;
  const consents = consentErrors({ agreedPrivacyWithLawyer: privacy, agreedTermsOfService: terms });
  // The server's verdict belongs to the PIN it judged; typing a new PIN clears it.
  const showServerError = serverError !== null && serverErrorFor === pin;
  const pinError = touched.pin && !pinValid ? t('Error.PinHint') : null;
  const privacyError = !consentHidden && touched.privacy && consents.privacy ? t(consents.privacy) : null;
  const termsError = !consentHidden && touched.terms && consents.termsOfService ? t(consents.termsOfService) : null;

  // A refused PIN gives the field the focus back with its digits selected, so the next try is typed at once: during the
  // check the form was busy and the browser had dropped the focus to the page. The form's top – the message with the
  // attempts left or the lock – comes into view first: on a phone „Anmelden“ is tapped below the consents, and focusing
  // the field alone scrolled it to the screen's top edge with the message above it, out of sight (phone tester).
  const refused = showServerError && !loading;
  useEffect(() => {
    if (!refused) return;
    formRef.current?.scrollIntoView?.({ block: 'start' });
    pinRef.current?.focus({ preventScroll: true });
    pinRef.current?.select();
  }, [refused]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = login.submit({ pin, agreedPrivacyWithLawyer: privacy, agreedTermsOfService: terms });
    if (result.ok) {
      // In the same transition as core's new state (the verdict cleared, loading): set urgently, it rendered a moment
      // before them, beside the verdict on the PIN before, and the assertive region said „Die Anmeldung ist
      // fehlgeschlagen“ while the right PIN was being checked (keyboard and screen-reader pass, 2026-12-07).
      startTransition(() => setServerErrorFor(pin));
      return;
    }
    setTouched({ pin: true, privacy: true, terms: true });
    if (!pinValid) refusal.focusFirstWrong('pin', pinRef.current);
    else if (!consentHidden && consents.privacy) refusal.focusFirstWrong('privacy', privacyRef.current);
    else refusal.focusFirstWrong('terms', termsRef.current);
  };

  if (openFailed) {
    return (
      <>
        <CaseFileLoginTop />
        <CaseFileUnavailable onRetry={() => login.open()} />
      </>
    );
  }

  // Until the opening reads are in, the static login top stays (whether consent boxes belong on the form is unknown).
  if (!opened) {
    return (
      <>
        <CaseFileLoginTop />
        <PageLoading />
      </>
    );
  }

  // The lock stays on screen until it has run out, whatever is typed meanwhile (also after a reload).
  // The per-address limit counts everyone behind the address (an office, a mobile network): its text blames no PIN.
  const addressLimited = serverError === 'Error.AddressLimited';
  // While it counts down the one time shown is the button's countdown; the message names no minutes of its own.
  const serverMessage = locked
    ? t(addressLimited ? 'CaseFile.Login.AddressLimitedCountdown' : 'CaseFile.Login.LockedCountdown')
    : showServerError && serverError !== null
      ? serverError === 'Error.NotAuthenticated' && attemptsLeft !== null && attemptsLeft > 0
        ? t('CaseFile.Login.AttemptsLeft', { count: attemptsLeft })
        : t(serverError)
      : null;
  // After a lock has run out the server's counter still stands: the next wrong PIN locks again, longer.
  const lastAttemptWarning = !locked && attemptsLeft === 0 && !showServerError;

  return (
    <>
      <CaseFileLoginTop />
      <form ref={formRef} noValidate onSubmit={submit} onChange={refusal.onChange} aria-labelledby="login-title" className="casefile-login">
        <span id="login-title" hidden>
          {t('CaseFile.Login.Title')}
        </span>
        <div aria-live="assertive">
          {serverMessage && (
            <Alert severity="error" id="pin-server-error">
              {serverMessage}
            </Alert>
          )}
          {lastAttemptWarning && <Alert severity="warning">{t('CaseFile.Login.LockEnded')}</Alert>}
        </div>
        {phoneNumberPart && (
          // The known part of the number as a hint beside the field, not inside it, where it read like a typed value.
          <p id="pin-prefix" className="ui-text casefile-pin-hint">
            <PhoneHint part={phoneNumberPart} />
          </p>
        )}
        <TextField
          id="pin"
          label={t('CaseFile.Login.PinLabel')}
          value={pin}
          required
          autoFocus
          inputRef={pinRef}
          onChange={(e) => setPin(pinInputValue(e.target.value))}
          onBlur={() => setTouched((s) => ({ ...s, pin: true }))}
          error={pinError !== null || showServerError}
          helperText={refusal.errorText('pin', pinError) ?? t('Error.PinHint')}
          // No maxLength: the browser would cut a PIN pasted from an SMS (" 0123", "01 23") to its first four characters
          // before the digits are taken; pinInputValue keeps at most four digits of whatever arrives.
          inputMode="numeric"
          pattern="[0-9]{4}"
          // Lets the phone offer a PIN from an SMS; pasting stays allowed.
          autoComplete="one-time-code"
          // The server's refusal (wrong PIN, locked) is read with the field it marks, as its hints are (WCAG 3.3.1).
          // While locked, the lock and the time left stay with the field, also once something is typed (outside tester).
          describedBy={
            [
              phoneNumberPart ? 'pin-prefix' : null,
              (showServerError || locked) && serverMessage ? 'pin-server-error' : null,
              locked ? 'casefile-login-submit' : null,
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
        />
        {!consentHidden && (
          <div className="casefile-consents">
            <Checkbox
              id="privacy"
              label={t('CaseFile.Login.AgreePrivacy')}
              checked={privacy}
              onChange={(e) => setPrivacy(e.target.checked)}
              onBlur={() => setTouched((s) => ({ ...s, privacy: true }))}
              ref={privacyRef}
              error={privacyError !== null}
              aria-describedby={privacyError ? 'privacy-error' : undefined}
            >
              <Link href={`${CASE_FILE_ROOT}/datenschutz`} target="_blank" rel="noopener" className="casefile-consent-link">
                {t('CaseFile.Login.PrivacyLink')}
              </Link>
              {privacyError && (
                <p id="privacy-error" className="ui-field__helper ui-error-text">
                  {refusal.errorText('privacy', privacyError)}
                </p>
              )}
            </Checkbox>
            <Checkbox
              id="terms"
              label={t('CaseFile.Login.AgreeTerms')}
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              onBlur={() => setTouched((s) => ({ ...s, terms: true }))}
              ref={termsRef}
              error={termsError !== null}
              aria-describedby={termsError ? 'terms-error' : undefined}
            >
              <Link href={`${CASE_FILE_ROOT}/nutzungsbedingungen`} target="_blank" rel="noopener" className="casefile-consent-link">
                {t('CaseFile.Login.TermsLink')}
              </Link>
              {termsError && (
                <p id="terms-error" className="ui-field__helper ui-error-text">
                  {refusal.errorText('terms', termsError)}
                </p>
              )}
            </Checkbox>
          </div>
        )}
        <div>
          <Button
            id="casefile-login-submit"
            type="submit"
            variant="contained"
            size="large"
            disabled={loading || locked}
            aria-busy={loading}
            startIcon={loading ? <Spinner size={18} /> : null}
          >
            {locked ? <LockCountdown seconds={lockSecondsLeft} /> : loading ? t('CaseFile.Login.Loading') : t('CaseFile.Login.Submit')}
          </Button>
        </div>
      </form>
      <FirmContact />
    </>
  );
}

/**
 * The known part of the phone number, the PIN's places masked. The number never breaks across lines (it read
 * "+49 170 •••" / "55."), and the PIN's four places follow it. A screen reader, which read the dots one by one, gets
 * the number's start and the digits before the PIN in words instead (keyboard and screen-reader pass, 2026-12-07).
 */
function PhoneHint({ part }: { readonly part: string }) {
  const { t } = useTranslation('common');
  const shown = t('CaseFile.Login.PhoneHint', { part: part.replaceAll(' ', '\u00a0') });
  const spoken = spokenPhoneNumberPart(part);
  if (spoken === null) return shown;
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{t('CaseFile.Login.PhoneHintSpoken', { ...spoken })}</span>
    </>
  );
}

/**
 * The lock's time left on the button: shown as a clock counts down („Gesperrt – noch 14:39“, from an hour on „noch
 * 1:59:59“), named in words („Gesperrt – noch 14 Minuten und 39 Sekunden“) – „14:39“ alone was read out as a time of
 * day, and „14:39 Min.“ read oddly. Not a live region: the disabled button's name is read with the PIN field
 * (aria-describedby) when the client is there, never once a second.
 */
function LockCountdown({ seconds }: { readonly seconds: number }) {
  const { t } = useTranslation('common');
  const whole = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  const shown = hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(rest)}` : `${minutes}:${twoDigits(rest)}`;
  const parts = [
    hours > 0 ? t('CaseFile.Login.Hours', { count: hours }) : null,
    minutes > 0 ? t('CaseFile.Login.Minutes', { count: minutes }) : null,
    rest > 0 || whole === 0 ? t('CaseFile.Login.Seconds', { count: rest }) : null,
  ].filter((part) => part !== null);
  spokenList ??= new Intl.ListFormat('de-DE', { type: 'conjunction' });
  return (
    <>
      <span aria-hidden="true">{t('CaseFile.Login.LockedButton', { time: shown })}</span>
      <span className="visually-hidden">{t('CaseFile.Login.LockedButton', { time: spokenList.format(parts) })}</span>
    </>
  );
}

let spokenList: Intl.ListFormat | undefined;

/** The firm's phone and e-mail (FIRM_PHONE, FIRM_EMAIL): the way out when the PIN is unknown or locked. */
function FirmContact() {
  const { t } = useTranslation('common');
  const { firmPhone, firmEmail, firmName } = useInjection(AppConfigToken);
  if (!firmPhone && !firmEmail) return null;
  return (
    <section aria-labelledby="login-help" className="casefile-login-help">
      <h2 id="login-help" className="ui-h3">
        {t('CaseFile.Login.HelpHeading')}
      </h2>
      <p className="ui-text">{t('CaseFile.Login.HelpText', { firm: firmName ?? t('CaseFile.Login.YourFirm') })}</p>
      <ul className="casefile-login-help__list">
        {firmPhone && (
          <li>
            <span className="casefile-login-help__label">{t('CaseFile.Lawyer.Phone')}</span>{' '}
            <Link href={`tel:${firmPhone.replace(/[^0-9+]/g, '')}`}>{firmPhone}</Link>
          </li>
        )}
        {firmEmail && (
          <li>
            <span className="casefile-login-help__label">{t('CaseFile.Lawyer.Email')}</span> <Link href={`mailto:${firmEmail}`}>{firmEmail}</Link>
          </li>
        )}
      </ul>
    </section>
  );
}
