// The administration's audit log for its screen: every action, newest first, page by page. `load` reads the newest
// page under the filters given; `more` appends the next older one under the same filters and names its first entry
// (`firstNew`), counted by `appended`, so the view can move the focus to the first new row. A refused page keeps the
// entries read so far. An answer to an earlier `load` (other filters) that arrives late is dropped.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller } from '../lawyer/account/accountCall.js';
import type { AdminTeamApi } from '../ports/adminTeam.js';
import type { AppError } from '../result.js';
import type { AuditLogEntry, AuditLogFilter } from '../wire/adminTeam.js';

export interface AuditLogState {
  /** null until the first page arrived. */
  readonly entries: readonly AuditLogEntry[] | null;
  /** Where the next older page starts; null: there is none. */
  readonly nextBefore: string | null;
  /** The last page could not be read; cleared when the next one arrives. */
  readonly error: AppError | null;
  /** A page is being read. */
  readonly busy: boolean;
  /** The first entry of the older page appended last (null after the newest page). */
  readonly firstNew: string | null;
  /** Counts appended older pages. */
  readonly appended: number;
}

export interface AuditLog {
  readonly state$: Observable<AuditLogState>;
  snapshot(): AuditLogState;
  /** Reads the newest page (again) of the entries that pass `filter` (none: every entry). */
  load(filter?: AuditLogFilter): void;
  /** Appends the next older page, if there is one and no page is being read. */
  more(): void;
  dispose(): void;
}

export interface AuditLogDeps {
  readonly api: Pick<AdminTeamApi, 'auditLog'>;
  readonly onSessionExpired: () => void;
  /** Entries per page. */
  readonly pageSize: number;
}

export const initialAuditLogState: AuditLogState = { entries: null, nextBefore: null, error: null, busy: false, firstNew: null, appended: 0 };

export function createAuditLog({ api, onSessionExpired, pageSize }: AuditLogDeps): AuditLog {
  const state = new BehaviorSubject<AuditLogState>(initialAuditLogState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<AuditLogState>) => state.next({ ...state.value, ...change });

  let filter: AuditLogFilter = {};
  // Counts loads: a page asked for under earlier filters must not land in the list of the current ones.
  let generation = 0;

  const page = (before: string | null) => {
    const asked = generation;
    update({ busy: true });
    run(
      api.auditLog({ ...filter, limit: pageSize, ...(before !== null ? { before } : {}) }),
      ({ Entries, NextBefore }) => {
        if (asked !== generation) return;
        const { entries, appended } = state.value;
        update({
          busy: false,
          error: null,
          nextBefore: NextBefore,
          ...(before === null || entries === null
            ? { entries: Entries, firstNew: null }
            : { entries: [...entries, ...Entries], firstNew: Entries[0]?.Id ?? null, appended: appended + 1 }),
        });
      },
      (error) => {
        if (asked === generation) update({ busy: false, error });
      },
    );
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load: (next = {}) => {
      filter = next;
      generation += 1;
      page(null);
    },
    more: () => {
      const { nextBefore, busy } = state.value;
      if (nextBefore !== null && !busy) page(nextBefore);
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
