// Feature entry point: the product API on the web origin (settings, customer login, service hours, session ticket)
// and the customers behind it. Other features import this file only.
import type { FeaturePlugin } from '../../context.js';

export { numberHashOf } from './customers.js';

export const productFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'web') return;
  // Routes load with the plugin, not with this module: a CLI using this feature loads no HTTP code.
  const { productRoutes } = await import('./productRoutes.js');
  await productRoutes(app, ctx);
};
