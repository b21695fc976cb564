// Server-side chat lifecycle: client presence across processes, and the sweep that
// closes abandoned waiting chats and lawyer chats whose client left without answering, and tells the lawyers whose
// client is gone or back; a forwarded chat nobody took in time goes to every lawyer (forwardHold.ts), and so does an
// active chat whose lawyer has had no console connected for LAWYER_AWAY_MS (lawyerAway.ts). Rules: rules.ts;
// docs/reliability.md "Chat lifecycle" describes timings and multi-process behaviour.
import type { AppContext } from '../../../context.js';
import type { Scheduler } from '../../../platform/scheduler.js';
import { purgePresenceBefore, recordLawyerPresence } from './lifecycleQueries.js';
import { createClientAwayNotices } from './clientAway.js';
import { releaseExpiredForwards } from './forwardHold.js';
import { releaseChatsOfAwayLawyers } from './lawyerAway.js';
import { createPresence, type Presence } from './presence.js';
import { PRESENCE_KEEP_MS, PRESENCE_REFRESH_MS, SWEEP_INTERVAL_MS } from './rules.js';
import { sweepChats, type SweepResult } from './sweeper.js';

export type { SweepResult } from './sweeper.js';

export interface ChatLifecycle {
  readonly presence: Presence;
  /** The lawyers' hub connections on this process (lawyer_presence). */
  readonly lawyerPresence: Presence;
  /** One sweep now (also what the scheduler runs). */
  sweep(): Promise<SweepResult>;
  /** Offers the forwarded chats nobody took within FORWARD_HOLD_MS to every lawyer now (also scheduled); answers how many. */
  releaseForwards(): Promise<number>;
  /** Offers the active chats whose lawyer has been away LAWYER_AWAY_MS to every lawyer now (also scheduled); answers how many. */
  releaseAwayLawyers(): Promise<number>;
  /** Stops the scheduled work and waits for presence writes in flight. */
  stop(): Promise<void>;
}

const PURGE_INTERVAL_MS = 3_600_000;

/** Starts presence refresh, sweep and presence purge on `scheduler` (every process runs all three). */
export function startChatLifecycle(ctx: AppContext, scheduler: Scheduler): ChatLifecycle {
  const presence = createPresence(ctx.db, ctx.clock, ctx.logger);
  const lawyerPresence = createPresence(ctx.db, ctx.clock, ctx.logger, recordLawyerPresence);
  const startedAt = ctx.clock.now();
  const guarded = (name: string, task: () => Promise<unknown>) => () =>
    task().then(
      () => undefined,
      (error: unknown) => ctx.logger.error({ err: error, event: `chat.lifecycle.${name}_failed` }, 'chat lifecycle task failed'),
    );
  const clientAway = createClientAwayNotices();
  const sweep = () => sweepChats(ctx, clientAway);
  const stops = [
    scheduler.every(
      PRESENCE_REFRESH_MS,
      guarded('presence', () => Promise.all([presence.refresh(), lawyerPresence.refresh()])),
    ),
    scheduler.every(SWEEP_INTERVAL_MS, guarded('sweep', sweep)),
    scheduler.every(
      SWEEP_INTERVAL_MS,
      guarded('forwards', () => releaseExpiredForwards(ctx)),
    ),
    scheduler.every(
      SWEEP_INTERVAL_MS,
      guarded('lawyer_away', () => releaseChatsOfAwayLawyers(ctx, startedAt)),
    ),
    scheduler.every(
      PURGE_INTERVAL_MS,
      guarded('purge', () => purgePresenceBefore(ctx.db, new Date(ctx.clock.now().getTime() - PRESENCE_KEEP_MS).toISOString())),
    ),
  ];
  return {
    presence,
    lawyerPresence,
    sweep,
    releaseForwards: () => releaseExpiredForwards(ctx),
    releaseAwayLawyers: () => releaseChatsOfAwayLawyers(ctx, startedAt),
    async stop() {
      for (const stop of stops) stop();
      await Promise.all([presence.settled(), lawyerPresence.settled()]);
    },
  };
}
