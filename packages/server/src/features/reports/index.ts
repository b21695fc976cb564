// Feature entry point: the reports API on the chat host (figures for a period, the invoice CSV).
import type { FeaturePlugin } from '../../context.js';
import { reportRoutes } from './reportRoutes.js';

export const reportsFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin === 'chatHost') await reportRoutes(app, ctx);
};
