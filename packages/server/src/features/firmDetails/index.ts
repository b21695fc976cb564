// Feature entry point: the firm's legal details (Kanzleiangaben) – what an administrator saved in the console, else
// FIRM_NAME, FIRM_PHONE and FIRM_EMAIL – and their admin API on the chat host. Other features and the composition root
// import this file only: the public settings, the `branding` island of every web page and the Vollmacht ask
// `effectiveFirmDetails`, so all of them name the firm alike.
import { firmAddressLine, firmDetailsProblems, normalizeFirmDetails, type FirmDetails } from '@rechtschat/core';
import type { FeaturePlugin } from '../../context.js';
import type { PlatformContext } from '../../platform/platformContext.js';
import { firmDetailsDepsOf } from './firmDetailsDeps.js';
import { rowOf } from './firmDetailsAdmin.js';
import { insertFirmDetailsIfAbsent } from './firmDetailsQueries.js';
import { forgetFirmDetails, storedFirmDetails } from './firmDetailsStore.js';

type FirmContext = Pick<PlatformContext, 'db' | 'clock' | 'config'>;

/** The details clients see now (from this process's cache, at most a few seconds old). */
export async function effectiveFirmDetails(ctx: FirmContext): Promise<FirmDetails> {
  return (await storedFirmDetails(firmDetailsDepsOf(ctx))).details;
}

/** Who issues the client's documents (protocol, usage confirmation) and signs the protocol mail: name and address. */
export async function firmIssuer(ctx: FirmContext): Promise<{ readonly name: string; readonly line: string }> {
  const details = await effectiveFirmDetails(ctx);
  return { name: details.Name, line: [details.Name, firmAddressLine(details)].filter((part) => part !== '').join(', ') };
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

/**
 * The demo seed's details (development only): stored unless an administrator (or an earlier seed) saved some, checked
 * like a save in the console, no audit entry. False when details were there already. The console reads „Zuletzt geändert
 * von der Demo-Einrichtung am …“ (not „von Demodaten“, which is no one: outside tester).
 */
export async function storeDemoFirmDetails(ctx: Pick<PlatformContext, 'db' | 'clock'>, details: FirmDetails): Promise<boolean> {
  const normalized = normalizeFirmDetails(details);
  if (firmDetailsProblems(normalized).length > 0) throw new Error('Die Demo-Kanzleiangaben sind ungültig.');
  const stored = await insertFirmDetailsIfAbsent(ctx.db, rowOf(normalized, { id: null, name: 'der Demo-Einrichtung' }, ctx.clock.now().toISOString()));
  forgetFirmDetails(ctx.db);
  return stored;
}

export const firmDetailsFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  const { firmDetailsRoutes } = await import('./firmDetailsRoutes.js');
  await firmDetailsRoutes(app, ctx);
};
