// The office hours for the administration screen: the settings (effective hours, weekly schedule and its source,
// closures), the weekly schedule saved or given back to SERVICE_HOURS, closures added and removed. A refused change
// keeps its error until the next change succeeds; every success is the `notice` of the status line, counted by
// `noticed` so the view can move the focus even when two notices look alike. Whether the chat is open now follows the
// clock: at the next instant it may change (a period's beginning or end, Berlin midnight – where closure days begin and
// end), the settings are read again, quietly, on the injected scheduler.
import { asyncScheduler, BehaviorSubject, Subscription, timer, type Observable, type SchedulerLike } from 'rxjs';
import { accountCaller, loadInto } from '../lawyer/account/accountCall.js';
import type { Call } from '../ports/call.js';
import type { ServiceHoursAdminApi } from '../ports/serviceHoursAdmin.js';
import type { AppError } from '../result.js';
import { berlinInstant, berlinWallClock } from '../time/berlinTime.js';
import { berlinDateOf } from '../validation/berlinDate.js';
import type { ServiceHoursEntry } from '../wire/product.js';
import type { AddServiceClosureRequest, ServiceClosure, ServiceHoursSettings } from '../wire/serviceHoursAdmin.js';

export type ServiceHoursLoad =
  { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly settings: ServiceHoursSettings };

export type ServiceHoursNotice =
  | { readonly kind: 'weeklySaved' }
  | { readonly kind: 'weeklyReset' }
  | { readonly kind: 'closureAdded'; readonly note: string }
  | { readonly kind: 'closureRemoved'; readonly note: string };

export interface ServiceHoursAdminState {
  readonly load: ServiceHoursLoad;
  /** The last change was refused; cleared when the next call succeeds. */
  readonly error: AppError | null;
  /** Which change the error belongs to, so the view shows it beside that form. */
  readonly errorOf: 'weekly' | 'closure' | null;
  /** A change is on its way. */
  readonly busy: boolean;
  readonly notice: ServiceHoursNotice | null;
  readonly noticed: number;
}

export interface ServiceHoursAdmin {
  readonly state$: Observable<ServiceHoursAdminState>;
  snapshot(): ServiceHoursAdminState;
  load(): void;
  saveWeekly(hours: readonly ServiceHoursEntry[]): void;
  resetWeekly(): void;
  addClosure(request: AddServiceClosureRequest): void;
  removeClosure(closure: ServiceClosure): void;
  dispose(): void;
}

export interface ServiceHoursAdminDeps {
  readonly api: ServiceHoursAdminApi;
  readonly onSessionExpired: () => void;
  /** The clock of the re-read at the next change of „jetzt geöffnet“; RxJS's asyncScheduler by default. */
  readonly scheduler?: SchedulerLike;
}

/** A second after the instant: the server's clock, should it be a little behind the browser's, has passed it too. */
export const SERVICE_HOURS_CHANGE_GRACE_MS = 1_000;
/** A re-read that failed is tried again after this long. */
export const SERVICE_HOURS_RETRY_MS = 60_000;

/**
 * The next instant after `now` at which the effective hours may change: the beginning or end of one of today's periods
 * (none on a closure day), else the next midnight in Berlin – where a closure day begins or ends and „morgen“ becomes
 * „heute“. Not every such instant changes anything (08:00–12:00 and 12:00–18:00 meet at noon); reading again there costs
 * one request.
 */
export function nextServiceHoursChange(
  weekly: readonly ServiceHoursEntry[],
  closures: readonly Pick<ServiceClosure, 'FirstDay' | 'LastDay'>[],
  now: number,
): number {
  const { year, month, day, weekday } = berlinWallClock(now);
  const today = berlinDateOf(now);
  const midnight = berlinInstant(year, month, day, 24, 0);
  if (closures.some((c) => c.FirstDay <= today && today <= c.LastDay)) return midnight;
  const at = (time: string) => {
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    return berlinInstant(year, month, day, hour, minute);
  };
  const instants = weekly.filter((p) => p.Weekday === weekday).flatMap((p) => [at(p.From), at(p.To)]);
  return Math.min(midnight, ...instants.filter((instant) => instant > now));
}

export const initialServiceHoursAdminState: ServiceHoursAdminState = {
  load: { state: 'loading' },
  error: null,
  errorOf: null,
  busy: false,
  notice: null,
  noticed: 0,
};

export function createServiceHoursAdmin({ api, onSessionExpired, scheduler = asyncScheduler }: ServiceHoursAdminDeps): ServiceHoursAdmin {
  const state = new BehaviorSubject<ServiceHoursAdminState>(initialServiceHoursAdminState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  /** Counts the changes sent: a re-read sent before one of them answers the hours from before it and is dropped. */
  let changes = 0;
  let nextRead = Subscription.EMPTY;
  /** Reads the settings again after `delayMs`, quietly: the screen stays as it is until the answer replaces them. */
  const readAgainIn = (delayMs: number) => {
    nextRead.unsubscribe();
    nextRead = timer(delayMs, scheduler).subscribe(() => {
      const sentAfter = changes;
      run(
        api.get(),
        (read) => {
          if (changes === sentAfter) update({ load: { state: 'ready', settings: read } });
        },
        // What is shown stays, and is read again a minute later; a 401 ends the session instead.
        () => readAgainIn(SERVICE_HOURS_RETRY_MS),
      );
    });
    running.add(nextRead);
  };
  /** The re-read at the next instant the hours shown may change (the one planned before is dropped). */
  const readAtNextChange = (settings: ServiceHoursSettings) =>
    readAgainIn(Math.max(0, nextServiceHoursChange(settings.Weekly, settings.Closures, scheduler.now()) - scheduler.now()) + SERVICE_HOURS_CHANGE_GRACE_MS);
  const update = (change: Partial<ServiceHoursAdminState>) => {
    const before = state.value.load;
    state.next({ ...state.value, ...change });
    const { load } = state.value;
    if (load !== before && load.state === 'ready') readAtNextChange(load.settings);
  };
  const change = (call: Call<ServiceHoursSettings>, of: 'weekly' | 'closure', noticeOf: (settings: ServiceHoursSettings) => ServiceHoursNotice) => {
    changes += 1;
    update({ busy: true });
    run(
      call,
      (settings) =>
        update({ busy: false, error: null, errorOf: null, load: { state: 'ready', settings }, notice: noticeOf(settings), noticed: state.value.noticed + 1 }),
      // The status line's last success would stand beside the refusal as if this change had worked too.
      (error) => update({ busy: false, error, errorOf: of, notice: null }),
    );
  };

  /** The loaded answer as the screen's ready state. */
  const shown = (settings: ServiceHoursSettings) => ({ state: 'ready', settings }) as const;

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load: () => loadInto(run, api.get(), (load) => update({ load }), shown),
    saveWeekly: (hours) => change(api.saveWeekly({ Hours: [...hours] }), 'weekly', () => ({ kind: 'weeklySaved' })),
    resetWeekly: () => change(api.resetWeekly(), 'weekly', () => ({ kind: 'weeklyReset' })),
    // The note as the server stored it (without invisible bidi controls and the like), not as typed.
    addClosure: (request) =>
      change(api.addClosure(request), 'closure', (settings) => ({
        kind: 'closureAdded',
        note: settings.Closures.find((c) => c.FirstDay === request.FirstDay && c.LastDay === request.LastDay)?.Note ?? request.Note.trim(),
      })),
    removeClosure: (closure) => change(api.removeClosure(closure.Id), 'closure', () => ({ kind: 'closureRemoved', note: closure.Note })),
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
