// The firm's legal details (Kanzleiangaben) for the administration screen: the settings (details and their source),
// saved after the same check the server makes. A refusal – found here or by the server – keeps its problems until
// the next save succeeds and is counted in `refused`, so the view can move the focus to the first refused field each time.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller, loadInto } from '../lawyer/account/accountCall.js';
import type { FirmDetailsAdminApi } from '../ports/firmDetailsAdmin.js';
import type { AppError } from '../result.js';
import { firmDetailsProblems, normalizeFirmDetails, type FirmDetailsProblem } from '../validation/firmDetails.js';
import type { FirmDetails, FirmDetailsSettings } from '../wire/firmDetails.js';

export type FirmDetailsLoad =
  { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly settings: FirmDetailsSettings };

export interface FirmDetailsAdminState {
  readonly load: FirmDetailsLoad;
  /** The fields the last save attempt was refused for (checked here before sending). */
  readonly problems: readonly FirmDetailsProblem[];
  /** The server refused the last save (or it did not arrive); cleared when the next save succeeds. */
  readonly error: AppError | null;
  /** A save is on its way. */
  readonly busy: boolean;
  /** The last save succeeded (the status line says so); cleared by the next attempt. */
  readonly saved: boolean;
  /** The last reset succeeded: the server's settings apply again (the status line says so); cleared by the next attempt. */
  readonly wasReset: boolean;
  /** How many saves were refused on this screen, so the view moves the focus to the first refused field each time. */
  readonly refused: number;
}

export interface FirmDetailsAdmin {
  readonly state$: Observable<FirmDetailsAdminState>;
  snapshot(): FirmDetailsAdminState;
  load(): void;
  /** Checks the details (normalized as the server stores them) and sends them only when no rule is broken. */
  save(details: FirmDetails): void;
  /** Deletes the saved details, so the server's settings (FIRM_NAME, FIRM_PHONE, FIRM_EMAIL) apply again. */
  reset(): void;
  dispose(): void;
}

export interface FirmDetailsAdminDeps {
  readonly api: FirmDetailsAdminApi;
  readonly onSessionExpired: () => void;
}

export const initialFirmDetailsAdminState: FirmDetailsAdminState = {
  load: { state: 'loading' },
  problems: [],
  error: null,
  busy: false,
  saved: false,
  wasReset: false,
  refused: 0,
};

export function createFirmDetailsAdmin({ api, onSessionExpired }: FirmDetailsAdminDeps): FirmDetailsAdmin {
  const state = new BehaviorSubject<FirmDetailsAdminState>(initialFirmDetailsAdminState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<FirmDetailsAdminState>) => state.next({ ...state.value, ...change });
  const shown = (settings: FirmDetailsSettings) => ({ state: 'ready', settings }) as const;

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load: () => loadInto(run, api.get(), (load) => update({ load }), shown),
    save: (details) => {
      const normalized = normalizeFirmDetails(details);
      const problems = firmDetailsProblems(normalized);
      if (problems.length > 0) {
        update({ problems, error: null, saved: false, wasReset: false, refused: state.value.refused + 1 });
        return;
      }
      update({ busy: true, problems: [], saved: false, wasReset: false });
      run(
        api.save(normalized),
        (settings) => update({ busy: false, error: null, load: shown(settings), saved: true }),
        (error) => update({ busy: false, error, refused: state.value.refused + 1 }),
      );
    },
    reset: () => {
      update({ busy: true, problems: [], saved: false, wasReset: false });
      run(
        api.reset(),
        (settings) => update({ busy: false, error: null, load: shown(settings), wasReset: true }),
        (error) => update({ busy: false, error }),
      );
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
