// Feature entry point: the reports API on the chat host (figures for a period, the invoice CSV).
import type { FeaturePlugin } from '../../context.js';

export const reportsFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using this feature loads no HTTP code.
  const { reportRoutes } = await import('./reportRoutes.js');
  await reportRoutes(app, ctx);
};
