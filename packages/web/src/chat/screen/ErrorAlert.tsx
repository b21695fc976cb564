import { useTranslation } from 'react-i18next';
import { Alert, Button, Icon, IconButton, iconPaths } from '../../ui/index.js';

/**
 * Errors whose text asks for a reload („Bitte laden Sie die Seite neu.“): the alert offers it as a button – on a phone
 * the browser's reload hides in a menu, and a chat that could not start or load has nothing else to press.
 */
const RELOAD_KEYS: ReadonlySet<string> = new Set(['Chat.StartFailed', 'Chat.LoadFailed']);

const reloadPage = () => window.location.reload();

interface ErrorAlertProps {
  readonly errorKey: string;
  readonly onDismiss: () => void;
  /** Reloads the page (a test passes its own). */
  readonly reload?: () => void;
}

/** Shows core's last error (an i18n key) until the participant closes it. */
export function ErrorAlert({ errorKey, onDismiss, reload = reloadPage }: ErrorAlertProps) {
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
      {RELOAD_KEYS.has(errorKey) && (
        <div className="ui-mt-1">
          <Button variant="outlined" onClick={reload}>
            {t('Chat.Screen.Reload')}
          </Button>
        </div>
      )}
    </Alert>
  );
}
