// Who may do what in the console: every route of the firm's administration asks here (roles of migration 0014).
// A deactivated account never passes, even with a session that survived somewhere.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../platform/errors.js';
import { lawyerOf, notAuthenticated } from '../../platform/http/auth.js';
import type { LawyersTable } from '../lawyer/index.js';
import { lawyerById } from '../lawyer/index.js';

export const adminOnly = () => new DomainError('Forbidden', 'Diese Funktion steht nur der Administration der Kanzlei zur Verfügung.');

/** The signed-in, active lawyer of the request; 401 without a session or for a deactivated account. */
export async function activeLawyerOf(ctx: AppContext, request: FastifyRequest): Promise<LawyersTable> {
  const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
  if (lawyer === undefined || lawyer.active !== 1) throw notAuthenticated();
  return lawyer;
}

/** The signed-in administrator of the request; 401 without a session, 403 for a lawyer without the admin role. */
export async function adminOf(ctx: AppContext, request: FastifyRequest): Promise<LawyersTable> {
  const lawyer = await activeLawyerOf(ctx, request);
  if (lawyer.role !== 'admin') {
    request.log.warn({ event: 'admin.forbidden', lawyerId: lawyer.id, url: request.routeOptions.url }, 'admin route refused: not an administrator');
    throw adminOnly();
  }
  return lawyer;
}

/** Reports: an administrator sees every lawyer's work, a lawyer only their own. */
export function mayReadReportsOf(lawyer: Pick<LawyersTable, 'id' | 'role'>, lawyerId: string | null): boolean {
  return lawyer.role === 'admin' || lawyerId === lawyer.id;
}
