// The office hours' dependencies from the app context: database, clock and SERVICE_HOURS as the default schedule.
import type { PlatformContext } from '../../platform/platformContext.js';
import type { ServiceHoursDeps } from './serviceHoursStore.js';

export const serviceHoursDepsOf = (ctx: Pick<PlatformContext, 'db' | 'clock' | 'config'>): ServiceHoursDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  defaultHours: ctx.config.serviceHours,
});
