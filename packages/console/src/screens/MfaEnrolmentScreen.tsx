// Zwei-Faktor-Anmeldung einrichten (LAWYER_MFA=required): after a right password a lawyer without a
// second factor sees the new secret as a QR code and as text, and confirms it with the first code from the app.
// The QR code library is loaded only here, so it stays out of the console's first chunk.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { lockedText } from './lockedWait.js';
import { LiveNotice } from './LiveNotice.js';

export interface MfaEnrolmentScreenProps {
  readonly secret: string;
  readonly otpauthUri: string;
  readonly error: ConsoleTextKey | null;
  /** With Login.Locked: the wait the server named, in seconds. */
  readonly retryAfterSeconds?: number;
  readonly busy: boolean;
  readonly onSubmit: (code: string) => void;
  readonly onCancel: () => void;
}

/** The secret in groups of four, as authenticator apps show it and as it is easiest to type. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Qr = { readonly state: 'loading' } | { readonly state: 'ready'; readonly src: string } | { readonly state: 'failed' };

function useQrCode(text: string): Qr {
  const [qr, setQr] = useState<Qr>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setQr({ state: 'loading' });
    import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then(
        (svg) => live && setQr({ state: 'ready', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        () => live && setQr({ state: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [text]);
  return qr;
}

/** The new secret as a QR code and as text (also the profile's "Zwei-Faktor-Anmeldung einrichten"). */
/** The six-digit code from the authenticator app: digits only, numeric keyboard, one-time-code autofill. */
export function TotpCodeField({
  id,
  value,
  onChange,
  invalid,
}: {
  readonly id?: string;
  readonly value: string;
  readonly onChange: (code: string) => void;
  readonly invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('Enrolment.Code')}
      helperText={t('Enrolment.CodeHelp')}
      autoComplete="one-time-code"
      required
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      error={invalid}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'aria-invalid': invalid } }}
    />
  );
}

export function TotpSecretPanel({ secret, otpauthUri }: { readonly secret: string; readonly otpauthUri: string }) {
  const { t } = useTranslation();
  const qr = useQrCode(otpauthUri);
  return (
    <>
      <Typography>{t('Enrolment.Scan')}</Typography>
      <Box sx={{ width: 200, height: 200, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#fff' }}>
        {qr.state === 'ready' && <img src={qr.src} alt={t('Enrolment.QrAlt')} width={200} height={200} />}
        {qr.state === 'loading' && <Typography role="status">{t('Enrolment.QrLoading')}</Typography>}
        {qr.state === 'failed' && <Typography role="status">{t('Enrolment.QrFailed')}</Typography>}
      </Box>
      <TextField
        label={t('Enrolment.Secret')}
        helperText={t('Enrolment.SecretHelp')}
        value={groupedSecret(secret)}
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: '0.05em' } } }}
      />
    </>
  );
}

export function MfaEnrolmentScreen({ secret, otpauthUri, error, retryAfterSeconds, busy, onSubmit, onCancel }: MfaEnrolmentScreenProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby="enrolment-heading" sx={{ maxWidth: 480 }}>
      <Typography variant="h5" component="h2" id="enrolment-heading" ref={heading} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        {t('Enrolment.Heading')}
      </Typography>
      <Typography>{t('Enrolment.Intro')}</Typography>
      <TotpSecretPanel secret={secret} otpauthUri={otpauthUri} />
      <TotpCodeField value={code} onChange={setCode} invalid={error !== null} />
      <LiveNotice politeness="assertive" severity="error">
        {error && (error === 'Login.Locked' ? lockedText(t, retryAfterSeconds) : t(error))}
      </LiveNotice>
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('Enrolment.Busy') : t('Enrolment.Submit')}
        </Button>
        <Button type="button" variant="outlined" onClick={onCancel}>
          {t('Enrolment.Cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
