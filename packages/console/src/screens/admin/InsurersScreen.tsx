// /konsole/verwaltung/versicherer (administrators): the firm's insurers and their entry-token keys. A new key's secret
// is shown once, with the JWT header and claims the insurer must send; revoking a key asks for confirmation first.
// „Zusammenarbeit beenden“ asks first and says what happens (every key revoked, its clients signed out, no new key while
// ended, cases and reports kept); an ended insurer says „Beendet am …“ and can be resumed. „Versicherer löschen“ (with
// confirmation) is offered only where the server would delete it (`Deletable`: no key used, no customer or case);
// elsewhere a line says why and points to ending the collaboration.
// From six insurers on the list is compact: a search field (name, display name or key ID; the number of matches is
// announced politely) and one line per insurer whose card opens on demand; which cards are open survives a reload in
// the tab, and a newly created insurer opens at once (its next step is a key).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createInsurersApi } from '@rechtschat/adapters';
import {
  createInsurersAdmin,
  type AppError,
  type Insurer,
  type InsurersApi,
  type InsurersNotice,
  type IssuedInsurerKey,
  type SaveInsurerRequest,
  withoutFormatCharacters,
} from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { SidewaysTable } from './SidewaysTable.js';
import { ListSearchField } from './ListSearchField.js';
import { searchForm } from './searchForm.js';
import type { ConsoleScreenProps } from '../../routes/consoleRoutes.js';
import { useStream } from '../../workspace/useStream.js';
import { useRefocusWhenEnabled } from '../useRefocusWhenEnabled.js';
import { ScreenSection } from '../ScreenSection.js';

export interface InsurersScreenProps {
  readonly api: InsurersApi;
  /** Call on a 401: the session ended. */
  readonly onSessionExpired: () => void;
  /** Copies text to the clipboard (tests inject their own). */
  readonly copyText?: (text: string) => Promise<void>;
}

const copyWithClipboard = (text: string) => navigator.clipboard.writeText(text);

/** The route's entry: binds the HTTP adapter to the console's chat host. */
export function InsurersRoute({ http, onSessionExpired }: ConsoleScreenProps) {
  // The adapter only ever fetches address strings.
  const api = useMemo(() => createInsurersApi({ chatUrl: http.chatUrl, fetch: (input, init) => http.fetch(String(input), init) }), [http]);
  return <InsurersScreen api={api} onSessionExpired={onSessionExpired} />;
}

const noticeText = (t: TFunction, notice: InsurersNotice): string => {
  switch (notice.kind) {
    case 'created':
      return t('Insurers.Created', { name: notice.name });
    case 'saved':
      return t('Insurers.Saved', { name: notice.name });
    case 'revoked':
      return t('Insurers.Revoked', { kid: notice.kid });
    case 'ended':
      return t('Insurers.Ended', { name: notice.name });
    case 'resumed':
      return t('Insurers.Resumed', { name: notice.name });
    case 'removed':
      return t('Insurers.Deleted', { name: notice.name });
  }
};

/** `nameChange` of „Versicherer anlegen“ (a card's rename is its insurer's id). */
const NEW_INSURER = 'new';
/** `nameChange` after a rename's form was cancelled: its refusal is over, neither at a field nor at the top. */
const CANCELLED_RENAME = 'cancelled';

/** From this many insurers on, the list is compact and searchable (35 open cards made the page about 10,800 px tall). */
export const COMPACT_FROM = 6;
const OPEN_CARDS_KEY = 'rechtschat.insurers.open';

const matches = (insurer: Insurer, query: string) =>
  [insurer.Name, insurer.DisplayName ?? '', ...insurer.Keys.map((key) => key.Kid)].some((text) => searchForm(text).includes(query));

