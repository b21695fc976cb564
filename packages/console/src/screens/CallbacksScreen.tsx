// Callback requests (phone, date and slot) with whose call each is, „Übernehmen“ for one nobody's yet, „Zurückgeben“ for
// one the lawyer took by mistake (an administrator's also for a colleague's, asked first), and a done/undone switch shared
// by the whole firm. Open callbacks first, the done ones below under their own heading. „Nur meine“ stays as the lawyer
// left it for the tab's session.
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
import { InlineConfirmation } from './InlineConfirmation.js';
import { ScreenSection } from './ScreenSection.js';
import { visuallyHidden } from './visuallyHidden.js';

export interface CallbacksScreenProps {
  readonly callbacks: readonly CallbackEntry[];
  /** The signed-in lawyer: their own callbacks read „Von Ihnen zugesagt“ (or „… übernommen“), and „Nur meine“ keeps only those. */
  readonly lawyerId: string;
  readonly onDone: (callbackId: string, done: boolean) => void;
  /** How the last „Übernehmen“ went (the workspace's `callbackClaim`); null: none since. */
  readonly claim?: WorkspaceState['callbackClaim'];
  readonly onClaim?: (callbackId: string) => void;
  /** How the last „Zurückgeben“ went (the workspace's `callbackRelease`); null: none since. */
  readonly release?: WorkspaceState['callbackRelease'];
  readonly onRelease?: (callbackId: string) => void;
  /** An administrator may give back a colleague's taken callback too (the server allows it), after a question. */
  readonly administrator?: boolean;
}

/** The done box of an entry: where the focus goes once its „Übernehmen“ button is gone, and after it moved sections. */
const doneBoxId = (callbackId: string) => `callback-done-${callbackId}`;
/** The „Übernehmen“ button of an entry: where the focus goes once its „Zurückgeben“ button is gone. */
const claimButtonId = (callbackId: string) => `callback-claim-${callbackId}`;
/** The „Zurückgeben“ button of an entry: where the focus returns when its question is cancelled or answered. */
const releaseButtonId = (callbackId: string) => `callback-release-${callbackId}`;
const ONLY_MINE_ID = 'callbacks-only-mine';
/**
 * „Nur meine“ switched on, kept in the tab's sessionStorage with the id of the lawyer who switched it: leaving the screen
 * (a chat, the profile) no longer resets it, and another lawyer signing in on the same browser starts with all callbacks.
 */
const ONLY_MINE_KEY = 'rc.console.callbacks.onlyMine';

function readOnlyMine(lawyerId: string): boolean {
  try {
    return window.sessionStorage.getItem(ONLY_MINE_KEY) === lawyerId;
  } catch {
    return false;
  }
}

function keepOnlyMine(lawyerId: string, on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(ONLY_MINE_KEY, lawyerId);
    else window.sessionStorage.removeItem(ONLY_MINE_KEY);
  } catch {
    // Storage refused (private mode, quota): the switch holds while the screen is shown, as before.
  }
}

/**
 * Signing out – „Abmelden“, the idle end or the 12-hour limit, here or in another tab: the next person in this tab
 * starts with all callbacks, and no lawyer's id is left behind (the idle end keeps the tab's drafts, not this).
 */
export function forgetOnlyMine(): void {
  keepOnlyMine('', false);
}

/** Taken from the list (not promised in a chat) and still open: one that can be given back. */
const takenAndOpen = (entry: CallbackEntry) => entry.AssignedLawyer !== null && entry.Claimed === true && entry.DoneAt === null;
/** Taken by the signed-in lawyer: theirs to give back; a colleague's: only an administrator's to give back. */
const releasable = (entry: CallbackEntry, lawyerId: string, administrator: boolean) =>
  takenAndOpen(entry) && (entry.AssignedLawyer?.Id === lawyerId || administrator);

/** The focus was lost with the element that had it (removed, or moved to the other section). */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** What the polite status line tells: the lawyer's last action on the list. */
type LastAction = { readonly kind: 'claim' | 'release' | 'done' | 'undone'; readonly callbackId: string };

/** The client's problem, at most two lines' worth: the whole text is in the chat. */
const shorten = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

