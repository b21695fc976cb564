import { useTranslation } from 'react-i18next';
import { Alert, Icon, IconButton, iconPaths } from '../../ui/index.js';

/** Shows core's last error (an i18n key) until the participant closes it. */
export function ErrorAlert({ errorKey, onDismiss }: { readonly errorKey: string; readonly onDismiss: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <IconButton inherit aria-label={t('Chat.Screen.DismissError')} title={t('Chat.Screen.DismissError')} onClick={onDismiss}>
          <Icon path={iconPaths.close} size={20} />
        </IconButton>
      }
    >
      {t(errorKey)}
    </Alert>
  );
}
