// The firm's insurers and their entry-token keys for the administration screen: the list, creating and renaming an
// insurer, issuing a key (its secret is in `issued` once, until `dismissIssued`) and revoking one, ending and resuming the
// collaboration with an insurer and deleting one that was never used. A refused change
// keeps its error until the next change succeeds; every success is the `notice` of the status line, counted by
// `noticed` so the view can move the focus even when two notices look alike.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller, loadInto } from '../lawyer/account/accountCall.js';
import type { Call } from '../ports/call.js';
import type { InsurersApi } from '../ports/insurers.js';
import type { AppError } from '../result.js';
import { compareGerman } from '../validation/germanOrder.js';
import type { Insurer, IssuedInsurerKey, SaveInsurerRequest } from '../wire/insurers.js';

export type InsurersLoad = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly insurers: readonly Insurer[] };

export type InsurersNotice =
  | { readonly kind: 'created'; readonly insurerId: string; readonly name: string }
  | { readonly kind: 'saved'; readonly insurerId: string; readonly name: string }
  | { readonly kind: 'revoked'; readonly insurerId: string; readonly kid: string }
  | { readonly kind: 'ended'; readonly insurerId: string; readonly name: string }
  | { readonly kind: 'resumed'; readonly insurerId: string; readonly name: string }
  | { readonly kind: 'removed'; readonly name: string };

export interface InsurersState {
  readonly load: InsurersLoad;
  /** The last change was refused; cleared when the next call succeeds. */
  readonly error: AppError | null;
  /** A new key with its secret, shown once. */
  readonly issued: { readonly key: IssuedInsurerKey; readonly name: string } | null;
  readonly notice: InsurersNotice | null;
  readonly noticed: number;
  /** A change is on its way: another is not sent (a double click on „Versicherer anlegen“ created one and then said the name was taken). */
  readonly busy: boolean;
}

export interface InsurersAdmin {
  readonly state$: Observable<InsurersState>;
  snapshot(): InsurersState;
  load(): void;
  create(request: SaveInsurerRequest): void;
  update(insurerId: string, request: SaveInsurerRequest): void;
  createKey(insurer: Insurer): void;
  revokeKey(insurer: Insurer, kid: string): void;
  /** Ends the collaboration (the server revokes every key of the insurer in the same step). */
  end(insurer: Insurer): void;
  resume(insurer: Insurer): void;
  /** Deletes an insurer that was never used; the server refuses (409) one that was. */
  remove(insurer: Insurer): void;
  /** The new key's secret was seen: it goes. */
  dismissIssued(): void;
  dispose(): void;
}

export interface InsurersAdminDeps {
  readonly api: InsurersApi;
  readonly onSessionExpired: () => void;
}

export const initialInsurersState: InsurersState = { load: { state: 'loading' }, error: null, issued: null, notice: null, noticed: 0, busy: false };

/** The list without the insurer `id`. */
function without(load: InsurersLoad, id: string): InsurersLoad {
  return load.state === 'ready' ? { state: 'ready', insurers: load.insurers.filter((row) => row.Id !== id) } : load;
}

/** The list with `insurer` replaced, or added in name order. */
function replaced(load: InsurersLoad, insurer: Insurer): InsurersLoad {
  if (load.state !== 'ready') return load;
  const { insurers } = load;
  return {
    state: 'ready',
    insurers: insurers.some((row) => row.Id === insurer.Id)
      ? insurers.map((row) => (row.Id === insurer.Id ? insurer : row))
      : [...insurers, insurer].sort((a, b) => compareGerman(a.Name, b.Name) || (a.Id < b.Id ? -1 : a.Id > b.Id ? 1 : 0)),
  };
}

export function createInsurersAdmin({ api, onSessionExpired }: InsurersAdminDeps): InsurersAdmin {
  const state = new BehaviorSubject<InsurersState>(initialInsurersState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<InsurersState>) => state.next({ ...state.value, ...change });
  const change = <A>(call: () => Call<A>, done: (value: A) => void) => {
    if (state.value.busy) return;
    update({ busy: true });
    run(
      call(),
      (value) => {
        update({ error: null, busy: false });
        done(value);
      },
      // The status line's last success would stand beside the refusal as if this change had worked too.
      (error) => update({ error, notice: null, busy: false }),
    );
  };
  const saved = (insurer: Insurer, notice: InsurersNotice) => update({ load: replaced(state.value.load, insurer), notice, noticed: state.value.noticed + 1 });

  /** The loaded answer as the screen's ready state. */
  const shown = (insurers: readonly Insurer[]) => ({ state: 'ready', insurers }) as const;

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load: () => loadInto(run, api.list(), (load) => update({ load }), shown),
    create: (request) =>
      change(
        () => api.create(request),
        (insurer) => saved(insurer, { kind: 'created', insurerId: insurer.Id, name: insurer.Name }),
      ),
    update: (insurerId, request) =>
      change(
        () => api.update(insurerId, request),
        (insurer) => saved(insurer, { kind: 'saved', insurerId: insurer.Id, name: insurer.Name }),
      ),
    createKey: (insurer) =>
      change(
        () => api.createKey(insurer.Id),
        (key) =>
          update({
            issued: { key, name: insurer.Name },
            load: replaced(state.value.load, {
              ...insurer,
              Keys: [{ Kid: key.Kid, CreatedAt: key.CreatedAt, RevokedAt: null, LastUsedAt: null }, ...insurer.Keys],
            }),
          }),
      ),
    revokeKey: (insurer, kid) =>
      change(
        () => api.revokeKey(insurer.Id, kid),
        (answer) => saved(answer, { kind: 'revoked', insurerId: answer.Id, kid }),
      ),
    end: (insurer) =>
      change(
        () => api.end(insurer.Id),
        (answer) => saved(answer, { kind: 'ended', insurerId: answer.Id, name: answer.Name }),
      ),
    resume: (insurer) =>
      change(
        () => api.resume(insurer.Id),
        (answer) => saved(answer, { kind: 'resumed', insurerId: answer.Id, name: answer.Name }),
      ),
    remove: (insurer) =>
      change(
        () => api.remove(insurer.Id),
        () => update({ load: without(state.value.load, insurer.Id), notice: { kind: 'removed', name: insurer.Name }, noticed: state.value.noticed + 1 }),
      ),
    dismissIssued: () => update({ issued: null }),
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
