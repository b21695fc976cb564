// Feature entry point: the firm's legal details (Kanzleiangaben) – what an administrator saved in the console, else
// FIRM_NAME, FIRM_PHONE and FIRM_EMAIL – and their admin API on the chat host. Other features and the composition root
// import this file only: the public settings, the `branding` island of every web page and the Vollmacht ask
// `effectiveFirmDetails`, so all of them name the firm alike.
import type { FirmDetails } from '@rechtschat/core';
import type { FeaturePlugin } from '../../context.js';
import type { PlatformContext } from '../../platform/platformContext.js';
import { firmDetailsDepsOf } from './firmDetailsDeps.js';
import { storedFirmDetails } from './firmDetailsStore.js';

type FirmContext = Pick<PlatformContext, 'db' | 'clock' | 'config'>;

/** The details clients see now (from this process's cache, at most a few seconds old). */
export async function effectiveFirmDetails(ctx: FirmContext): Promise<FirmDetails> {
  return (await storedFirmDetails(firmDetailsDepsOf(ctx))).details;
}

/** What the web app gets (public settings and the `branding` island): the details and the name, phone and e-mail they give. */
export async function publicFirmBranding(ctx: FirmContext): Promise<{
  FirmName: string;
  ImprintUrl: string | null;
  FirmPhone: string | null;
  FirmEmail: string | null;
  FirmDetails: FirmDetails;
}> {
  const details = await effectiveFirmDetails(ctx);
  return {
    FirmName: details.Name,
    ImprintUrl: ctx.config.imprintUrl,
    FirmPhone: details.Phone === '' ? null : details.Phone,
    FirmEmail: details.Email === '' ? null : details.Email,
    FirmDetails: details,
  };
}

export const firmDetailsFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  const { firmDetailsRoutes } = await import('./firmDetailsRoutes.js');
  await firmDetailsRoutes(app, ctx);
};
