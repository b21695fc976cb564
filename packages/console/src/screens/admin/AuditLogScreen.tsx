// /konsole/verwaltung/protokoll (administrators): every action of the administration, newest first, page by page
// ("Ältere Einträge laden" appends the next older page and keeps focus on the first new row), narrowed by the filters
// above the list (AuditLogFilters); older pages continue within the filters. „Als CSV herunterladen“ saves every
// entry of the filters shown (applied, not merely typed) as one file; it needs a period of at most 366 days.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { map, of, take } from 'rxjs';
import {
  AUDIT_EXPORT_MAX_DAYS,
  AUDIT_EXPORT_MAX_ROWS,
  auditDetailsText,
  auditExportFileName,
  createAuditLog,
  type AdminTeamApi,
  type AuditLogEntry,
  type AuditLogFilter,
  type TeamMember,
} from '@rechtschat/core';
import { formatDateTime, formatNumber } from '../../i18n/i18n.js';
import { useStream } from '../../workspace/useStream.js';
import type { FetchLike } from '../../ConsoleApp.js';
import { DownloadLink } from '../DownloadLink.js';
import { ScreenSection } from '../ScreenSection.js';
import { adminErrorText } from './adminErrors.js';
import { AuditLogFilters } from './AuditLogFilters.js';
import { LiveNotice } from '../LiveNotice.js';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditLogScreenProps {
  readonly ports: { readonly adminTeam: AdminTeamApi };
  readonly onSessionExpired: () => void;
  /** Entries per page (tests use a small one). */
  readonly pageSize?: number;
  /** The filters to open with (from the address). */
  readonly initialFilter?: AuditLogFilter;
  /** Called with the filters each time they change, to keep them in the address. */
  readonly onFilter?: (filter: AuditLogFilter) => void;
  /** The CSV download's fetch and save (tests); the browser's by default. */
  readonly download?: { readonly fetcher?: FetchLike; readonly save?: (blob: Blob, fileName: string) => void };
}

/** Days from `from` to `to`, both counted, as the server counts them for the export. */
const daysOf = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period of the filters shown when the server would export it: both ends, at most AUDIT_EXPORT_MAX_DAYS days. */
const exportPeriodOf = (filter: AuditLogFilter): { from: string; to: string } | null =>
  filter.from && filter.to && filter.to >= filter.from && daysOf(filter.from, filter.to) <= AUDIT_EXPORT_MAX_DAYS ? { from: filter.from, to: filter.to } : null;

const actionText = (t: TFunction, action: string): string => {
  const key = `Audit.Action.${action}`;
  return t(key, { defaultValue: action });
};

/** The details in German, as the server's CSV export writes them (core auditDetailsText); none: "–" like every other empty cell. */
const detailsText = (action: string, details: AuditLogEntry['Details']): string => auditDetailsText(action, details) || '–';

/**
 * Columns that may hold long tokens – e-mail addresses, ids, references, IPv6 addresses. `overflow-wrap: break-word`
 * breaks only what is wider than its column, and unlike `overflow-wrap: anywhere` or `word-break: break-word` it does
 * not let the table squeeze the column below its longest word: the column stays as wide as "Versicherungsnummer" or
 * an e-mail address, German words wrap at spaces and hyphens, and what is wider than the screen scrolls sideways in the
 * focusable region. (`word-break: break-word` broke every word.)
 */
const tokenColumn = (minWidth: string) => ({ minWidth, overflowWrap: 'break-word' }) as const;
const TARGET_COLUMN = tokenColumn('9rem');
const DETAILS_COLUMN = tokenColumn('14rem');
const IP_COLUMN = tokenColumn('7rem');

const NO_FILTER: AuditLogFilter = {};

