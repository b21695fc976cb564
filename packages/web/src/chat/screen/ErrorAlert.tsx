import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Shows core's last error (an i18n key) until the participant closes it. */
export function ErrorAlert({ errorKey, onDismiss }: { readonly errorKey: string; readonly onDismiss: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={onDismiss}
      slotProps={{ closeButton: { title: t('Chat.Screen.DismissError'), 'aria-label': t('Chat.Screen.DismissError') } }}
    >
      {t(errorKey)}
    </Alert>
  );
}
