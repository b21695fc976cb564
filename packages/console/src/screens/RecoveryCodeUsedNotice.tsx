// After a login with a recovery code: how many codes are left, and what to do next – new codes in the
// profile, a new authenticator. Announced once (role="status"), stays until the lawyer closes it.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function RecoveryCodeUsedNotice({ left, onDismiss }: { readonly left: number; readonly onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="status"
      onClose={onDismiss}
      slotProps={{ closeButton: { 'aria-label': t('RecoveryCodes.Dismiss'), title: t('RecoveryCodes.Dismiss') } }}
      sx={{ mb: 3 }}
    >
      <Typography>{t('RecoveryCodes.UsedNotice', { count: left })}</Typography>
      <Typography sx={{ mt: 1 }}>{t('RecoveryCodes.NewDevice')}</Typography>
    </Alert>
  );
}