function readOpenCards(): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(OPEN_CARDS_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function storeOpenCards(ids: ReadonlySet<string>) {
  try {
    window.sessionStorage.setItem(OPEN_CARDS_KEY, JSON.stringify([...ids]));
  } catch {
    // Storage refused (private mode, quota): the cards open as before, only a reload closes them again.
  }
}

export function InsurersScreen({ api, onSessionExpired, copyText = copyWithClipboard }: InsurersScreenProps) {
  const { t } = useTranslation();
  const insurers = useMemo(() => createInsurersAdmin({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => () => insurers.dispose(), [insurers]);
  const { load, error: refused, issued, notice, noticed, busy } = useStream(insurers.state$, insurers.snapshot());
  // Which change the refusal answers: one of „Versicherer anlegen“ or of a card's „Speichern“ (a rename) that concerns
  // the name (taken: 409, not valid: 400) marks that form's Name field and names the message there, as the console's
  // other forms do (WCAG 3.3.1) – a refused rename keeps its form open with what was typed; the others stand at the top.
  // `nameChange`: NEW_INSURER for the creation, else the id of the insurer being renamed.
  const [nameChange, setNameChange] = useState<string | null>(null);
  const nameRefused = refused?._tag === 'HttpError' && (refused.status === 409 || refused.status === 400) ? refused : null;
  const nameRefusalOf = (form: string) => (nameChange === form ? nameRefused : null);
  const nameRefusal = nameRefusalOf(NEW_INSURER);
  const error = refused && (nameChange === null || nameRefused === null) && t('Insurers.Failed', { message: messageOf(refused) });
  /** Another change than the creation or a rename: its refusal is no longer a Name field's. */
  const other =
    <A extends unknown[]>(action: (...args: A) => void) =>
    (...args: A) => {
      setNameChange(null);
      action(...args);
    };
  /** A card's rename was saved: its form closes (counted, so a second save of the same insurer closes it again). */
  const savedNotice = notice?.kind === 'saved' ? notice : null;
  const status = notice ? noticeText(t, notice) : '';
  const [revoking, setRevoking] = useState<{ insurer: Insurer; kid: string } | null>(null);
  const [ending, setEnding] = useState<Insurer | null>(null);
  const [deleting, setDeleting] = useState<Insurer | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each accepted creation empties the creation form (mounted anew), ready for the next insurer.
  const [created, setCreated] = useState(0);
  useEffect(() => {
    if (noticed > 0 && insurers.snapshot().notice?.kind === 'created') setCreated((count) => count + 1);
  }, [noticed, insurers]);
  const reload = () => insurers.load();
  useEffect(() => insurers.load(), [insurers]);
  const [query, setQuery] = useState('');
  const [openCards, setOpenCards] = useState(readOpenCards);
  const setOpen = (insurerId: string, open: boolean) =>
    setOpenCards((current) => {
      const next = new Set(current);
      if (open) next.add(insurerId);
      else next.delete(insurerId);
      storeOpenCards(next);
      return next;
    });
  const all = load.state === 'ready' ? load.insurers : [];
  const compact = all.length >= COMPACT_FROM;
  const needle = searchForm(query.trim());
  const shown = compact && needle !== '' ? all.filter((insurer) => matches(insurer, needle)) : all;
  // The button pressed is gone: the keyboard continues where the change shows – the key list of that insurer after a
  // revoked key, its „Beendet am …“ after the end, its „Neuen Schlüssel erzeugen“ (the next step) after a resumption,
  // and the screen's heading after a deletion (the whole card is gone).
  useEffect(() => {
    const done = insurers.snapshot().notice;
    if (noticed === 0 || done === null) return;
    if (done.kind === 'created') setOpen(done.insurerId, true);
    else if (done.kind === 'revoked') document.getElementById(keysHeadingId(done.insurerId))?.focus();
    else if (done.kind === 'ended') document.getElementById(endedStateId(done.insurerId))?.focus();
    else if (done.kind === 'resumed') document.getElementById(createKeyId(done.insurerId))?.focus();
    else if (done.kind === 'removed') heading.current?.focus();
  }, [noticed, insurers]);

  return (
    <ScreenSection headingId="insurers-heading" heading={t('Insurers.Heading')} headingRef={heading}>
      <Typography sx={{ mt: 1 }}>{t('Insurers.Intro')}</Typography>
      {/* Reports, invoices and data requests name it; without a word here an administrator could not place it. */}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('Insurers.DefaultNote')}
      </Typography>
      <Box role="status" aria-live="polite" sx={{ my: 1, minHeight: '1.5em' }}>
        {status}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <InsurerForm
        key={created}
        heading={t('Insurers.CreateHeading')}
        idPrefix="new-insurer"
        initial={{ Name: '', DisplayName: null }}
        submitLabel={t('Insurers.Create')}
        busy={busy}
        focusName={created > 0}
        refusal={nameRefusal}
        onSubmit={(request) => {
          setNameChange(NEW_INSURER);
          insurers.create(request);
        }}
      />
      {load.state === 'loading' && <Typography sx={{ mt: 2 }}>{t('Insurers.Loading')}</Typography>}
      {load.state === 'failed' && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" onClick={reload}>
              {t('Insurers.Retry')}
            </Button>
          }
        >
          {t('Insurers.LoadFailed')}
        </Alert>
      )}
      {load.state === 'ready' && load.insurers.length === 0 && <Typography sx={{ mt: 2 }}>{t('Insurers.None')}</Typography>}
      {compact && (
        <Box role="search" aria-labelledby="insurers-list-heading" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3" id="insurers-list-heading">
            {t('Insurers.ListHeading')}
          </Typography>
          <ListSearchField
            id="insurers-search"
            label={t('Insurers.Search')}
            help={t('Insurers.SearchHelp')}
            listId="insurers-list"
            query={query}
            onQuery={setQuery}
            statusId="insurers-count"
            status={
              needle === ''
                ? t('Insurers.Count', { count: all.length })
                : shown.length === 0
                  ? t('Insurers.NoMatch', { query: query.trim() })
                  : t('Insurers.Matches', { count: shown.length, total: all.length, query: query.trim() })
            }
          />
        </Box>
      )}
      <Box id="insurers-list">
        {shown.map((insurer) => (
          <InsurerCard
            key={insurer.Id}
            insurer={insurer}
            compact={compact}
            open={!compact || openCards.has(insurer.Id)}
            onToggle={(open) => setOpen(insurer.Id, open)}
            onRename={(request: SaveInsurerRequest) => {
              setNameChange(insurer.Id);
              insurers.update(insurer.Id, request);
            }}
            onRenameCancel={() => setNameChange(CANCELLED_RENAME)}
            renameRefusal={nameRefusalOf(insurer.Id)}
            renamed={savedNotice?.insurerId === insurer.Id ? noticed : 0}
            busy={busy}
            onCreateKey={other(() => insurers.createKey(insurer))}
            onRevoke={other((kid: string) => setRevoking({ insurer, kid }))}
            onEnd={other(() => setEnding(insurer))}
            onResume={other(() => insurers.resume(insurer))}
            onDelete={other(() => setDeleting(insurer))}
          />
        ))}
      </Box>
      {revoking && (
        <ConfirmDialog
          id="revoke-key"
          heading={t('Insurers.RevokeHeading')}
          text={t('Insurers.RevokeText', { kid: revoking.kid, name: revoking.insurer.Name })}
          confirm={t('Insurers.RevokeConfirm')}
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            setRevoking(null);
            insurers.revokeKey(revoking.insurer, revoking.kid);
          }}
        />
      )}
      {ending && (
        <ConfirmDialog
          id="end-insurer"
          heading={t('Insurers.EndHeading', { name: ending.Name })}
          confirm={t('Insurers.EndConfirm')}
          onCancel={() => setEnding(null)}
          onConfirm={() => {
            setEnding(null);
            insurers.end(ending);
          }}
        >
          <DialogContentText>{t('Insurers.EndIntro')}</DialogContentText>
          <Box component="ul" sx={{ mt: 1, mb: 1, pl: 3, color: 'text.secondary' }}>
            <li>{t('Insurers.EndKeys', { name: ending.Name })}</li>
            <li>{t('Insurers.EndSessions')}</li>
            <li>{t('Insurers.EndNoKeys')}</li>
            <li>{t('Insurers.EndKept')}</li>
          </Box>
          <DialogContentText>{t('Insurers.EndResume')}</DialogContentText>
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog
          id="delete-insurer"
          heading={t('Insurers.DeleteHeading', { name: deleting.Name })}
          text={t('Insurers.DeleteText', { name: deleting.Name })}
          confirm={t('Insurers.DeleteConfirm')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            insurers.remove(deleting);
          }}
        />
      )}
      {issued && <IssuedKeyDialog issued={issued.key} insurerName={issued.name} copyText={copyText} onDone={() => insurers.dismissIssued()} />}
    </ScreenSection>
  );
}

