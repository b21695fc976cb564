// Data-subject requests (GDPR Art. 15/17), /konsole/verwaltung/auskunft: the administrator searches a person by
// insurance number or reference, sees what is stored (chats grouped by insurer, case files with their retention),
// downloads everything as one ZIP and erases the chats where no retention duty applies – after a confirmation that
// names what goes and what must stay, with the dates.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  archiveReferenceOf,
  berlinDateOf,
  createDataRequests,
  dataArchiveName,
  isErasable,
  type DataRequestsApi,
  type DataRequestsStatus,
  type DataSubjectCaseFile,
  type DataSubjectChatCase,
  type AppError,
} from '@rechtschat/core';
import { useStream } from '../../workspace/useStream.js';
import { AdminDialog } from './AdminDialog.js';
import { useRefocusWhenEnabled } from '../useRefocusWhenEnabled.js';
import { adminErrorText } from './adminErrors.js';
import { visuallyHidden } from '../visuallyHidden.js';
import { LiveNotice } from '../LiveNotice.js';

const dateFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

function saveInBrowser(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  requestAnimationFrame(() => URL.revokeObjectURL(url));
}

export interface DataRequestsScreenProps {
  readonly api: DataRequestsApi;
  readonly onSessionExpired: () => void;
  /** Saves the downloaded archive; the browser's download by default. */
  readonly save?: (blob: Blob, fileName: string) => void;
  /** Today, for the archive's file name; tests pass a fixed one. */
  readonly today?: () => Date;
}

type Kind = 'number' | 'reference';

interface InsurerOption {
  readonly Id: string;
  readonly Name: string;
}

/**
 * The insurers a refused search names (409 with `Insurers`: the number belongs to different people there), so the
 * administration can choose the person's insurer instead of looking for a reference; null for any other error.
 */
function insurersToChoose(error: AppError | null): readonly InsurerOption[] | null {
  if (error?._tag !== 'HttpError' || error.status !== 409) return null;
  const insurers = error.details?.['Insurers'];
  if (!Array.isArray(insurers)) return null;
  const options = insurers.filter((i): i is InsurerOption => typeof i?.Id === 'string' && typeof i?.Name === 'string');
  return options.length > 1 ? options : null;
}

/** A line of counts that starts with a zero in words: „Keine Nachrichten, 1 Datei, …“. */
const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase('de-DE') + text.slice(1);

/** "Gefunden: 1 Chat-Beratung und 2 Fallakten." – each count with its own German plural, zero in words („keine Fallakte“). */
function foundText(t: TFunction, chats: number, files: number): string {
  return t('DataRequests.Found', { chats: t('DataRequests.ChatCount', { count: chats }), files: t('DataRequests.CaseFileCount', { count: files }) });
}

let referenceList: Intl.ListFormat | undefined;

/**
 * What the erasure did, each erased chat by its reference ("Chat RC-… gelöscht (keine Dateien)."): the kept chats below
 * name theirs, and a bare count beside them read as if an erased chat had been kept.
 */
function erasedText(t: TFunction, references: readonly string[], files: number): string {
  if (references.length === 0) return t('DataRequests.NothingErased');
  referenceList ??= new Intl.ListFormat('de', { type: 'conjunction' });
  return t('DataRequests.Erased', {
    chats: t('DataRequests.ErasedChats', { count: references.length, references: referenceList.format(references) }),
    files: t('DataRequests.Files', { count: files }),
  });
}

function statusText(t: TFunction, status: DataRequestsStatus): string {
  switch (status.kind) {
    case 'searching':
      return t('DataRequests.Searching');
    case 'found':
      return foundText(t, status.chats, status.files);
    case 'nothingFound':
      return t('DataRequests.NothingFound');
    case 'downloading':
      return t('DataRequests.Downloading');
    case 'downloaded':
      return t('DataRequests.Downloaded');
    case 'erased':
      return erasedText(t, status.references, status.files);
  }
}

/**
 * Statuses whose sentence the screen shows anyway – the result's heading ("Gefunden: …") or the erasure's result – are
 * only read out by the status line, not shown a second time.
 */
const shownInResult = (status: DataRequestsStatus): boolean => status.kind === 'found' || status.kind === 'erased';

function chatStatus(t: ReturnType<typeof useTranslation>['t'], c: DataSubjectChatCase): string | null {
  if (c.Running) return t('DataRequests.ChatRunning');
  if (c.KeptFor !== null)
    return c.KeptUntil === null
      ? t('DataRequests.ChatKeptOpen', { caseFile: c.KeptFor })
      : t('DataRequests.ChatKeptUntil', { caseFile: c.KeptFor, date: formatDate(c.KeptUntil) });
  return null;
}

