// What the process does on SIGTERM/SIGINT (main.ts): drain, then shut down cleanly.
// 1. At once: /healthz answers 503 {"Status":"draining"}, so the load balancer stops sending new traffic; requests in
//    flight and new ones are still served, open hub connections stay.
// 2. After SHUTDOWN_DRAIN_MS: the hub closes its connections with reconnect allowed (the official client reconnects –
//    through the load balancer, to another instance), the listeners close after their last answer, pending message
//    commits are written, Redis and the database are closed, and the process exits 0.
// A second signal during the drain ends the drain at once – the shutdown itself stays the clean one of step 2.

export interface Drainable {
  startDraining(): void;
  close(): Promise<void>;
}

export interface ShutdownOptions {
  readonly drainMs: number;
  readonly logger: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** process.exit; tests pass a recorder. */
  readonly exit: (code: number) => void;
  /** Exits 1 when the shutdown itself (step 2) hangs this long. */
  readonly forceExitAfterMs?: number;
}

/** The signal handler: the first call starts the drain, a further one cuts it short. */
export function drainThenExit(app: Drainable, options: ShutdownOptions): (signal: string) => void {
  const { drainMs, logger, exit, forceExitAfterMs = 10_000 } = options;
  let endDrain: (() => void) | null = null;
  let closing = false;

  const close = () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => exit(1), forceExitAfterMs);
    force.unref();
    app.close().then(
      () => {
        clearTimeout(force);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(force);
        logger.error({ err: error }, 'Fehler beim Beenden');
        exit(1);
      },
    );
  };

  return (signal) => {
    if (endDrain !== null) {
      logger.info({ signal }, 'Zweites Signal: Rechtschat wird sofort beendet');
      endDrain();
      return;
    }
    if (closing) return;
    app.startDraining();
    logger.info({ signal, drainMs }, 'Rechtschat wird beendet: /healthz meldet draining');
    const timer = setTimeout(() => endDrain?.(), drainMs);
    endDrain = () => {
      clearTimeout(timer);
      endDrain = null;
      close();
    };
  };
}
