// The firm details' dependencies from the app context: database, clock and FIRM_NAME/FIRM_PHONE/FIRM_EMAIL as defaults.
import type { PlatformContext } from '../../platform/platformContext.js';
import type { FirmDetailsDeps } from './firmDetailsStore.js';

export const firmDetailsDepsOf = (ctx: Pick<PlatformContext, 'db' | 'clock' | 'config'>): FirmDetailsDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  defaults: { name: ctx.config.firmName, phone: ctx.config.firmPhone, email: ctx.config.firmEmail },
});
