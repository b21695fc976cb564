import type { Report, ReportFilters, ReportQuery } from '../wire/reports.js';
import type { Call } from './call.js';

/** The reports API on the chat host (docs/api.md "Reports"). */
export interface ReportsApi {
  filters(): Call<ReportFilters>;
  report(query: ReportQuery): Call<Report>;
  /** Address of the invoice CSV for a download link (admin only; the lawyer's cookie). */
  invoiceCsvUrl(query: ReportQuery): Call<string>;
}
