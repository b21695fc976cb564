// Feature entry point: the data-subject requests (access archive, erasure), administered on the chat host.
import type { FeaturePlugin } from '../../context.js';

export { eraseRequestedChatCasesNoLongerKept } from './requestedErasure.js';
export { ERASED_PERSON_ID } from './dataRequestQueries.js';

export const dataRequestsFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using this feature loads no HTTP code.
  const { dataRequestRoutes } = await import('./dataRequestRoutes.js');
  await dataRequestRoutes(app, ctx);
};
