// /konsole/berichte: the report of a period (month and quarter presets or from/to, Europe/Berlin days) – for an administrator the
// firm's with insurer and lawyer filters, for a lawyer their own work. Key figures, then per topic a bar chart (its own
// lazily loaded chunk, ReportChart) with the data table beside it, which screen readers use; the invoice CSV for
// administrators.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createReportsView, DEFAULT_INSURER, invoiceFileName, type LawyerProfile, type Report, type ReportPeriod, type ReportsApi } from '@rechtschat/core';
import { formatDate } from '../../i18n/i18n.js';
import { useStream } from '../../workspace/useStream.js';
import { DownloadLink } from '../DownloadLink.js';
import { FactList } from '../FactList.js';
import { ScreenSection } from '../ScreenSection.js';
import { useRefocusWhenEnabled } from '../useRefocusWhenEnabled.js';
import type { ChartBar } from './ReportChart.js';
import { formatCount, formatDay, formatDecimal, formatSeconds, monthPresets, quarterPresets } from './reportFormat.js';

// The chart code is its own chunk: the screen and its tables render before it arrives.
const ReportChart = lazy(() => import('./ReportChart.js'));

export interface ReportsScreenProps {
  readonly api: ReportsApi;
  readonly me: Pick<LawyerProfile, 'Id' | 'Role'>;
  /** Call on a 401: the session ended, the login appears. */
  readonly onSessionExpired?: () => void;
  /** The clock for the month presets; tests pass a fixed one. */
  readonly now?: () => number;
  /** The period and filters to open with (the address's query, so a reload or a shared link shows the same report). */
  readonly initial?: ReportPeriod | null;
  /** Each report asked for, to keep it in the address. */
  readonly onShow?: (period: ReportPeriod) => void;
}

/** Without a session handler (tests): a 401 is only not shown. The same function every render keeps the use case. */
const ignoreSessionExpired = () => undefined;
const ignoreShow = () => undefined;

interface Column {
  readonly header: string;
  readonly numeric?: boolean;
}