const keysHeadingId = (insurerId: string) => `insurer-${insurerId}-keys`;
const endedStateId = (insurerId: string) => `insurer-${insurerId}-ended`;
const createKeyId = (insurerId: string) => `insurer-${insurerId}-create-key`;

function messageOf(error: AppError): string {
  return error.message;
}

interface InsurerFormProps {
  readonly heading?: string;
  readonly idPrefix: string;
  readonly initial: SaveInsurerRequest;
  readonly submitLabel: string;
  /** The name field takes the focus when the form appears (editing, and the creation form anew after a creation). */
  readonly focusName?: boolean;
  /** A change is on its way: the submit button waits (and keeps the focus, see useRefocusWhenEnabled). */
  readonly busy?: boolean;
  /** The server refused the name (taken, not valid): the field is marked, says why and takes the focus. */
  readonly refusal?: AppError | null;
  readonly onSubmit: (request: SaveInsurerRequest) => void;
  readonly onCancel?: () => void;
}

function InsurerForm({ heading, idPrefix, initial, submitLabel, focusName, busy = false, refusal = null, onSubmit, onCancel }: InsurerFormProps) {
  const { t } = useTranslation();
  const submitButton = useRef<HTMLButtonElement>(null);
  useRefocusWhenEnabled(submitButton, busy);
  const [name, setName] = useState(initial.Name);
  const [displayName, setDisplayName] = useState(initial.DisplayName ?? '');
  const [missing, setMissing] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  // After the submit button's own refocus (declared above, so it runs first): each refusal anew, also the same one again.
  useEffect(() => {
    if (refusal) nameField.current?.focus();
  }, [refusal]);
  // What was typed stays until the server accepted it (the creation form is then mounted anew, empty): a refusal –
  // e.g. a name already taken – keeps the input to correct.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // As the server counts it: a name of spaces or invisible format characters only (e.g. a pasted zero-width space) is missing.
    if (withoutFormatCharacters(name) === '') {
      setMissing(true);
      nameField.current?.focus();
      return;
    }
    setMissing(false);
    onSubmit({ Name: name.trim(), DisplayName: displayName.trim() === '' ? null : displayName.trim() });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={heading ? `${idPrefix}-heading` : undefined} sx={{ mt: 2 }}>
      {heading && (
        <Typography variant="h6" component="h3" id={`${idPrefix}-heading`}>
          {heading}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { xs: 'stretch', md: 'flex-start' } }}>
        <TextField
          id={`${idPrefix}-name`}
          label={t('Insurers.Name')}
          value={name}
          required
          autoFocus={focusName}
          inputRef={nameField}
          onChange={(event) => setName(event.target.value)}
          error={missing || refusal !== null}
          helperText={missing ? t('Insurers.NameMissing') : refusal ? messageOf(refusal) : t('Insurers.NameHelp')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          id={`${idPrefix}-display-name`}
          label={t('Insurers.DisplayName')}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          helperText={t('Insurers.DisplayNameHelp')}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          <Button ref={submitButton} type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('Insurers.Cancel')}</Button>}
        </Stack>
      </Stack>
    </Box>
  );
}