export function CallbacksScreen({
  callbacks,
  lawyerId,
  onDone,
  claim = null,
  onClaim,
  release = null,
  onRelease,
  administrator = false,
}: CallbacksScreenProps) {
  const { t } = useTranslation();
  const [onlyMine, setOnlyMine] = useState(() => readOnlyMine(lawyerId));
  /** The entry whose „Übernehmen“ the lawyer pressed: once the button is gone, the focus moves to its done box. */
  const [claiming, setClaiming] = useState<string | null>(null);
  /** The entry whose „Zurückgeben“ the lawyer pressed: once the button is gone, the focus moves to its „Übernehmen“. */
  const [releasing, setReleasing] = useState<string | null>(null);
  /** The colleague's entry whose „Zurückgeben“ the administrator pressed: asked once more before it is taken away. */
  const [confirmingRelease, setConfirmingRelease] = useState<string | null>(null);
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
    if (entry && releasable(entry, lawyerId, administrator)) return;
    setReleasing(null);
    if (!focusLost()) return;
    // Back where „Übernehmen“ found it (a slip is taken again at once); gone from „Nur meine“: the switch that hid it.
    const next = document.getElementById(claimButtonId(releasing)) ?? document.getElementById(doneBoxId(releasing)) ?? document.getElementById(ONLY_MINE_ID);
    next?.focus();
  }, [callbacks, releasing, lawyerId, administrator]);
  useEffect(() => {
    if (confirmingRelease === null) return;
    const entry = callbacks.find((c) => c.Id === confirmingRelease);
    if (entry && releasable(entry, lawyerId, administrator)) return;
    // Done or given back meanwhile: the question is moot; the focus it had stays on the entry.
    setConfirmingRelease(null);
    if (focusLost()) document.getElementById(doneBoxId(confirmingRelease))?.focus();
  }, [callbacks, confirmingRelease, lawyerId, administrator]);
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
          : // Taken from the list („Übernehmen“) or promised to the client when the chat ended.
            entry.AssignedLawyer.Id === lawyerId
            ? t(entry.Claimed === true ? 'Callbacks.ClaimedByMe' : 'Callbacks.AssignedToMe')
            : t(entry.Claimed === true ? 'Callbacks.ClaimedBy' : 'Callbacks.AssignedTo', { name: entry.AssignedLawyer.Name })}
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
  const giveBack = (entry: CallbackEntry) => {
    setReleasing(entry.Id);
    setLastAction({ kind: 'release', callbackId: entry.Id });
    onRelease?.(entry.Id);
  };
  const entryItem = (entry: CallbackEntry) => (
    <ListItem key={entry.Id} divider sx={{ gap: 2, flexWrap: 'wrap' }}>
      <ListItemText
        // Narrows beside the actions down to 24rem (a long problem wraps), then the actions go below it.
        sx={{ flex: '1 1 24rem', minWidth: 0 }}
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
      {/* The entry's actions stay together: beside the text on a wide screen, below it as one row on a narrow one. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexShrink: 0, ml: 'auto' }}>
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
        {onRelease && releasable(entry, lawyerId, administrator) ? (
          <Button
            variant="outlined"
            size="small"
            sx={{ flexShrink: 0 }}
            id={releaseButtonId(entry.Id)}
            aria-label={t('Callbacks.ReleaseLabel', { phone: entry.PhoneDisplay, reference: entry.CaseReference })}
            // A colleague's callback is taken away from them: asked first, in place (the question takes the focus).
            {...(entry.AssignedLawyer?.Id === lawyerId ? {} : { 'aria-expanded': confirmingRelease === entry.Id })}
            onClick={() => (entry.AssignedLawyer?.Id === lawyerId ? giveBack(entry) : setConfirmingRelease(entry.Id))}
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
      </Box>
      {confirmingRelease === entry.Id && entry.AssignedLawyer ? (
        <Box sx={{ flexBasis: '100%' }}>
          <InlineConfirmation
            id={`callback-release-question-${entry.Id}`}
            question={t('Callbacks.ReleaseColleagueQuestion', {
              phone: entry.PhoneDisplay,
              reference: entry.CaseReference,
              name: entry.AssignedLawyer.Name,
            })}
            confirmLabel={t('Callbacks.ReleaseColleagueConfirm')}
            disabled={false}
            onConfirm={() => {
              // Back on the button until the list has it given back; then on to its „Übernehmen“, as for the own ones.
              document.getElementById(releaseButtonId(entry.Id))?.focus();
              setConfirmingRelease(null);
              giveBack(entry);
            }}
            onCancel={() => {
              setConfirmingRelease(null);
              document.getElementById(releaseButtonId(entry.Id))?.focus();
            }}
          />
        </Box>
      ) : null}
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
            control={
              <Switch
                id={ONLY_MINE_ID}
                checked={onlyMine}
                onChange={(e) => {
                  setOnlyMine(e.target.checked);
                  keepOnlyMine(lawyerId, e.target.checked);
                }}
              />
            }
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
