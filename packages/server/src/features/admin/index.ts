// Feature entry point: the firm's administration on the chat host – the team, single-use account links and the
// audit log every administrative change writes. Other features import this file only (access checks, audit entries).
import type { FeaturePlugin } from '../../context.js';

export { activeLawyerOf, adminOf, mayReadReportsOf } from './adminAccess.js';
export { recordAdminAction, type AuditActor, type AuditEntry } from './auditLog.js';
export { createAdministrator } from './createAdmin.js';
export { recordServerCommandMfaReset, resetPasswordFromServer } from './serverCommands.js';

export const adminFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  const { accountLinkRoutes } = await import('./accountLinkRoutes.js');
  const { teamRoutes } = await import('./teamRoutes.js');
  await accountLinkRoutes(app, ctx);
  await teamRoutes(app, ctx);
};
