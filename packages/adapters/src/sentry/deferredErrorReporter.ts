// ErrorReporter that always logs and forwards to Sentry once it has been loaded.
import type { ErrorReporter, Logger } from '@rechtschat/core';

/** Receives reports once error reporting is configured (Sentry's captureException). */
export type ReportSink = (error: unknown, context?: Record<string, unknown>) => void;

/**
 * Sentry is loaded lazily after the public settings arrive, so early errors would be lost.
 * This reporter keeps the last few and forwards them when the sink attaches.
 */
export class DeferredErrorReporter implements ErrorReporter {
  private sink: ReportSink | null = null;
  private readonly pending: Array<[unknown, Record<string, unknown> | undefined]> = [];

  constructor(
    private readonly logger: Logger,
    private readonly maxPending = 20,
  ) {}

  captureException(error: unknown, context?: Record<string, unknown>): void {
    this.logger.error('Fehler', context === undefined ? error : { error, context });
    if (this.sink) this.sink(error, context);
    else if (this.pending.length < this.maxPending) this.pending.push([error, context]);
  }

  /** Forwards buffered and future reports to the sink. */
  attach(sink: ReportSink): void {
    this.sink = sink;
    this.pending.splice(0).forEach(([error, context]) => sink(error, context));
  }
}
