// Feature entry point: the insurers and their entry keys, administered on the chat host. Other features import this
// file only: the customer login resolves entry keys (and notes their use), a chat records its participant's insurer.
import type { FeaturePlugin } from '../../context.js';

export { findInsurerDisplayNameOfParticipant, findInsurerIdOfParticipant } from './insurerQueries.js';
export { entryKeyOf } from './insurers.js';
export { noteEntryKeyUse, openEntrySession, recordFirstEntryKeyUse } from './keyUse.js';

/** How the cases of the single-insurer default (no insurer key) are named. */
export const DEFAULT_INSURER_NAME = 'Standardversicherer';

export const insurersFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  const { insurerRoutes } = await import('./insurerRoutes.js');
  await insurerRoutes(app, ctx);
};
