// Feature entry point: the data-subject requests (access archive, erasure), administered on the chat host.
import type { FeaturePlugin } from '../../context.js';
import { dataRequestRoutes } from './dataRequestRoutes.js';

export const dataRequestsFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin === 'chatHost') await dataRequestRoutes(app, ctx);
};
