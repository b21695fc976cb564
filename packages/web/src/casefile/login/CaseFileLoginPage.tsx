// {urlToken}: the PIN login (SPEC §2 "Login screen", §4 "Case-file login", §5 PIN and consent rules).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../layout/SiteFooter.js';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { CaseFileLogin, CASE_FILE_ROOT, consentErrors, pinInputValue, validatePin, PIN_LENGTH } from '@rechtschat/core';
import { useObservableState } from '../../chat/screen/useObservableState.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { useCaseFileServices } from '../caseFileServices.js';

interface Touched {
  readonly pin: boolean;
  readonly privacy: boolean;
  readonly terms: boolean;
}

export function CaseFileLoginPage() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const services = useCaseFileServices();
  const { t } = useTranslation('common');
  const [login] = useState(() => new CaseFileLogin(services, token, pathname));
  useEffect(() => {
    login.open();
    return () => login.dispose();
  }, [login]);

  const loading = useObservableState(login.loading$) ?? true;
  const phoneNumberPart = useObservableState(login.phoneNumberPart$);
  const consentHidden = useObservableState(login.consentHidden$) ?? false;
  const serverError = useObservableState(login.errorKey$) ?? null;
  const lockedMinutes = useObservableState(login.lockedMinutes$) ?? null;

  const [pin, setPin] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Touched>({ pin: false, privacy: false, terms: false });
  const [serverErrorFor, setServerErrorFor] = useState<string | null>(null);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = login.submit({ pin, agreedPrivacyWithLawyer: privacy, agreedTermsOfService: terms });
    if (result.ok) {
      setServerErrorFor(pin);
      return;
    }
    setTouched({ pin: true, privacy: true, terms: true });
    formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    const firstInvalid = !pinValid ? pinRef.current : !consentHidden && consents.privacy ? privacyRef.current : termsRef.current;
    firstInvalid?.focus();
  };

  if (phoneNumberPart === undefined && loading) {
    return (
      <>
        <PageHeading>{t('CaseFile.Login.Title')}</PageHeading>
        <PageLoading />
      </>
    );
  }

  const serverMessage = showServerError
    ? serverError === 'Error.Locked' && lockedMinutes !== null
      ? t('CaseFile.Login.LockedFor', { count: lockedMinutes })
      : t(serverError)
    : null;

  return (
    <>
      <PageHeading>{t('CaseFile.Login.Title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('CaseFile.Login.Intro')}</Typography>
      <Box component="form" ref={formRef} noValidate onSubmit={submit} aria-labelledby="login-title" sx={{ maxWidth: 520, scrollMarginTop: 16 }}>
        <span id="login-title" hidden>
          {t('CaseFile.Login.Title')}
        </span>
        <div aria-live="assertive">
          {serverMessage && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverMessage}
            </Alert>
          )}
        </div>
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
          helperText={pinError ?? t('Error.PinHint')}
          slotProps={{
            htmlInput: {
              maxLength: PIN_LENGTH,
              inputMode: 'numeric',
              pattern: '[0-9]{4}',
              autoComplete: 'off',
              'aria-describedby': 'pin-helper-text pin-prefix',
            },
            input: phoneNumberPart
              ? {
                  startAdornment: (
                    <InputAdornment position="start">
                      <span aria-hidden="true">{phoneNumberPart}</span>
                      <Box component="span" id="pin-prefix" sx={visuallyHidden}>
                        {t('CaseFile.Login.PhonePrefix', { part: phoneNumberPart })}
                      </Box>
                    </InputAdornment>
                  ),
                }
              : {},
          }}
          sx={{ mb: 2 }}
        />
        {!consentHidden && (
          <>
            <FormControl error={privacyError !== null} sx={{ display: 'block', mb: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={privacy}
                    onChange={(e) => setPrivacy(e.target.checked)}
                    onBlur={() => setTouched((s) => ({ ...s, privacy: true }))}
                    slotProps={{ input: { ref: privacyRef, 'aria-describedby': privacyError ? 'privacy-error' : undefined } }}
                  />
                }
                label={t('CaseFile.Login.AgreePrivacy')}
              />
              <Link href={`${CASE_FILE_ROOT}/datenschutz`} target="_blank" rel="noopener" sx={{ display: 'block', ml: 4 }}>
                {t('CaseFile.Login.PrivacyLink')}
              </Link>
              {privacyError && <FormHelperText id="privacy-error">{privacyError}</FormHelperText>}
            </FormControl>
            <FormControl error={termsError !== null} sx={{ display: 'block', mb: 2 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={terms}
                    onChange={(e) => setTerms(e.target.checked)}
                    onBlur={() => setTouched((s) => ({ ...s, terms: true }))}
                    slotProps={{ input: { ref: termsRef, 'aria-describedby': termsError ? 'terms-error' : undefined } }}
                  />
                }
                label={t('CaseFile.Login.AgreeTerms')}
              />
              <Link href={`${CASE_FILE_ROOT}/nutzungsbedingungen`} target="_blank" rel="noopener" sx={{ display: 'block', ml: 4 }}>
                {t('CaseFile.Login.TermsLink')}
              </Link>
              {termsError && <FormHelperText id="terms-error">{termsError}</FormHelperText>}
            </FormControl>
          </>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading}
          aria-busy={loading}
          startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
        >
          {loading ? t('CaseFile.Login.Loading') : t('CaseFile.Login.Submit')}
        </Button>
      </Box>
    </>
  );
}