export function AuditLogScreen({ ports, onSessionExpired, pageSize = AUDIT_PAGE_SIZE, initialFilter = NO_FILTER, onFilter, download }: AuditLogScreenProps) {
  const api = ports.adminTeam;
  const { t } = useTranslation();
  const log = useMemo(() => createAuditLog({ api, onSessionExpired, pageSize }), [api, onSessionExpired, pageSize]);
  useEffect(() => () => log.dispose(), [log]);
  const { entries, nextBefore, error: refused, busy, appended } = useStream(log.state$, log.snapshot());
  const error = refused && adminErrorText(t, refused);
  const rows = useRef(new Map<string, HTMLTableRowElement>());

  const [applied, setApplied] = useState(initialFilter);
  const filtered = Object.keys(applied).length > 0;
  const [team, setTeam] = useState<readonly TeamMember[]>([]);

  // The filters in force when the log was made; later changes load through `apply`.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => log.load(applied), [log]);

  // "Wer" offers the firm's lawyers; without the list (refused, offline) it still offers "Alle" and "Server-Befehl".
  useEffect(() => {
    const subscription = api
      .lawyers()
      .pipe(take(1))
      .subscribe((result) => {
        if (result._tag === 'Right') setTeam(result.right);
      });
    return () => subscription.unsubscribe();
  }, [api]);

  const apply = useCallback(
    (filter: AuditLogFilter) => {
      setApplied(filter);
      log.load(filter);
      onFilter?.(filter);
    },
    [log, onFilter],
  );
  const reset = useCallback(() => apply(NO_FILTER), [apply]);

  // The file is always the filters shown: `applied` changes only with „Filter anwenden“, never while typing.
  const exportPeriod = exportPeriodOf(applied);
  const csvUrl$ = useMemo(
    () => (exportPeriodOf(applied) ? api.auditLogCsvUrl(applied).pipe(map((url) => (url._tag === 'Right' ? url.right : null))) : of(null)),
    [api, applied],
  );
  const csvUrl = useStream(csvUrl$, null);

  // An older page was appended: the keyboard continues at its first row.
  useEffect(() => {
    const { firstNew } = log.snapshot();
    if (appended > 0 && firstNew !== null) rows.current.get(firstNew)?.focus();
  }, [appended, log]);

  return (
    <ScreenSection headingId="audit-heading" heading={t('Audit.Heading')}>
      <Typography sx={{ my: 1 }}>{t('Audit.Intro')}</Typography>
      <AuditLogFilters applied={applied} team={team} busy={busy} onApply={apply} onReset={reset} />
      <Typography component="div" variant="body2" sx={{ mb: 2 }}>
        {exportPeriod && csvUrl ? (
          <>
            <DownloadLink
              href={csvUrl}
              fileName={auditExportFileName(exportPeriod.from, exportPeriod.to)}
              label={t('Audit.Export.Link')}
              {...(download?.fetcher ? { fetcher: download.fetcher } : {})}
              {...(download?.save ? { save: download.save } : {})}
            />{' '}
            {t('Audit.Export.Hint', { max: formatNumber(AUDIT_EXPORT_MAX_ROWS) })}
          </>
        ) : (
          t('Audit.Export.NeedsPeriod', { days: AUDIT_EXPORT_MAX_DAYS })
        )}
      </Typography>
      <LiveNotice politeness="assertive" severity="error" sx={{ my: 2 }}>
        {error}
      </LiveNotice>
      {entries === null && !error && <Typography role="status">{t('Audit.Loading')}</Typography>}
      {entries !== null && entries.length === 0 && (
        <Typography role="status" sx={{ my: 2 }}>
          {t(filtered ? 'Audit.EmptyFiltered' : 'Audit.Empty')}
        </Typography>
      )}
      {entries !== null && entries.length > 0 && (
        <>
          {/* Long entries can scroll sideways: the container takes the keyboard focus, so they can be read (axe scrollable-region-focusable). */}
          <TableContainer tabIndex={0} role="region" aria-label={t('Audit.TableLabel')}>
            <Table size="small" aria-label={t('Audit.TableLabel')}>
              <TableHead>
                <TableRow>
                  {(['Audit.At', 'Audit.Actor', 'Audit.Action', 'Audit.Target', 'Audit.Details', 'Audit.Ip'] as const).map((key) => (
                    <TableCell key={key} component="th" scope="col">
                      {t(key)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow
                    key={entry.Id}
                    tabIndex={-1}
                    ref={(node) => {
                      if (node) rows.current.set(entry.Id, node);
                      else rows.current.delete(entry.Id);
                    }}
                  >
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.At)}
                    </TableCell>
                    <TableCell>{entry.ActorName}</TableCell>
                    <TableCell>{actionText(t, entry.Action)}</TableCell>
                    <TableCell sx={TARGET_COLUMN}>{entry.TargetLabel ?? entry.TargetId ?? '–'}</TableCell>
                    <TableCell sx={DETAILS_COLUMN}>{detailsText(entry.Action, entry.Details)}</TableCell>
                    <TableCell sx={IP_COLUMN}>{entry.Ip ?? '–'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography role="status" variant="body2" sx={{ mt: 1 }}>
            {t('Audit.Loaded', { count: entries.length })}
          </Typography>
        </>
      )}
      {nextBefore !== null && (
        <Button variant="outlined" sx={{ mt: 2 }} disabled={busy} onClick={() => log.more()}>
          {t('Audit.More')}
        </Button>
      )}
    </ScreenSection>
  );
}
