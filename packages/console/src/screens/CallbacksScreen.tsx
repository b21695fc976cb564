// Callback requests (phone, date and slot) with whose call each is, „Übernehmen“ for one nobody's yet, and a done/undone
// switch shared by the whole firm.
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
}

/** The done box of an entry: where the focus goes once its „Übernehmen“ button is gone. */
const doneBoxId = (callbackId: string) => `callback-done-${callbackId}`;

/** The client's problem, at most two lines' worth: the whole text is in the chat. */
const shorten = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);

export function CallbacksScreen({ callbacks, lawyerId, onDone, claim = null, onClaim }: CallbacksScreenProps) {
  const { t } = useTranslation();
  const [onlyMine, setOnlyMine] = useState(false);
  /** The entry whose „Übernehmen“ the lawyer pressed: once the button is gone, the focus moves to its done box. */
  const [claiming, setClaiming] = useState<string | null>(null);
  const claimable = (entry: CallbackEntry) => entry.AssignedLawyer === null && entry.DoneAt === null;
  useEffect(() => {
    if (claiming === null) return;
    const entry = callbacks.find((c) => c.Id === claiming);
    if (entry && claimable(entry)) return;
    setClaiming(null);
    const active = document.activeElement;
    if (active === null || active === document.body) document.getElementById(doneBoxId(claiming))?.focus();
  }, [callbacks, claiming]);
  const claimedEntry = claim?.claimed ? callbacks.find((c) => c.Id === claim.callbackId) : undefined;
  const shown = onlyMine ? callbacks.filter((entry) => entry.AssignedLawyer?.Id === lawyerId) : callbacks;
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
  return (
    <ScreenSection headingId="callbacks-heading" heading={t('Callbacks.Heading')}>
      <Typography role="status" aria-live="polite" sx={visuallyHidden}>
        {claimedEntry ? t('Callbacks.Claimed', { phone: claimedEntry.PhoneDisplay, reference: claimedEntry.CaseReference }) : ''}
      </Typography>
      {callbacks.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{t('Callbacks.Empty')}</Typography>
      ) : (
        <>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Switch checked={onlyMine} onChange={(e) => setOnlyMine(e.target.checked)} />}
            label={t('Callbacks.OnlyMine')}
          />
          {shown.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{t('Callbacks.EmptyMine')}</Typography>
          ) : (
            <List>
              {shown.map((entry) => (
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
                      aria-label={t('Callbacks.ClaimLabel', { phone: entry.PhoneDisplay, reference: entry.CaseReference })}
                      onClick={() => {
                        setClaiming(entry.Id);
                        onClaim(entry.Id);
                      }}
                    >
                      {t('Callbacks.Claim')}
                    </Button>
                  ) : null}
                  <FormControlLabel
                    control={
                      <Checkbox
                        id={doneBoxId(entry.Id)}
                        checked={entry.DoneAt !== null}
                        onChange={(e) => onDone(entry.Id, e.target.checked)}
                        // The case names the box: one person with two cases (or a shared office line) gives two callbacks with the same
                        // number, and a screen reader would read two identical „Rückruf an … erledigt“ boxes.
                        slotProps={{ input: { 'aria-label': t('Callbacks.DoneLabel', { phone: entry.PhoneDisplay, reference: entry.CaseReference }) } }}
                      />
                    }
                    label={t('Callbacks.Done')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </ScreenSection>
  );
}