function caseFileStatus(t: ReturnType<typeof useTranslation>['t'], f: DataSubjectCaseFile, now: Date): string {
  if (f.MandateOpen || f.RetentionUntil === null) return t('DataRequests.CaseFileOpen');
  if (new Date(f.RetentionUntil) <= now) return t('DataRequests.CaseFileDue');
  return t('DataRequests.CaseFileUntil', { ended: f.MandateEndedAt ? formatDate(f.MandateEndedAt) : '–', date: formatDate(f.RetentionUntil) });
}

export function DataRequestsScreen({ api, onSessionExpired, save = saveInBrowser, today = () => new Date() }: DataRequestsScreenProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('number');
  const [value, setValue] = useState('');
  // What the last search of the form was for: the result, the refusal and the insurer question below belong to it.
  const [searchedFor, setSearchedFor] = useState<{ readonly kind: Kind; readonly value: string } | null>(null);
  // An entry changed after that search hides all of it: one person's archive and „Chats löschen“ were offered under
  // another person's number, a step from sending one person's data to another (an operator's pass, 2026-12-07).
  const entryChanged = searchedFor !== null && (searchedFor.kind !== kind || searchedFor.value !== value.trim());
  const [fieldError, setFieldError] = useState<string | null>(null);
  const requests = useMemo(() => createDataRequests({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => () => requests.dispose(), [requests]);
  const state = useStream(requests.state$, requests.snapshot());
  const { summary, busy, confirming, erasing, erased, searched } = state;
  const status = !entryChanged && state.status && statusText(t, state.status);
  const statusShownInResult = state.status !== null && shownInResult(state.status);
  const shownError = entryChanged ? null : state.error;
  const insurerOptions = shownError && insurersToChoose(shownError);
  const error = shownError && (insurerOptions ? t('DataRequests.ChooseInsurer') : adminErrorText(t, shownError));
  const [insurer, setInsurer] = useState('');
  const [insurerMissing, setInsurerMissing] = useState(false);
  const insurerChoiceRef = useRef<HTMLInputElement>(null);
  const eraseError = state.eraseError && adminErrorText(t, state.eraseError);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const erasedRef = useRef<HTMLHeadingElement>(null);
  // „Suchen“ and „Auskunft herunterladen“ are disabled while they run, which dropped the keyboard focus to the page's
  // start; it comes back to the button – unless a found person's result heading took it (below).
  const searchButton = useRef<HTMLButtonElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenEnabled(searchButton, busy !== null);
  useRefocusWhenEnabled(downloadButton, busy !== null);

  // A search of its own answered: the keyboard continues at its result.
  useEffect(() => {
    if (searched > 0) resultRef.current?.focus();
  }, [searched]);
  // An erasure confirmed: the dialog and the button that opened it are gone, the keyboard continues at what happened.
  useEffect(() => {
    if (erased) erasedRef.current?.focus();
  }, [erased]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed === '') {
      setFieldError(t('DataRequests.Empty'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setInsurer('');
    setInsurerMissing(false);
    setSearchedFor({ kind, value: trimmed });
    requests.search(kind === 'number' ? { InsuranceNumber: trimmed } : { Reference: trimmed });
  };

  const searchAtInsurer = (event: FormEvent) => {
    event.preventDefault();
    if (insurer === '') {
      setInsurerMissing(true);
      insurerChoiceRef.current?.focus();
      return;
    }
    if (searchedFor === null) return;
    requests.search({ InsuranceNumber: searchedFor.value, Insurer: insurer });
  };

  // The choice appears with the refusal: the keyboard continues there.
  useEffect(() => {
    if (insurerOptions) insurerChoiceRef.current?.focus();
  }, [insurerOptions]);

  const download = () =>
    requests.download((archive) => save(archive as Blob, dataArchiveName(summary ? archiveReferenceOf(summary) : null, berlinDateOf(today().getTime()))));

  const toErase = useMemo(() => summary?.ChatCases.filter(isErasable) ?? [], [summary]);
  const keptChats = useMemo(() => summary?.ChatCases.filter((c) => c.KeptFor !== null) ?? [], [summary]);
  const keptFiles = useMemo(
    () => summary?.CaseFiles.filter((f) => f.MandateOpen || (f.RetentionUntil !== null && new Date(f.RetentionUntil) > today())) ?? [],
    [summary, today],
  );
  const running = summary?.ChatCases.some((c) => c.Running) ?? false;

  const groups = useMemo(() => {
    const byInsurer = new Map<string | null, DataSubjectChatCase[]>();
    for (const c of summary?.ChatCases ?? []) byInsurer.set(c.Insurer, [...(byInsurer.get(c.Insurer) ?? []), c]);
    return [...byInsurer.entries()];
  }, [summary]);

  return (
    <Box component="section" aria-labelledby="data-requests-heading" sx={{ p: 2, maxWidth: 960 }}>
      <Typography id="data-requests-heading" variant="h5" component="h2" gutterBottom>
        {t('DataRequests.Heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('DataRequests.Intro')}</Typography>
      <Box component="form" onSubmit={submit} noValidate aria-label={t('DataRequests.Search')}>
        <FormLabel id="data-requests-kind">{t('DataRequests.SearchBy')}</FormLabel>
        <RadioGroup row aria-labelledby="data-requests-kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
          <FormControlLabel value="number" control={<Radio />} label={t('DataRequests.ByNumber')} />
          <FormControlLabel value="reference" control={<Radio />} label={t('DataRequests.ByReference')} />
        </RadioGroup>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            id="data-requests-value"
            inputRef={inputRef}
            label={kind === 'number' ? t('DataRequests.ByNumber') : t('DataRequests.ByReference')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError !== null}
            helperText={fieldError ?? (kind === 'number' ? t('DataRequests.NumberHelp') : t('DataRequests.ReferenceHelp'))}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, maxLength: 64 } }}
            sx={{ minWidth: 320 }}
          />
          <Button ref={searchButton} type="submit" variant="contained" disabled={busy !== null} sx={{ mt: 1 }}>
            {t('DataRequests.Search')}
          </Button>
        </Stack>
      </Box>
      {/* The live region announces every step; a sentence the result below shows is announced here only, not shown twice. */}
      <Box aria-live="polite" role="status" sx={{ mt: 2, minHeight: '1.5em' }}>
        {status && <Typography sx={statusShownInResult ? visuallyHidden : undefined}>{status}</Typography>}
      </Box>
      <LiveNotice politeness="assertive" severity={insurerOptions ? 'warning' : 'error'}>
        {error}
      </LiveNotice>
      {insurerOptions && (
        <Box component="form" onSubmit={searchAtInsurer} noValidate aria-label={t('DataRequests.InsurerChoice')} sx={{ mt: 2 }}>
          <FormLabel id="data-requests-insurer" error={insurerMissing}>
            {t('DataRequests.InsurerChoice')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="data-requests-insurer"
            aria-describedby={insurerMissing ? 'data-requests-insurer-missing' : undefined}
            value={insurer}
            onChange={(event) => {
              setInsurer(event.target.value);
              setInsurerMissing(false);
            }}
          >
            {insurerOptions.map((option, index) => (
              <FormControlLabel
                key={option.Id}
                value={option.Id}
                control={<Radio slotProps={{ input: index === 0 ? { ref: insurerChoiceRef } : {} }} />}
                label={option.Name}
              />
            ))}
          </RadioGroup>
          {insurerMissing && (
            <Typography id="data-requests-insurer-missing" color="error" role="alert" variant="body2">
              {t('DataRequests.InsurerMissing')}
            </Typography>
          )}
          <Button type="submit" variant="contained" disabled={busy !== null} sx={{ mt: 1 }}>
            {t('DataRequests.SearchAtInsurer')}
          </Button>
        </Box>
      )}
      {entryChanged && (state.summary !== null || state.error !== null || erased !== null) && (
        <Typography sx={{ mt: 1 }}>{t('DataRequests.EntryChanged')}</Typography>
      )}
      {erased && !entryChanged && (
        <Alert severity="success" sx={{ mt: 2 }}>
          <Typography ref={erasedRef} tabIndex={-1} component="h3" variant="subtitle1">
            {t('DataRequests.ResultHeading')}
          </Typography>
          <Typography>{erasedText(t, erased.ErasedChatCases, erased.ErasedFiles)}</Typography>
          {erased.Kept.length > 0 && (
            <ul>
              {erased.Kept.map((k) => (
                <li key={`${k.Kind}-${k.Reference}`}>{k.Message}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {summary && summary.Found && !entryChanged && (
        <Box sx={{ mt: 3 }}>
          <Typography ref={resultRef} tabIndex={-1} variant="h6" component="h3">
            {foundText(t, summary.ChatCases.length, summary.CaseFiles.length)}
          </Typography>
          {summary.CustomerSince && <Typography>{t('DataRequests.CustomerSince', { date: formatDate(summary.CustomerSince) })}</Typography>}
          <Typography variant="h6" component="h4" sx={{ mt: 2 }}>
            {t('DataRequests.ChatsHeading')}
          </Typography>
          {summary.ChatCases.length === 0 && <Typography>{t('DataRequests.NoChats')}</Typography>}
          {groups.map(([insurer, cases]) => (
            <Box key={insurer ?? '-'} component="section" aria-label={insurer ?? t('DataRequests.InsurerDefault')} sx={{ mt: 1 }}>
              <Typography variant="subtitle1" component="h5">
                {insurer === null ? t('DataRequests.InsurerDefault') : t('DataRequests.InsurerGroup', { name: insurer })}
              </Typography>
              <ul>
                {cases.map((c) => (
                  <li key={c.Id}>
                    <Typography>
                      {t('DataRequests.ChatLine', { reference: c.Reference, field: c.FieldOfLaw, created: formatDate(c.CreatedAt) })}
                      {c.ClosedAt ? `, ${t('DataRequests.ChatClosed', { date: formatDate(c.ClosedAt) })}` : ''}
                    </Typography>
                    <Typography variant="body2">
                      {capitalized(
                        t('DataRequests.ChatCounts', {
                          messages: t('DataRequests.Messages', { count: c.Messages }),
                          files: t('DataRequests.Files', { count: c.Files }),
                          callbacks: t('DataRequests.Callbacks', { count: c.Callbacks }),
                          ratings: t('DataRequests.Ratings', { count: c.Ratings }),
                        }),
                      )}
                    </Typography>
                    {chatStatus(t, c) && (
                      <Typography variant="body2" color="warning.dark">
                        {chatStatus(t, c)}
                      </Typography>
                    )}
                  </li>
                ))}
              </ul>
            </Box>
          ))}
          <Typography variant="h6" component="h4" sx={{ mt: 2 }}>
            {t('DataRequests.CaseFilesHeading')}
          </Typography>
          {summary.CaseFiles.length === 0 && <Typography>{t('DataRequests.NoCaseFiles')}</Typography>}
          <ul>
            {summary.CaseFiles.map((f) => (
              <li key={f.Id}>
                <Typography>{t('DataRequests.CaseFileLine', { number: f.CaseNumber, title: f.Title, created: formatDate(f.CreatedAt) })}</Typography>
                <Typography variant="body2">
                  {capitalized(
                    t('DataRequests.CaseFileCounts', {
                      documents: t('DataRequests.Documents', { count: f.Documents }),
                      history: t('DataRequests.HistoryEntries', { count: f.History }),
                      contacts: t('DataRequests.Contacts', { count: f.Contacts }),
                    }),
                  )}
                </Typography>
                <Typography variant="body2">{caseFileStatus(t, f, today())}</Typography>
              </li>
            ))}
          </ul>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <Button ref={downloadButton} variant="outlined" onClick={download} disabled={busy !== null}>
              {t('DataRequests.Download')}
            </Button>
            <Button variant="contained" color="error" onClick={() => requests.confirmErase()} disabled={busy !== null || toErase.length === 0 || running}>
              {t('DataRequests.Erase')}
            </Button>
          </Stack>
          {toErase.length === 0 && !running && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('DataRequests.NothingToErase')}
            </Typography>
          )}
        </Box>
      )}
      {confirming && (
        <AdminDialog
          id="data-requests-confirm"
          title={t('DataRequests.ConfirmTitle')}
          intro={t('DataRequests.ConfirmIntro')}
          error={eraseError}
          busy={erasing}
          submitLabel={t('DataRequests.ConfirmSubmit')}
          submitColor="error"
          onSubmit={() => requests.erase()}
          onClose={() => requests.cancelErase()}
        >
          <Typography component="h3" variant="subtitle1">
            {t('DataRequests.ConfirmErased')}
          </Typography>
          <ul aria-label={t('DataRequests.ConfirmErased')}>
            {toErase.map((c) => (
              <li key={c.Id}>{t('DataRequests.ChatLine', { reference: c.Reference, field: c.FieldOfLaw, created: formatDate(c.CreatedAt) })}</li>
            ))}
          </ul>
          {(keptChats.length > 0 || keptFiles.length > 0) && (
            <>
              <Typography component="h3" variant="subtitle1">
                {t('DataRequests.ConfirmKept')}
              </Typography>
              <ul aria-label={t('DataRequests.ConfirmKept')}>
                {keptFiles.map((f) => (
                  <li key={f.Id}>
                    {f.RetentionUntil === null || f.MandateOpen
                      ? t('DataRequests.KeptCaseFileOpen', { number: f.CaseNumber })
                      : t('DataRequests.KeptCaseFileUntil', { number: f.CaseNumber, date: formatDate(f.RetentionUntil) })}
                  </li>
                ))}
                {keptChats.map((c) => (
                  <li key={c.Id}>
                    {c.KeptUntil === null
                      ? t('DataRequests.KeptChatOpen', { reference: c.Reference, caseFile: c.KeptFor })
                      : t('DataRequests.KeptChatUntil', { reference: c.Reference, caseFile: c.KeptFor, date: formatDate(c.KeptUntil) })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </AdminDialog>
      )}
    </Box>
  );
}
