// Catches render errors of one area (chat, case file, legal, …), reports them and shows a German fallback.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ErrorReporter } from '@rechtschat/core';
import { useTranslation } from 'react-i18next';
import { useInjection } from './ContainerContext.js';
import { ErrorReporterToken } from './tokens.js';

interface BoundaryProps {
  readonly area: string;
  readonly reporter: ErrorReporter;
  readonly fallback: ReactNode;
  readonly children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.reporter.captureException(error, { area: this.props.area, componentStack: info.componentStack ?? '' });
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function AreaFallback() {
  const { t } = useTranslation('common');
  return (
    <Alert severity="error" role="alert" sx={{ my: 2 }} action={<Button color="inherit" onClick={() => window.location.reload()}>{t('Error.Area.Reload')}</Button>}>
      <AlertTitle>{t('Error.Area.Title')}</AlertTitle>
      {t('Error.Area.Text')}
    </Alert>
  );
}

/** One boundary per area, so a failure in one part leaves the rest of the page usable. */
export function AreaErrorBoundary({ area, children }: { readonly area: string; readonly children: ReactNode }) {
  const reporter = useInjection(ErrorReporterToken);
  return (
    <Boundary area={area} reporter={reporter} fallback={<AreaFallback />}>
      {children}
    </Boundary>
  );
}
