// Feature entry point: the lawyers – login with second factor and passkeys, account security, profile, queue and
// the lawyer's hub methods – on the chat host. Other features import this file only.
import type { FeaturePlugin } from '../../context.js';

export { avatarSvg } from './avatar.js';
export { lawyerMethods } from './lawyerHubMethods.js';
export { findLawyerByEmail, findLawyerById } from './lawyerQueries.js';
export { avatarUrl, createLawyer, lawyerById, lawyerImageUrl, setLawyerPassword } from './lawyers.js';
export { passwordViolation, passwordViolationMessage } from './passwordPolicy.js';
export { lawyerError } from './lawyerErrors.js';
export { queueLength } from './queue.js';
export { hasSecondFactor, resetLawyerMfa, type LawyerMfaReset } from './resetLawyerMfa.js';
export { storedSecondFactorsReadable } from './lawyerTotp.js';
export type { LawyersTable } from './tables.js';

export const lawyerFeature: FeaturePlugin = async (app, { ctx, origin }) => {
  if (origin !== 'chatHost') return;
  // Routes load with the plugin, not with this module: a CLI using the exports above loads no HTTP code.
  const { lawyerRoutes } = await import('./lawyerRoutes.js');
  const { lawyerSecurityRoutes } = await import('./lawyerSecurityRoutes.js');
  const { lawyerWebAuthnRoutes } = await import('./lawyerWebAuthnRoutes.js');
  const { lawyerAccountRoutes } = await import('./lawyerAccountRoutes.js');
  await lawyerRoutes(app, ctx);
  await lawyerSecurityRoutes(app, ctx);
  await lawyerWebAuthnRoutes(app, ctx);
  await lawyerAccountRoutes(app, ctx);
};