/** A table for a chart: caption, header row, one row per bar. */
function DataTable({
  caption,
  columns,
  rows,
}: {
  readonly caption: string;
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly ReactNode[])[];
}) {
  return (
    // Two or three columns read best narrow; the per-lawyer table's six squeezed into 640 px wrapped every name and heading.
    <Table size="small" sx={{ maxWidth: columns.length > 3 ? 960 : 640 }}>
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, fontWeight: 600 }}>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.header} align={column.numeric ? 'right' : 'left'} scope="col">
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, index) => (
          <TableRow key={index}>
            {cells.map((cell, column) =>
              column === 0 ? (
                <TableCell key={column} component="th" scope="row">
                  {cell}
                </TableCell>
              ) : (
                <TableCell key={column} align={columns[column]?.numeric ? 'right' : 'left'}>
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One topic: heading, the lazy chart and its table side by side (stacked on narrow screens). */
function ChartWithTable({
  id,
  title,
  bars,
  table,
  wideTable = false,
}: {
  readonly id: string;
  readonly title: string;
  readonly bars: readonly ChartBar[];
  readonly table: ReactNode;
  /** A table of more than three columns (up to 960 px) goes beside its chart only from 1536 px on. */
  readonly wideTable?: boolean;
}) {
  const { t } = useTranslation();
  // From 1200 px a narrow table (≤ 640 px) fits beside the 590 px chart: on a 1366 or 1280 px laptop the report was one
  // long column, chart above table, three screens longer than needed.
  const row = wideTable ? 'xl' : 'lg';
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" id={id}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', [row]: 'row' }} spacing={3} sx={{ mt: 1, alignItems: 'flex-start' }}>
        {/* The chart keeps a readable size and scrolls sideways on a phone: focusable and named like the table. */}
        <Box
          {...(bars.length === 0 ? {} : { tabIndex: 0, role: 'region', 'aria-label': t('Reports.ChartRegion', { title }) })}
          sx={{ flex: 1, minWidth: 0, width: '100%', overflowX: 'auto' }}
        >
          {bars.length === 0 ? (
            <Typography variant="body2">{t('Reports.Empty')}</Typography>
          ) : (
            <Suspense fallback={<Typography variant="body2">{t('Reports.ChartLoading')}</Typography>}>
              <ReportChart title={title} bars={bars} />
            </Suspense>
          )}
        </Box>
        {/* Scrolls sideways on a narrow window: focusable and named, so keyboard users can scroll it too. */}
        <Box tabIndex={0} role="region" aria-label={t('Reports.TableRegion', { title })} sx={{ flex: 1, minWidth: 0, width: '100%', overflowX: 'auto' }}>
          {table}
        </Box>
      </Stack>
    </Box>
  );
}

/** The line that says what the report is doing or why it was refused; a refused period's fields name it. */
const REPORT_STATUS_ID = 'report-status';

export function ReportsScreen({
  api,
  me,
  onSessionExpired = ignoreSessionExpired,
  now = () => Date.now(),
  initial = null,
  onShow = ignoreShow,
}: ReportsScreenProps) {
  const { t } = useTranslation();
  // The last twelve months, then the last five quarters: a quarterly invoice is one choice, like a monthly one.
  const presets = useMemo(() => [...monthPresets(now()), ...quarterPresets(t, now())], [now, t]);
  const current = presets[0] as (typeof presets)[number];
  const start = initial ?? current;
  const [month, setMonth] = useState(() => presets.find((p) => p.from === start.from && p.to === start.to)?.value ?? 'custom');
  const [from, setFrom] = useState(start.from);
  const [to, setTo] = useState(start.to);
  const isAdmin = me.Role === 'admin';
  // A lawyer's screen has no insurer or lawyer filter: one in the address (a link an administrator sent, a bookmark
  // from before the administration was taken away) would narrow or refuse (403) the lawyer's own figures with nothing
  // on the screen to undo it – the period is kept, the filters only an administrator can choose are not.
  const [insurer, setInsurer] = useState(isAdmin ? (initial?.insurer ?? '') : '');
  const [lawyer, setLawyer] = useState(isAdmin ? (initial?.lawyer ?? '') : '');
  const reports = useMemo(() => createReportsView({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => () => reports.dispose(), [reports]);
  const { filters, status } = useStream(reports.state$, reports.snapshot());
  // The invoice's file name names the report's insurer, as the server's does.
  const insurerNameOf = (id: string | null): string | null =>
    id === null ? null : id === DEFAULT_INSURER ? t('Reports.DefaultInsurer') : (filters?.Insurers.find((option) => option.Id === id)?.Name ?? null);
  // „Bericht anzeigen“ is disabled while the report loads, which dropped the keyboard focus to the page's start after
  // every report: it comes back to the button, for the next period.
  const showButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenEnabled(showButton, status.kind === 'loading');
  // A 400 is about the period (too long, a day that does not exist): the server's German words, the dates marked.
  const periodRefused = status.kind === 'refused' && status.error._tag === 'HttpError' && status.error.status === 400 && status.error.message !== '';
  const invalidPeriod = status.kind === 'invalidPeriod' || periodRefused;

  useEffect(
    () => {
      // The address drops the filters a lawyer's screen left out, so a reload or a copied link shows what is on screen.
      if (!isAdmin && (initial?.insurer || initial?.lawyer)) onShow({ from, to, insurer, lawyer });
      return reports.open({ from, to, insurer, lawyer });
    },
    // Once on opening: later loads come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reports],
  );

  const fromField = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reports.show({ from, to, insurer, lawyer });
    onShow({ from, to, insurer, lawyer });
    // A period found invalid marks Von and Bis: the focus goes to the first, Von (accessibility auditor).
    if (reports.snapshot().status.kind === 'invalidPeriod') fromField.current?.focus();
  };
  const chooseMonth = (value: string) => {
    setMonth(value);
    const preset = presets.find((p) => p.value === value);
    if (!preset) return;
    setFrom(preset.from);
    setTo(preset.to);
    reports.show({ from: preset.from, to: preset.to, insurer, lawyer });
    onShow({ from: preset.from, to: preset.to, insurer, lawyer });
  };

  const report = status.kind === 'loaded' ? status.report : null;
  const failed = status.kind === 'refused' || status.kind === 'invalidPeriod';
  const announcement =
    status.kind === 'loading'
      ? t('Reports.Loading')
      : status.kind === 'invalidPeriod'
        ? t('Reports.InvalidPeriod')
        : periodRefused
          ? status.error.message
          : status.kind === 'refused'
            ? t(status.error._tag === 'HttpError' && status.error.status === 403 ? 'Reports.Forbidden' : 'Reports.Failed')
            : report
              ? t('Reports.Loaded', { from: formatDay(report.From), to: formatDay(report.To) })
              : '';

  return (
    <ScreenSection headingId="reports-heading" heading={t('Reports.Heading')}>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {isAdmin ? t('Reports.IntroAdmin') : t('Reports.IntroLawyer')}
      </Typography>

      <Box component="form" onSubmit={submit} aria-label={t('Reports.FilterHeading')} sx={{ mt: 2 }} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flexWrap: 'wrap', alignItems: { md: 'flex-end' } }} useFlexGap>
          <TextField select label={t('Reports.Month')} value={month} onChange={(e) => chooseMonth(e.target.value)} size="small" sx={{ minWidth: 200 }}>
            {presets.map((preset) => (
              <MenuItem key={preset.value} value={preset.value}>
                {preset.label}
              </MenuItem>
            ))}
            <MenuItem value="custom">{t('Reports.MonthCustom')}</MenuItem>
          </TextField>
          <TextField
            type="date"
            label={t('Reports.From')}
            inputRef={fromField}
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setMonth('custom');
            }}
            error={invalidPeriod}
            size="small"
            // A refused period names the line that says why (WCAG 3.3.1; accessibility auditor, 2026-12-05).
            slotProps={{ inputLabel: { shrink: true }, htmlInput: invalidPeriod ? { 'aria-describedby': REPORT_STATUS_ID } : {} }}
          />
          <TextField
            type="date"
            label={t('Reports.To')}
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setMonth('custom');
            }}
            error={invalidPeriod}
            size="small"
            // A refused period names the line that says why (WCAG 3.3.1; accessibility auditor, 2026-12-05).
            slotProps={{ inputLabel: { shrink: true }, htmlInput: invalidPeriod ? { 'aria-describedby': REPORT_STATUS_ID } : {} }}
          />
          {isAdmin && (
            <TextField
              select
              label={t('Reports.Insurer')}
              value={insurer}
              onChange={(e) => setInsurer(e.target.value)}
              size="small"
              sx={{ minWidth: 200 }}
              // "Alle …" has the empty value: shown as chosen, not as an unfilled field.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('Reports.AllInsurers')}</MenuItem>
              <MenuItem value={DEFAULT_INSURER}>{t('Reports.DefaultInsurer')}</MenuItem>
              {(filters?.Insurers ?? []).map((option) => (
                <MenuItem key={option.Id} value={option.Id}>
                  {option.Name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {isAdmin && filters?.MayChooseLawyer && (
            <TextField
              select
              label={t('Reports.Lawyer')}
              value={lawyer}
              onChange={(e) => setLawyer(e.target.value)}
              size="small"
              sx={{ minWidth: 200 }}
              // "Alle …" has the empty value: shown as chosen, not as an unfilled field.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('Reports.AllLawyers')}</MenuItem>
              {filters.Lawyers.map((option) => (
                <MenuItem key={option.Id} value={option.Id}>
                  {option.Deactivated ? t('Reports.LawyerDeactivated', { name: option.Name }) : option.Name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button ref={showButton} type="submit" variant="contained" disabled={status.kind === 'loading'}>
            {t('Reports.Show')}
          </Button>
        </Stack>
      </Box>

      <Typography
        id={REPORT_STATUS_ID}
        role="status"
        aria-live="polite"
        variant="body2"
        sx={{ mt: 1, minHeight: '1.5em' }}
        color={failed ? 'error' : 'text.secondary'}
      >
        {announcement}
      </Typography>

      {status.kind === 'loaded' && (
        <ReportBody
          report={status.report}
          invoiceUrl={filters?.MayExportInvoice ? status.invoiceUrl : null}
          insurerName={insurerNameOf(status.report.Insurer)}
          // The invoice is the shown report's: a period or insurer changed in the form but not yet shown would have
          // downloaded the earlier choice – every insurer's consultations for the one chosen (operator's pass).
          invoiceStale={status.report.From !== from || status.report.To !== to || (status.report.Insurer ?? '') !== insurer}
        />
      )}
    </ScreenSection>
  );
}

function ReportBody({
  report,
  invoiceUrl,
  insurerName,
  invoiceStale,
}: {
  readonly report: Report;
  readonly invoiceUrl: string | null;
  /** The chosen insurer's name for the invoice's file name; null: every insurer. */
  readonly insurerName: string | null;
  /** The form's period or insurer is not the shown report's: no invoice until „Bericht anzeigen“. */
  readonly invoiceStale: boolean;
}) {
  const { t } = useTranslation();
  const counts = report.Counts;
  const stats = (value: { MedianSeconds: number | null; P90Seconds: number | null }) =>
    value.MedianSeconds === null
      ? t('Reports.None')
      : t('Reports.MedianP90', { median: formatSeconds(t, value.MedianSeconds), p90: formatSeconds(t, value.P90Seconds) });
  const outcome: ChartBar[] = [
    [t('Reports.StartedShort'), counts.Started],
    [t('Reports.TakenShort'), counts.Taken],
    [t('Reports.CompletedShort'), counts.Completed],
    [t('Reports.AbandonedShort'), counts.Abandoned],
    [t('Reports.CallbackBeforeTakenShort'), counts.CallbackBeforeTaken],
    [t('Reports.OpenShort'), counts.Open],
  ].map(([label, value]) => ({ label: label as string, value: value as number, display: formatCount(value as number) }));
  const starsLabel = (stars: number) => (stars === 1 ? t('Reports.Star') : t('Reports.Stars', { count: stars }));
  const ratingBars: ChartBar[] = [5, 4, 3, 2, 1].map((stars) => {
    const value = report.Ratings.Distribution[stars - 1] ?? 0;
    return { label: starsLabel(stars), value, display: formatCount(value) };
  });
  const ratingCell = (mean: number | null, count: number) =>
    mean === null ? t('Reports.None') : t('Reports.RatingCell', { mean: formatDecimal(mean), count: formatCount(count) });

  return (
    <>
      <Box component="section" aria-labelledby="reports-key-figures" sx={{ mt: 2 }}>
        <Typography variant="h6" component="h3" id="reports-key-figures">
          {t('Reports.KeyFigures')}
        </Typography>
        <FactList>
          <dt>{t('Reports.Started')}</dt>
          <dd>{formatCount(counts.Started)}</dd>
          <dt>{t('Reports.Taken')}</dt>
          <dd>{formatCount(counts.Taken)}</dd>
          <dt>{t('Reports.Completed')}</dt>
          <dd>{formatCount(counts.Completed)}</dd>
          <dt>{t('Reports.Abandoned')}</dt>
          <dd>{formatCount(counts.Abandoned)}</dd>
          <dt>{t('Reports.CallbackBeforeTaken')}</dt>
          <dd>{formatCount(counts.CallbackBeforeTaken)}</dd>
          <dt>{t('Reports.Open')}</dt>
          <dd>{formatCount(counts.Open)}</dd>
          <dt>{t('Reports.Callbacks')}</dt>
          <dd>{t('Reports.CallbacksValue', { requested: formatCount(counts.CallbacksRequested), done: formatCount(counts.CallbacksDone) })}</dd>
          <dt>{t('Reports.Waiting')}</dt>
          <dd>{stats(report.WaitingTime)}</dd>
          <dt>{t('Reports.Duration')}</dt>
          <dd>{stats(report.Duration)}</dd>
          <dt>{t('Reports.Ratings')}</dt>
          <dd>
            {report.Ratings.Mean === null
              ? formatCount(0)
              : t('Reports.RatingsValue', { count: formatCount(report.Ratings.Count), mean: formatDecimal(report.Ratings.Mean) })}
          </dd>
        </FactList>
      </Box>

      {invoiceUrl && invoiceStale && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('Reports.InvoiceStale')}
        </Typography>
      )}
      {invoiceUrl && !invoiceStale && (
        <Box sx={{ mt: 2 }}>
          <DownloadLink href={invoiceUrl} fileName={invoiceFileName(report.From, report.To, insurerName)} label={t('Reports.Invoice')} />
          {/* What the file adds up to, so the operator can check it against the insurer's statement without a spreadsheet. */}
          {report.Invoice && (
            <Typography sx={{ mt: 1 }} data-testid="invoice-totals">
              {report.Invoice.Consultations === 0
                ? t('Reports.InvoiceEmpty')
                : t('Reports.InvoiceTotals', {
                    count: report.Invoice.Consultations,
                    consultations: formatCount(report.Invoice.Consultations),
                    minutes: t('Reports.InvoiceMinutes', { count: report.Invoice.Minutes, value: formatCount(report.Invoice.Minutes) }),
                  })}
              {report.LawyerId === null &&
                report.Invoice.Consultations !== counts.Completed &&
                ` ${t('Reports.InvoiceDiffers', { completed: formatCount(counts.Completed) })}`}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('Reports.InvoiceHint')}
          </Typography>
          {report.LawyerId !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('Reports.InvoiceAllLawyers')}
            </Typography>
          )}
        </Box>
      )}

      <ChartWithTable
        id="reports-outcome"
        title={t('Reports.Outcome')}
        bars={outcome}
        table={
          <DataTable
            caption={t('Reports.Outcome')}
            columns={[{ header: t('Reports.OutcomeColumn') }, { header: t('Reports.Count'), numeric: true }]}
            rows={outcome.map((bar) => [bar.label, bar.display])}
          />
        }
      />
      <ChartWithTable
        id="reports-fields"
        title={t('Reports.FieldsOfLaw')}
        bars={report.FieldsOfLaw.map((row) => ({ label: row.Name, value: row.Started, display: formatCount(row.Started) }))}
        table={
          <DataTable
            caption={t('Reports.FieldsOfLaw')}
            columns={[
              { header: t('Reports.FieldsOfLaw') },
              { header: t('Reports.StartedShort'), numeric: true },
              { header: t('Reports.CompletedShort'), numeric: true },
            ]}
            rows={report.FieldsOfLaw.map((row) => [row.Name, formatCount(row.Started), formatCount(row.Completed)])}
          />
        }
      />
      <ChartWithTable
        id="reports-ratings"
        title={t('Reports.RatingDistribution')}
        bars={report.Ratings.Count === 0 ? [] : ratingBars}
        table={
          <DataTable
            caption={t('Reports.RatingDistribution')}
            columns={[{ header: t('Reports.RatingColumn') }, { header: t('Reports.Count'), numeric: true }]}
            rows={ratingBars.map((bar) => [bar.label, bar.display])}
          />
        }
      />
      <ChartWithTable
        id="reports-lawyers"
        wideTable
        title={t('Reports.PerLawyer')}
        bars={report.Lawyers.map((row) => ({ label: row.Name, value: row.Taken, display: formatCount(row.Taken) }))}
        table={
          <DataTable
            caption={t('Reports.PerLawyer')}
            columns={[
              { header: t('Reports.Name') },
              { header: t('Reports.TakenShort'), numeric: true },
              { header: t('Reports.CompletedShort'), numeric: true },
              { header: t('Reports.WaitingMedian'), numeric: true },
              { header: t('Reports.DurationMedian'), numeric: true },
              { header: t('Reports.RatingMean'), numeric: true },
            ]}
            rows={report.Lawyers.map((row) => [
              row.Name,
              formatCount(row.Taken),
              formatCount(row.Completed),
              formatSeconds(t, row.WaitingMedianSeconds),
              formatSeconds(t, row.DurationMedianSeconds),
              ratingCell(row.RatingMean, row.RatingCount),
            ])}
          />
        }
      />
      <ChartWithTable
        id="reports-insurers"
        title={t('Reports.PerInsurer')}
        bars={report.Insurers.map((row) => ({ label: row.Name, value: row.Started, display: formatCount(row.Started) }))}
        table={
          <DataTable
            caption={t('Reports.PerInsurer')}
            columns={[
              { header: t('Reports.Insurer') },
              { header: t('Reports.StartedShort'), numeric: true },
              { header: t('Reports.CompletedShort'), numeric: true },
            ]}
            rows={report.Insurers.map((row) => [row.Name, formatCount(row.Started), formatCount(row.Completed)])}
          />
        }
      />

      <Box component="section" aria-labelledby="reports-comments" sx={{ mt: 3 }}>
        <Typography variant="h6" component="h3" id="reports-comments">
          {t('Reports.Comments')}
        </Typography>
        {report.Ratings.Comments.length === 0 ? (
          <Typography variant="body2">{t('Reports.NoComments')}</Typography>
        ) : (
          <List dense>
            {report.Ratings.Comments.map((comment) => (
              <ListItem key={`${comment.Reference}-${comment.Date}`} disableGutters>
                <ListItemText
                  primary={comment.Comment}
                  secondary={t('Reports.CommentMeta', { date: formatDate(comment.Date), reference: comment.Reference, stars: comment.Stars })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </>
  );
}
