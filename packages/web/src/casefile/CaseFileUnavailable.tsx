// A case-file check that failed without an answer (no connection, 5xx): not "signed out", not "invalid link".
// The person stays on the same URL and tries again.
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../ui/index.js';

/** The German error with "Erneut versuchen"; `onRetry` asks the server again. */
export function CaseFileUnavailable({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      role="alert"
      title={t('CaseFile.Unavailable.Title')}
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('CaseFile.Load.Retry')}
        </Button>
      }
    >
      {t('CaseFile.Unavailable.Text')}
    </Alert>
  );
}
