// Feature entry point: the effective office hours – the weekly schedule the administrators set in the console (else
// SERVICE_HOURS) and the closures (holidays, Betriebsferien) – and their admin API on the chat host. Other features
// import this file only: the customer login, the chat session ticket, StartChat and GET /api/service-hours ask
// `isChatOpen` / `effectiveServiceHours`, so all of them answer alike.
import type { ServiceHours } from '@rechtschat/core';
import type { FeaturePlugin } from '../../context.js';
import type { PlatformContext } from '../../platform/platformContext.js';
import type { DomainError } from '../../platform/errors.js';
import { closedRefusal } from './closedRefusal.js';
import { describeEffectiveHours, isOpenAt } from './effectiveHours.js';
import { serviceHoursDepsOf } from './serviceHoursDeps.js';
import { storedServiceHours } from './serviceHoursStore.js';

type HoursContext = Pick<PlatformContext, 'db' | 'clock' | 'config'>;

/** Whether a new consultation may start now: within the weekly hours and not on a closure day (Europe/Berlin). */
export async function isChatOpen(ctx: HoursContext): Promise<boolean> {
  return isOpenAt(await storedServiceHours(serviceHoursDepsOf(ctx)), ctx.clock.now());
}

/** GET /api/service-hours: the weekly hours, open now, today's closure with its note, the next ones, when it opens again. */
export async function effectiveServiceHours(ctx: HoursContext): Promise<ServiceHours> {
  return describeEffectiveHours(await storedServiceHours(serviceHoursDepsOf(ctx)), ctx.clock.now());
}

/** The 403 `OutsideServiceHours` to refuse with now: on a closure day it names the closure and the next opening. */
export async function outsideServiceHoursNow(ctx: HoursContext): Promise<DomainError> {
  return closedRefusal(await effectiveServiceHours(ctx));
}

export const serviceHoursFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  const { serviceHoursRoutes } = await import('./serviceHoursRoutes.js');
  await serviceHoursRoutes(app, ctx);
};
