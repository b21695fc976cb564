// The administration's audit log for its screen: every action, newest first, page by page. `load` reads the newest
// page; `more` appends the next older one and names its first entry (`firstNew`), counted by `appended`, so the view
// can move the focus to the first new row. A refused page keeps the entries read so far.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller } from '../lawyer/account/accountCall.js';
import type { AdminTeamApi } from '../ports/adminTeam.js';
import type { AppError } from '../result.js';
import type { AuditLogEntry } from '../wire/adminTeam.js';

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
  /** Reads the newest page (again). */
  load(): void;
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

  const page = (before: string | null) => {
    update({ busy: true });
    run(
      api.auditLog({ limit: pageSize, ...(before !== null ? { before } : {}) }),
      ({ Entries, NextBefore }) => {
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
      (error) => update({ busy: false, error }),
    );
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load: () => page(null),
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
