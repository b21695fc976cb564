// Feature entry point: the Textbausteine – phrases lawyers insert into the chat composer, their own and the firm's –
// and their API on the chat host (docs/api.md "Text templates"). A lawyer's own templates go with their row in
// `lawyers` (foreign key, migration 0028); deactivating an account keeps them.
import type { FeaturePlugin } from '../../context.js';

export const textTemplatesFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module, like every feature's.
  const { textTemplateRoutes } = await import('./textTemplateRoutes.js');
  await textTemplateRoutes(app, ctx);
};
