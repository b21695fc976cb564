// Catches render errors of one area (chat, case file, legal, …), reports them and shows a German fallback.
// Plain elements (global.css), so the fallback also works when an area's MUI chunk failed to load.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { ErrorReporter } from '@rechtschat/core';
import { useTranslation } from 'react-i18next';
import { useContainerLater } from './ContainerContext.js';
import { ErrorReporterToken } from './tokens.js';

interface BoundaryProps {
  readonly area: string;
  /** The reporter, once the container is there; the boundary itself must not wait for it. */
  readonly report: (work: (reporter: ErrorReporter) => void) => void;
  readonly fallback: ReactNode;
  readonly children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const context = { area: this.props.area, componentStack: info.componentStack ?? '' };
    this.props.report((reporter) => reporter.captureException(error, context));
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The error icon of MUI's alert (ErrorOutline), inline so the fallback needs no MUI chunk. */
export function AlertErrorIcon() {
  return (
    <span className="alert-icon" aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 24 24" focusable="false" fill="currentColor">
        <path d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" />
      </svg>
    </span>
  );
}

function AreaFallback() {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className="alert-error">
      <AlertErrorIcon />
      <div className="alert-message">
        <div className="alert-title">{t('Error.Area.Title')}</div>
        {t('Error.Area.Text')}
      </div>
      <div className="alert-action">
        <button type="button" className="button button-text" onClick={() => window.location.reload()}>
          {t('Error.Area.Reload')}
        </button>
      </div>
    </div>
  );
}

/** One boundary per area, so a failure in one part leaves the rest of the page usable. */
export function AreaErrorBoundary({ area, children }: { readonly area: string; readonly children: ReactNode }) {
  const withContainer = useContainerLater();
  const report = (work: (reporter: ErrorReporter) => void) => withContainer((c) => work(c.get(ErrorReporterToken)));
  return (
    <Boundary area={area} report={report} fallback={<AreaFallback />}>
      {children}
    </Boundary>
  );
}
