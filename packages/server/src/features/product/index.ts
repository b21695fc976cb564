// Feature entry point: the product API on the web origin (settings, customer login, service hours, session ticket)
// and the customers behind it. Other features import this file only.
import type { FeaturePlugin } from '../../context.js';
import { productRoutes } from './productRoutes.js';

export { numberHashOf } from './customers.js';

export const productFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin === 'web') await productRoutes(app, ctx);
};
