// Reports on the chat host (docs/api.md "Reports"): the figures for a period (an administrator: the firm's, or one
// lawyer's; a lawyer: always their own), the filters the screen offers, and the invoice CSV of completed
// consultations – the firm's document, so administrators only. Reading figures changes nothing and is not audited;
// every invoice export is (it leaves the system).
import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { type IoTsTypeProvider, queryOf } from '../../platform/http/routeSchema.js';
import { activeLawyerOf, adminOf, mayReadReportsOf, recordAdminAction } from '../admin/index.js';
import { DEFAULT_INSURER, invoiceFileName } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import { badRequest, DomainError } from '../../platform/errors.js';
import { dispositionHeader } from '../../platform/files/download.js';
import { DEFAULT_INSURER_NAME } from '../insurers/index.js';
import { buildInvoiceCsv, buildReport } from './reports.js';
import { insurerNames, lawyerNames, type ReportFilter } from './reportQueries.js';
import { reportPeriodOf, type ReportPeriod } from './reportPeriod.js';

const ReportQueryString = t.intersection([t.type({ from: t.string, to: t.string }), t.partial({ insurer: t.string, lawyer: t.string })], 'ReportQueryString');

const notYourReport = () => new DomainError('Forbidden', 'Sie können nur Ihre eigenen Zahlen sehen.');

function filterOf(query: t.TypeOf<typeof ReportQueryString>, lawyerId: string | null): { period: ReportPeriod; filter: ReportFilter } {
  const period = reportPeriodOf(query.from, query.to);
  const insurer = query.insurer === undefined || query.insurer === '' ? null : query.insurer;
  return { period, filter: { startIso: period.startIso, endIso: period.endIso, insurer, lawyerId } };
}

/**
 * The name of the insurer a filter names: null for all, the CSV's name of the default for `default`. An id no insurer
 * has is refused – its figures would be zeros that look like a real answer, and its export an empty invoice audited
 * under an id nobody can read.
 */
async function insurerNameOf(db: Db, insurer: string | null): Promise<string | null> {
  if (insurer === null) return null;
  if (insurer === DEFAULT_INSURER) return DEFAULT_INSURER_NAME;
  const found = (await insurerNames(db)).find((i) => i.id === insurer);
  if (!found) throw badRequest('Diesen Versicherer gibt es nicht. Bitte wählen Sie einen Versicherer aus der Liste.');
  return found.name;
}

export async function reportRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  app.get('/api/reports/filters', async (request) => {
    const lawyer = await activeLawyerOf(ctx, request);
    const isAdmin = lawyer.role === 'admin';
    const [lawyers, insurers] = await Promise.all([isAdmin ? lawyerNames(ctx.db) : [], insurerNames(ctx.db)]);
    return {
      MayChooseLawyer: isAdmin,
      MayExportInvoice: isAdmin,
      Insurers: insurers.map((i) => ({ Id: i.id, Name: i.name })),
      Lawyers: isAdmin
        ? lawyers.map((l) => ({ Id: l.id, Name: l.name, Deactivated: l.active === 0 }))
        : [{ Id: lawyer.id, Name: lawyer.name, Deactivated: false }],
    };
  });

  app.get('/api/reports', { schema: { querystring: ReportQueryString } }, async (request) => {
    const lawyer = await activeLawyerOf(ctx, request);
    const query = queryOf(request);
    const asked = query.lawyer === undefined || query.lawyer === '' ? null : query.lawyer;
    // A lawyer without the admin role sees their own work: no lawyer named means themselves, another one is refused.
    const lawyerId = lawyer.role === 'admin' ? asked : (asked ?? lawyer.id);
    if (!mayReadReportsOf(lawyer, lawyerId)) {
      request.log.warn({ event: 'reports.forbidden', lawyerId: lawyer.id }, 'report of another lawyer refused');
      throw notYourReport();
    }
    const { period, filter } = filterOf(query, lawyerId);
    await insurerNameOf(ctx.db, filter.insurer);
    // An administrator's lawyer filter names someone of the firm (deactivated ones too): an unknown id is no report of zeros.
    if (lawyerId !== null && lawyerId !== lawyer.id && !(await lawyerNames(ctx.db)).some((l) => l.id === lawyerId))
      throw badRequest('Diese Anwältin oder diesen Anwalt gibt es nicht. Bitte wählen Sie aus der Liste.');
    // The invoice's totals go to whom may export it: the figures beside the download.
    return buildReport(ctx.db, period, filter, lawyer.role === 'admin');
  });

  app.get('/api/reports/invoice.csv', { schema: { querystring: ReportQueryString } }, async (request, reply) => {
    const admin = await adminOf(ctx, request);
    const { period, filter } = filterOf(queryOf(request), null);
    const insurerName = await insurerNameOf(ctx.db, filter.insurer);
    const { csv, rows } = await buildInvoiceCsv(ctx.db, period, filter.insurer);
    await recordAdminAction(
      ctx.db,
      ctx.clock,
      { id: admin.id, name: admin.name, ip: request.ip },
      { action: 'reports.invoice.exported', details: { from: period.from, to: period.to, insurer: filter.insurer, insurerName, rows } },
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', dispositionHeader(invoiceFileName(period.from, period.to, insurerName)))
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
