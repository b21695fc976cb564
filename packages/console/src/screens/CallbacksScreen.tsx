// Callback requests (phone, date and slot) with whose call each is, „Übernehmen“ for one nobody's yet, „Zurückgeben“ for
// one the lawyer took by mistake, and a done/undone switch shared by the whole firm. Open callbacks first, the done ones
// below under their own heading.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallbackEntry, WorkspaceState } from '@rechtschat/core';
import { formatDateTime } from '../i18n/i18n.js';
import { ScreenSection } from './ScreenSection.js';
import { visuallyHidden } from './visuallyHidden.js';

export interface CallbacksScreenProps {
  readonly callbacks: readonly CallbackEntry[];
  /** The signed-in lawyer: their own callbacks read „Von Ihnen zugesagt“, and „Nur meine“ keeps only those. */
  readonly lawyerId: string;
  readonly onDone: (callbackId: string, done: boolean) => void;
  /** How the last „Übernehmen“ went (the workspace's `callbackClaim`); null: none since. */
  readonly claim?: WorkspaceState['callbackClaim'];
  readonly onClaim?: (callbackId: string) => void;
  /** How the last „Zurückgeben“ went (the workspace's `callbackRelease`); null: none since. */
  readonly release?: WorkspaceState['callbackRelease'];
  readonly onRelease?: (callbackId: string) => void;
}

/** The done box of an entry: where the focus goes once its „Übernehmen“ button is gone, and after it moved sections. */
const doneBoxId = (callbackId: string) => `callback-done-${callbackId}`;
/** The „Übernehmen“ button of an entry: where the focus goes once its „Zurückgeben“ button is gone. */
const claimButtonId = (callbackId: string) => `callback-claim-${callbackId}`;
const ONLY_MINE_ID = 'callbacks-only-mine';

/** Taken from the list by the signed-in lawyer and still open: theirs to give back. */
const releasable = (entry: CallbackEntry, lawyerId: string) => entry.AssignedLawyer?.Id === lawyerId && entry.Claimed === true && entry.DoneAt === null;

/** The focus was lost with the element that had it (removed, or moved to the other section). */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** What the polite status line tells: the lawyer's last action on the list. */
type LastAction = { readonly kind: 'claim' | 'release' | 'done' | 'undone'; readonly callbackId: string };

/** The client's problem, at most two lines' worth: the whole text is in the chat. */
const shorten = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