interface InsurerCardProps {
  readonly insurer: Insurer;
  /** One line (name as a disclosure button, state, keys) that opens to the card. */
  readonly compact: boolean;
  readonly open: boolean;
  readonly onToggle: (open: boolean) => void;
  readonly onRename: (request: SaveInsurerRequest) => void;
  /** The rename form was closed unsaved: a refusal it showed is over. */
  readonly onRenameCancel: () => void;
  /** The server refused the rename's name (taken, not valid): the form stays open with it, its Name field marked. */
  readonly renameRefusal: AppError | null;
  /** Changes (above 0) each time a rename of this insurer was saved: the form closes. */
  readonly renamed: number;
  readonly busy: boolean;
  readonly onCreateKey: () => void;
  readonly onRevoke: (kid: string) => void;
  readonly onEnd: () => void;
  readonly onResume: () => void;
  readonly onDelete: () => void;
}

function InsurerCard({
  insurer,
  compact,
  open,
  onToggle,
  onRename,
  onRenameCancel,
  renameRefusal,
  renamed,
  busy,
  onCreateKey,
  onRevoke,
  onEnd,
  onResume,
  onDelete,
}: InsurerCardProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // Closed only once the server took the new name: a refused one (e.g. taken by another insurer) stays to correct.
  useEffect(() => {
    if (renamed > 0) setEditing(false);
  }, [renamed]);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back on the button once the form closes (saved or cancelled), so the keyboard does not start over at the page top.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const headingId = `insurer-${insurer.Id}-heading`;
  const bodyId = `insurer-${insurer.Id}-body`;
  const activeKeys = insurer.Keys.filter((key) => key.RevokedAt === null).length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={compact ? { px: 2, py: 1, mt: 1 } : { p: 2, mt: 2 }}>
      <Typography variant="h6" component="h3" id={headingId}>
        {compact ? (
          // The name is the button (its accessible name, so the region keeps the insurer's name); the state is aria-expanded.
          <Button
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => onToggle(!open)}
            sx={{ font: 'inherit', textTransform: 'none', textAlign: 'left', p: 0.5, ml: -0.5 }}
            startIcon={
              <Box component="span" aria-hidden="true" sx={{ display: 'inline-block', width: '1em' }}>
                {open ? '▾' : '▸'}
              </Box>
            }
          >
            {insurer.Name}
          </Button>
        ) : (
          insurer.Name
        )}
      </Typography>
      {compact && !open && (
        <Typography variant="body2" color="text.secondary">
          {insurer.EndedAt ? t('Insurers.EndedState', { date: formatDateTime(insurer.EndedAt) }) : t('Insurers.ActiveKeys', { count: activeKeys })}
          {insurer.DisplayName ? ` · ${t('Insurers.DisplayNameShown', { name: insurer.DisplayName })}` : ''}
        </Typography>
      )}
      {open && (
        <Box id={bodyId}>
          {insurer.EndedAt && (
            <>
              <Typography id={endedStateId(insurer.Id)} tabIndex={-1} sx={{ fontWeight: 'bold', color: 'error.main' }}>
                {t('Insurers.EndedState', { date: formatDateTime(insurer.EndedAt) })}
              </Typography>
              <Typography variant="body2">{t('Insurers.EndedNote')}</Typography>
            </>
          )}
          <Typography variant="body2">
            {insurer.DisplayName ? t('Insurers.DisplayNameShown', { name: insurer.DisplayName }) : t('Insurers.NoDisplayName')}
          </Typography>
          {editing ? (
            <InsurerForm
              idPrefix={`insurer-${insurer.Id}`}
              initial={{ Name: insurer.Name, DisplayName: insurer.DisplayName }}
              submitLabel={t('Insurers.Save')}
              focusName
              busy={busy}
              refusal={renameRefusal}
              onSubmit={onRename}
              onCancel={() => {
                setEditing(false);
                onRenameCancel();
              }}
            />
          ) : (
            <Button ref={editButton} sx={{ mt: 1 }} onClick={() => setEditing(true)} aria-label={t('Insurers.EditLabel', { name: insurer.Name })}>
              {t('Insurers.Edit')}
            </Button>
          )}
          <Typography variant="subtitle1" component="h4" sx={{ mt: 2 }} id={keysHeadingId(insurer.Id)} tabIndex={-1}>
            {t('Insurers.KeysHeading')}
          </Typography>
          {insurer.Keys.length === 0 ? (
            <Typography>{t('Insurers.NoKeys')}</Typography>
          ) : (
            // Named with the insurer, not by the heading „Schlüssel“ above: with two insurers two regions of the same name
            // would be indistinguishable (axe landmark-unique).
            <SidewaysTable
              regionLabel={t('Insurers.KeysLabel', { name: insurer.Name })}
              table={{ label: t('Insurers.KeysLabel', { name: insurer.Name }) }}
              columns={[t('Insurers.Kid'), t('Insurers.KeyCreatedAt'), t('Insurers.KeyStatus'), t('Insurers.KeyUse'), t('Insurers.Actions')]}
            >
              {insurer.Keys.map((key) => (
                <TableRow key={key.Kid}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{key.Kid}</TableCell>
                  <TableCell>{formatDateTime(key.CreatedAt)}</TableCell>
                  <TableCell>{key.RevokedAt ? t('Insurers.KeyRevoked', { date: formatDateTime(key.RevokedAt) }) : t('Insurers.KeyActive')}</TableCell>
                  {/* Whether an old key is still in use before it is retired (the server records it to about a minute). */}
                  <TableCell>{key.LastUsedAt ? t('Insurers.KeyLastUsed', { date: formatDateTime(key.LastUsedAt) }) : t('Insurers.KeyNeverUsed')}</TableCell>
                  <TableCell>
                    {key.RevokedAt === null && (
                      <Button color="error" size="small" onClick={() => onRevoke(key.Kid)} aria-label={t('Insurers.RevokeLabel', { kid: key.Kid })}>
                        {t('Insurers.Revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </SidewaysTable>
          )}
          {/* While ended no key can be made (the server refuses it too): the note under the name says why. */}
          {insurer.EndedAt === null && (
            <Button
              id={createKeyId(insurer.Id)}
              sx={{ mt: 1 }}
              variant="outlined"
              onClick={onCreateKey}
              aria-label={t('Insurers.CreateKeyLabel', { name: insurer.Name })}
            >
              {t('Insurers.CreateKey')}
            </Button>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { xs: 'stretch', sm: 'center' } }}>
            {insurer.EndedAt === null ? (
              <Button color="error" onClick={onEnd} aria-label={t('Insurers.EndLabel', { name: insurer.Name })}>
                {t('Insurers.End')}
              </Button>
            ) : (
              <Button onClick={onResume} aria-label={t('Insurers.ResumeLabel', { name: insurer.Name })}>
                {t('Insurers.Resume')}
              </Button>
            )}
            {/* A used key, a customer or a case makes it an insurer the firm worked with (the server's rule, `Deletable`):
                it can only be ended, and the line says so instead of a button the server would refuse. */}
            {insurer.Deletable ? (
              <Button color="error" onClick={onDelete} aria-label={t('Insurers.DeleteLabel', { name: insurer.Name })}>
                {t('Insurers.Delete')}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {insurer.Keys.some((key) => key.LastUsedAt !== null) ? t('Insurers.NotDeletableKeyUsed') : t('Insurers.NotDeletableClients')}
                {insurer.EndedAt === null ? ` ${t('Insurers.NotDeletableEnd')}` : ''}
              </Typography>
            )}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}

/**
 * The JWT header and claims the insurer sends, and the link that carries the token. `exp` is a number (seconds since
 * 1970): an example that wrote it as a text placeholder was signed exactly so by an outside tester and refused.
 */
function tokenExample(kid: string, now: Date, webOrigin: string): { header: string; claims: string; link: string } {
  return {
    header: JSON.stringify({ alg: 'HS256', typ: 'JWT', kid }, null, 2),
    claims: JSON.stringify({ sub: 'RS2026000123', exp: Math.floor(now.getTime() / 1000) + 600, jti: '3f1c9a6e-2b7d-4e0a-9c51-7d2e8b4a6f10' }, null, 2),
    link: `${webOrigin}/chat/new?InsuranceNumber=<Token, Base64url-kodiert>`,
  };
}

interface IssuedKeyDialogProps {
  readonly issued: IssuedInsurerKey;
  readonly insurerName: string;
  readonly copyText: (text: string) => Promise<void>;
  readonly onDone: () => void;
}

function IssuedKeyDialog({ issued, insurerName, copyText, onDone }: IssuedKeyDialogProps) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const [copyStatus, setCopyStatus] = useState('');
  // The console is served by the web origin (/konsole/): its origin is the one the clients' links lead to.
  const [example] = useState(() => tokenExample(issued.Kid, new Date(), window.location.origin));
  const copy = (text: string) =>
    void copyText(text).then(
      () => setCopyStatus(t('Insurers.Copied')),
      () => setCopyStatus(t('Insurers.CopyFailed')),
    );
  const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;
  return (
    // Closed only with "Fertig" once the administrator confirms the secret is passed on: it cannot be shown again.
    <Dialog open aria-labelledby="issued-key-heading" maxWidth="md" fullWidth>
      <DialogTitle id="issued-key-heading">{t('Insurers.IssuedHeading', { name: insurerName })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('Insurers.IssuedWarning')}
        </Alert>
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 'bold', mt: 1 }, '& dd': { m: 0 } }}>
          <dt>{t('Insurers.Kid')}</dt>
          <dd>
            <Box component="code" sx={mono} data-testid="issued-kid">
              {issued.Kid}
            </Box>{' '}
            <Button size="small" onClick={() => copy(issued.Kid)}>
              {t('Insurers.CopyKid')}
            </Button>
          </dd>
          <dt>{t('Insurers.Secret')}</dt>
          <dd>
            <Box component="code" sx={mono} data-testid="issued-secret">
              {issued.Secret}
            </Box>{' '}
            <Button size="small" variant="contained" onClick={() => copy(issued.Secret)}>
              {t('Insurers.CopySecret')}
            </Button>
          </dd>
        </Box>
        <Box role="status" aria-live="polite" sx={{ minHeight: '1.5em', mt: 1 }}>
          {copyStatus}
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {t('Insurers.TokenHeading')}
        </Typography>
        <Typography variant="body2">{t('Insurers.TokenText')}</Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" component="h4" sx={{ fontWeight: 'bold' }}>
              {t('Insurers.TokenHeader')}
            </Typography>
            <Box component="pre" sx={{ ...mono, whiteSpace: 'pre-wrap', m: 0 }}>
              {example.header}
            </Box>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" component="h4" sx={{ fontWeight: 'bold' }}>
              {t('Insurers.TokenClaims')}
            </Typography>
            <Box component="pre" sx={{ ...mono, whiteSpace: 'pre-wrap', m: 0 }}>
              {example.claims}
            </Box>
          </Box>
        </Stack>
        <Typography variant="body2" component="h4" sx={{ fontWeight: 'bold', mt: 2 }}>
          {t('Insurers.TokenLink')}
        </Typography>
        <Box component="code" sx={{ ...mono, display: 'block' }} data-testid="token-link">
          {example.link}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('Insurers.TokenLinkText')}
        </Typography>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
          label={t('Insurers.IssuedSaved')}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!saved} onClick={onDone}>
          {t('Insurers.Done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
