// A render error in the workspace shows a German message with a reload button instead of a blank
// page; the chats themselves live on the server, so a reload restores them.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

class Boundary extends Component<{ readonly fallback: ReactNode; readonly children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[rechtschat] Fehler in der Anwaltskonsole', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Fallback() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" onClick={() => window.location.reload()}>
          {t('Console.Reload')}
        </Button>
      }
    >
      <AlertTitle>{t('Console.ErrorTitle')}</AlertTitle>
      {t('Console.ErrorText')}
    </Alert>
  );
}

export function ConsoleErrorBoundary({ children }: { readonly children: ReactNode }) {
  return <Boundary fallback={<Fallback />}>{children}</Boundary>;
}