export function CallbacksScreen({ callbacks, lawyerId, onDone, claim = null, onClaim, release = null, onRelease }: CallbacksScreenProps) {
  const { t } = useTranslation();
  const [onlyMine, setOnlyMine] = useState(false);
  /** The entry whose „Übernehmen“ the lawyer pressed: once the button is gone, the focus moves to its done box. */
  const [claiming, setClaiming] = useState<string | null>(null);
  /** The entry whose „Zurückgeben“ the lawyer pressed: once the button is gone, the focus moves to its „Übernehmen“. */
  const [releasing, setReleasing] = useState<string | null>(null);
  /** The entry whose done box the lawyer ticked or cleared: it moves to the other section, and the focus with it. */
  const [marking, setMarking] = useState<{ readonly callbackId: string; readonly done: boolean } | null>(null);
  const [lastAction, setLastAction] = useState<LastAction | null>(null);
  const claimable = (entry: CallbackEntry) => entry.AssignedLawyer === null && entry.DoneAt === null;
  useEffect(() => {
    if (claiming === null) return;
    const entry = callbacks.find((c) => c.Id === claiming);
    if (entry && claimable(entry)) return;
    setClaiming(null);
    if (focusLost()) document.getElementById(doneBoxId(claiming))?.focus();
  }, [callbacks, claiming]);
  useEffect(() => {
    if (releasing === null) return;
    const entry = callbacks.find((c) => c.Id === releasing);
    if (entry && releasable(entry, lawyerId)) return;
    setReleasing(null);
    if (!focusLost()) return;
    // Back where „Übernehmen“ found it (a slip is taken again at once); gone from „Nur meine“: the switch that hid it.
    const next = document.getElementById(claimButtonId(releasing)) ?? document.getElementById(doneBoxId(releasing)) ?? document.getElementById(ONLY_MINE_ID);
    next?.focus();
  }, [callbacks, releasing, lawyerId]);
  useEffect(() => {
    if (marking === null) return;
    const entry = callbacks.find((c) => c.Id === marking.callbackId);
    if (entry && (entry.DoneAt !== null) !== marking.done) return;
    setMarking(null);
    if (focusLost()) document.getElementById(doneBoxId(marking.callbackId))?.focus();
  }, [callbacks, marking]);
  const shown = onlyMine ? callbacks.filter((entry) => entry.AssignedLawyer?.Id === lawyerId) : callbacks;
  const open = shown.filter((entry) => entry.DoneAt === null);
  const done = shown.filter((entry) => entry.DoneAt !== null);
  /** The status line: what the lawyer's last action did, once it did it (a refusal is said at the entry instead). */
  const status = (() => {
    if (lastAction === null) return '';
    const entry = callbacks.find((c) => c.Id === lastAction.callbackId);
    if (!entry) return '';
    const names = { phone: entry.PhoneDisplay, reference: entry.CaseReference };
    switch (lastAction.kind) {
      case 'claim':
        return claim?.claimed && claim.callbackId === entry.Id ? t('Callbacks.Claimed', names) : '';
      case 'release':
        return release?.released && release.callbackId === entry.Id ? t('Callbacks.Released', names) : '';
      case 'done':
        return entry.DoneAt !== null ? t('Callbacks.MovedToDone', names) : '';
      case 'undone':
        return entry.DoneAt === null ? t('Callbacks.MovedToOpen', names) : '';
    }
  })();
  /**
   * Whose call it is, so two lawyers neither both call nor both leave it: the lawyer who promised it when ending the
   * chat (or the colleague it was handed to); a waiting client's request nobody took yet is the firm's to take.
   */
  const ownerLine = (entry: CallbackEntry) => {
    // A waiting client's booking that someone has since called back is nobody's to take any more: „Noch niemandem
    // zugeordnet“ above „Erledigt von …“ read as if the call were still open.
    if (entry.AssignedLawyer === null && entry.DoneAt !== null) return null;
    return (
      <Box component="span" sx={{ display: 'block' }}>
        {entry.AssignedLawyer === null
          ? t('Callbacks.Unassigned')
          : entry.AssignedLawyer.Id === lawyerId
            ? t('Callbacks.AssignedToMe')
            : t('Callbacks.AssignedTo', { name: entry.AssignedLawyer.Name })}
      </Box>
    );
  };
  /** Who called the client back and when; a callback marked done before the server kept the name shows the time only. */
  const doneLine = (entry: CallbackEntry) => {
    if (entry.DoneAt === null) return null;
    const date = formatDateTime(entry.DoneAt);
    return (
      <Box component="span" sx={{ display: 'block' }}>
        {entry.DoneBy ? t('Callbacks.DoneBy', { name: entry.DoneBy.Name, date }) : t('Callbacks.DoneAt', { date })}
      </Box>
    );
  };
  const entryItem = (entry: CallbackEntry) => (
    <ListItem key={entry.Id} divider sx={{ gap: 2 }}>
      <ListItemText
        primary={
          <>
            <Link href={`tel:${entry.Phone}`} aria-label={t('Callbacks.Call', { phone: entry.PhoneDisplay })}>
              {entry.PhoneDisplay}
            </Link>
            {` – ${entry.Availability} (${t('Callbacks.Received', { created: formatDateTime(entry.Created) })})`}
          </>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {t('Callbacks.Case', {
                reference: entry.CaseReference,
                field: entry.FieldOfLawLongName,
                description: shorten(entry.Description),
              })}
            </Box>
            {ownerLine(entry)}
            {doneLine(entry)}
            {claim && !claim.claimed && claim.callbackId === entry.Id ? (
              <Box component="span" role="alert" sx={{ display: 'block', color: 'error.main' }}>
                {claim.message ?? t('Callbacks.ClaimFailed')}
              </Box>
            ) : null}
            {release && !release.released && release.callbackId === entry.Id ? (
              <Box component="span" role="alert" sx={{ display: 'block', color: 'error.main' }}>
                {release.message ?? t('Callbacks.ReleaseFailed')}
              </Box>
            ) : null}
          </>
        }
        slotProps={{
          primary: { sx: { textDecoration: entry.DoneAt ? 'line-through' : 'none' } },
          secondary: { sx: { color: 'text.primary' } },
        }}
      />
      {onClaim && claimable(entry) ? (
        <Button
          variant="outlined"
          size="small"
          sx={{ flexShrink: 0 }}
          id={claimButtonId(entry.Id)}
          aria-label={t('Callbacks.ClaimLabel', { phone: entry.PhoneDisplay, reference: entry.CaseReference })}
          onClick={() => {
            setClaiming(entry.Id);
            setLastAction({ kind: 'claim', callbackId: entry.Id });
            onClaim(entry.Id);
          }}
        >
          {t('Callbacks.Claim')}
        </Button>
      ) : null}
      {onRelease && releasable(entry, lawyerId) ? (
        <Button
          variant="outlined"
          size="small"
          sx={{ flexShrink: 0 }}
          aria-label={t('Callbacks.ReleaseLabel', { phone: entry.PhoneDisplay, reference: entry.CaseReference })}
          onClick={() => {
            setReleasing(entry.Id);
            setLastAction({ kind: 'release', callbackId: entry.Id });
            onRelease(entry.Id);
          }}
        >
          {t('Callbacks.Release')}
        </Button>
      ) : null}
      <FormControlLabel
        control={
          <Checkbox
            id={doneBoxId(entry.Id)}
            checked={entry.DoneAt !== null}
            onChange={(e) => {
              const marked = e.target.checked;
              setMarking({ callbackId: entry.Id, done: marked });
              setLastAction({ kind: marked ? 'done' : 'undone', callbackId: entry.Id });
              onDone(entry.Id, marked);
            }}
            // The case names the box: one person with two cases (or a shared office line) gives two callbacks with the same
            // number, and a screen reader would read two identical „Rückruf an … erledigt“ boxes.
            slotProps={{ input: { 'aria-label': t('Callbacks.DoneLabel', { phone: entry.PhoneDisplay, reference: entry.CaseReference }) } }}
          />
        }
        label={t('Callbacks.Done')}
      />
    </ListItem>
  );
  return (
    <ScreenSection headingId="callbacks-heading" heading={t('Callbacks.Heading')}>
      <Typography role="status" aria-live="polite" sx={visuallyHidden}>
        {status}
      </Typography>
      {callbacks.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{t('Callbacks.Empty')}</Typography>
      ) : (
        <>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch id={ONLY_MINE_ID} checked={onlyMine} onChange={(e) => setOnlyMine(e.target.checked)} />}
            label={t('Callbacks.OnlyMine')}
          />
          {shown.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{t('Callbacks.EmptyMine')}</Typography>
          ) : (
            <>
              <Typography variant="h6" component="h3" id="callbacks-open-heading" sx={{ mt: 2 }}>
                {t('Callbacks.OpenHeading')}
              </Typography>
              {open.length === 0 ? (
                <Typography sx={{ mt: 1 }}>{t('Callbacks.NoneOpen')}</Typography>
              ) : (
                <List aria-labelledby="callbacks-open-heading">{open.map(entryItem)}</List>
              )}
              {done.length > 0 ? (
                <>
                  <Typography variant="h6" component="h3" id="callbacks-done-heading" sx={{ mt: 2 }}>
                    {t('Callbacks.DoneHeading')}
                  </Typography>
                  <List aria-labelledby="callbacks-done-heading">{done.map(entryItem)}</List>
                </>
              ) : null}
            </>
          )}
        </>
      )}
    </ScreenSection>
  );
}
