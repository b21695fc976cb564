// The lawyer's signed-in devices: the list with "this session", ending one or all others. Ending sessions also
// closes this browser's hub connection, so the caller hears of it (`onEnded`) and connects again at once.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import type { LawyerAccountApi } from '../../ports/lawyerAccount.js';
import type { DeviceSession } from '../../wire/index.js';
import { accountCaller } from './accountCall.js';

export type DeviceSessionsMessage = { readonly kind: 'ended' } | { readonly kind: 'endedOthers'; readonly count: number } | { readonly kind: 'failed' };

export interface DeviceSessionsState {
  /** null until the first list arrived. */
  readonly sessions: readonly DeviceSession[] | null;
  readonly message: DeviceSessionsMessage | null;
}

export interface DeviceSessions {
  readonly state$: Observable<DeviceSessionsState>;
  snapshot(): DeviceSessionsState;
  load(): void;
  endOne(id: string): void;
  endOthers(): void;
  dispose(): void;
}

export interface DeviceSessionsDeps {
  readonly api: Pick<LawyerAccountApi, 'sessions' | 'endSession' | 'endOtherSessions'>;
  readonly onEnded: () => void;
  readonly onSessionExpired: () => void;
}

export function createDeviceSessions({ api, onEnded, onSessionExpired }: DeviceSessionsDeps): DeviceSessions {
  const state = new BehaviorSubject<DeviceSessionsState>({ sessions: null, message: null });
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<DeviceSessionsState>) => state.next({ ...state.value, ...change });
  const failed = () => update({ message: { kind: 'failed' } });
  const load = () => run(api.sessions(), (sessions) => update({ sessions }), failed);
  const ended = (message: DeviceSessionsMessage) => {
    update({ message });
    load();
    onEnded();
  };
  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load,
    endOne: (id) => run(api.endSession(id), () => ended({ kind: 'ended' }), failed),
    endOthers: () => run(api.endOtherSessions(), ({ Ended }) => ended({ kind: 'endedOthers', count: Ended }), failed),
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
