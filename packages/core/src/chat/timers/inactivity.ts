import { concat, filter, map, of, switchMap, timer, take, ignoreElements, type Observable, type SchedulerLike } from 'rxjs';
import type { InactivityWarning } from '../chatController.types.js';
import { INACTIVITY_AFTER_MS, INACTIVITY_STAGE1_S, INACTIVITY_STAGE2_S } from '../chatTimings.js';

/** 'armed': a lawyer message waits for an answer; 'idle': answered, confirmed or no lawyer. */
export type InactivityTrigger = 'armed' | 'idle';

/** The dialog to show (null: none) or the signal to close the chat by timeout. */
export type InactivityEvent = { readonly kind: 'warning'; readonly warning: InactivityWarning | null } | { readonly kind: 'timeout' };

function stage(stageNo: 1 | 2, seconds: number, scheduler: SchedulerLike): Observable<InactivityEvent> {
  // seconds + 1 ticks: the last one only marks the end of the stage's final second.
  return timer(0, 1_000, scheduler).pipe(
    take(seconds + 1),
    filter((elapsed) => elapsed < seconds),
    map((elapsed) => ({ kind: 'warning', warning: { stage: stageNo, secondsLeft: seconds - elapsed } }) as const),
  );
}

/**
 * 180 s after an unanswered lawyer message the dialog opens (stage 1, 60 s),
 * then stage 2 (30 s), then 'timeout'. Every new trigger restarts from scratch;
 * 'idle' closes the dialog.
 */
export function inactivity(trigger$: Observable<InactivityTrigger>, scheduler: SchedulerLike): Observable<InactivityEvent> {
  const idle: InactivityEvent = { kind: 'warning', warning: null };
  return trigger$.pipe(
    switchMap((trigger) =>
      trigger === 'idle'
        ? of(idle)
        : concat(
            of(idle),
            timer(INACTIVITY_AFTER_MS, scheduler).pipe(ignoreElements()),
            stage(1, INACTIVITY_STAGE1_S, scheduler),
            stage(2, INACTIVITY_STAGE2_S, scheduler),
            of(idle, { kind: 'timeout' } as InactivityEvent),
          ),
    ),
  );
}
