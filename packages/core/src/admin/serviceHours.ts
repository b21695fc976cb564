// The office hours for the administration screen: the settings (effective hours, weekly schedule and its source,
// closures), the weekly schedule saved or given back to SERVICE_HOURS, closures added and removed. A refused change
// keeps its error until the next change succeeds; every success is the `notice` of the status line, counted by
// `noticed` so the view can move the focus even when two notices look alike.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller, loadInto } from '../lawyer/account/accountCall.js';
import type { Call } from '../ports/call.js';
import type { ServiceHoursAdminApi } from '../ports/serviceHoursAdmin.js';
import type { AppError } from '../result.js';
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
}

export const initialServiceHoursAdminState: ServiceHoursAdminState = {
  load: { state: 'loading' },
  error: null,
  errorOf: null,
  busy: false,
  notice: null,
  noticed: 0,
};

export function createServiceHoursAdmin({ api, onSessionExpired }: ServiceHoursAdminDeps): ServiceHoursAdmin {
  const state = new BehaviorSubject<ServiceHoursAdminState>(initialServiceHoursAdminState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<ServiceHoursAdminState>) => state.next({ ...state.value, ...change });
  const change = (call: Call<ServiceHoursSettings>, of: 'weekly' | 'closure', noticeOf: (settings: ServiceHoursSettings) => ServiceHoursNotice) => {
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
