// The queue: who waits, with description, field of law, waiting time, "callback requested" and whether the client is
// still connected.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '@rechtschat/core';
import { formatTime } from '../i18n/i18n.js';
import { ScreenSection } from './ScreenSection.js';

/** Dark text on a light tint (the colours of MUI's standard alerts): white on MUI's info/warning chips fails WCAG AA contrast. */
const CHIP_COLORS = {
  info: { bgcolor: '#e5f6fd', color: '#014361' },
  warning: { bgcolor: '#fff4e5', color: '#663c00' },
} as const;

export interface QueueScreenProps {
  readonly queue: readonly QueueEntry[];
  /** The signed-in lawyer: a chat they themselves did not take within the forward hold addresses them, not by their name. */
  readonly lawyerId: string;
  readonly nowMs: number;
  readonly canAccept: boolean;
  readonly onAccept: (chatId: string) => void;
  /**
   * The lawyer presses or focuses something in the queue („Annehmen“), the click not complete yet: the queue is their
   * choice, so held chats restored meanwhile must not open in front of it (workspace.holdView), nor, while pressed,
   * move it under the pointer.
   */
  readonly onReach?: (how: 'pressed' | 'focused') => void;
}

export function QueueScreen({ queue, lawyerId, nowMs, canAccept, onAccept, onReach }: QueueScreenProps) {
  const { t } = useTranslation();
  // The „Annehmen“ the keyboard is on, and its place: when a colleague takes that chat (or its client leaves) the button
  // goes, and the focus fell to the page's start – the lawyer had to tab through the whole header back into the queue.
  const focusedEntry = useRef<{ readonly chatId: string; readonly index: number } | null>(null);
  const acceptButtons = useRef(new Map<string, HTMLButtonElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const gone = focusedEntry.current;
    if (gone === null || queue.some((e) => e.ChatId === gone.chatId)) return;
    focusedEntry.current = null;
    // Only where the focus was lost with the button, never taken from where the lawyer moved it.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    // The entry that moved up into its place (or the last one), else the queue's heading when none waits any more.
    const next = queue[Math.min(gone.index, queue.length - 1)];
    const button = next ? acceptButtons.current.get(next.ChatId) : undefined;
    if (button && !button.disabled) button.focus();
    else headingRef.current?.focus();
  }, [queue]);
  const waited = (since: string) => {
    const minutes = Math.max(0, Math.floor((nowMs - Date.parse(since)) / 60_000));
    return minutes === 0 ? t('Queue.WaitingNow') : t('Queue.WaitingMinutes', { count: minutes });
  };
  // A forwarded chat says by whom: the lawyer who takes it over knows whom to ask about what was said before. A chat the
  // server handed back because its lawyer was away says so instead: nobody forwarded it.
  const forwardLabel = (entry: QueueEntry) => {
    if (entry.ReturnedFrom !== undefined) return entry.ReturnedFrom === null ? t('Queue.Returned') : t('Queue.ReturnedFrom', { name: entry.ReturnedFrom });
    // Forwarded to a colleague who did not take it within the hold: open to everyone again, and said so. In that
    // colleague's own queue it addresses them: „Nicht angenommen von Markus Hoffmann“ was shown to Markus Hoffmann.
    if (entry.ReleasedFrom !== undefined && entry.ReleasedFromLawyerId === lawyerId)
      return entry.ForwardedBy === null ? t('Queue.ReleasedFromMe') : t('Queue.ReleasedFromMeForwardedBy', { name: entry.ForwardedBy });
    if (entry.ReleasedFrom !== undefined)
      return entry.ForwardedBy === null
        ? t('Queue.ReleasedFrom', { from: entry.ReleasedFrom })
        : t('Queue.ReleasedFromForwardedBy', { name: entry.ForwardedBy, from: entry.ReleasedFrom });
    if (entry.AssignedLawyerId === null) return t('Queue.ForwardedBy', { name: entry.ForwardedBy });
    // Forwarded to a colleague who was deactivated meanwhile: why it waits for this lawyer now.
    if (entry.HandedOverFrom !== undefined)
      return entry.ForwardedBy === null
        ? t('Queue.HandedOver', { from: entry.HandedOverFrom })
        : t('Queue.HandedOverForwardedBy', { name: entry.ForwardedBy, from: entry.HandedOverFrom });
    return entry.ForwardedBy === null ? t('Queue.Assigned') : t('Queue.AssignedBy', { name: entry.ForwardedBy });
  };
  return (
    <ScreenSection headingId="queue-heading" heading={t('Queue.Heading')} headingRef={headingRef}>
      {/* No live region here: the waiting times tick every minute and would be read out again and again. New clients are
          announced by the workspace (useBackgroundAnnouncement), on every screen. A press anywhere in the list counts,
          also on a disabled „Annehmen“ (before the connection stands), which lets the pointer through to its row. */}
      <div onPointerDown={() => onReach?.('pressed')} onFocus={() => onReach?.('focused')}>
        {queue.length === 0 ? (
          <Typography sx={{ mt: 1 }}>{t('Queue.Empty')}</Typography>
        ) : (
          <List>
            {queue.map((entry, index) => (
              <ListItem key={entry.ChatId} divider sx={{ gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <ListItemText
                  primary={entry.Description}
                  secondary={
                    <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
                      <span>{entry.FieldOfLawLongName}</span>
                      {entry.InsurerName && <span>· {t('Queue.Insurer', { name: entry.InsurerName })}</span>}
                      <span>· {waited(entry.WaitingSince)}</span>
                      {(entry.AssignedLawyerId !== null ||
                        entry.ForwardedBy !== null ||
                        entry.ReturnedFrom !== undefined ||
                        entry.ReleasedFrom !== undefined) && <Chip component="span" size="small" label={forwardLabel(entry)} sx={CHIP_COLORS.info} />}
                      {entry.CallbackRequested && <Chip component="span" size="small" label={t('Queue.CallbackRequested')} sx={CHIP_COLORS.warning} />}
                      {/* A client who closed the browser stays in the queue until the server drops the request (10 minutes). */}
                      {entry.ClientAwaySince && (
                        <Chip
                          component="span"
                          size="small"
                          label={t('Queue.ClientAway', { time: formatTime(entry.ClientAwaySince) })}
                          sx={CHIP_COLORS.warning}
                        />
                      )}
                    </Stack>
                  }
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } }, secondary: { component: 'span', sx: { color: 'text.primary' } } }}
                />
                <Button
                  variant="contained"
                  disabled={!canAccept}
                  onClick={() => {
                    // Pressed: what the accept brings takes the focus – the chat's answer field, or the notice that a
                    // colleague was first (WorkspaceScreen).
                    focusedEntry.current = null;
                    onAccept(entry.ChatId);
                  }}
                  ref={(button: HTMLButtonElement | null) => {
                    if (button) acceptButtons.current.set(entry.ChatId, button);
                    else acceptButtons.current.delete(entry.ChatId);
                  }}
                  onFocus={() => {
                    focusedEntry.current = { chatId: entry.ChatId, index };
                  }}
                  onBlur={(event) => {
                    // A button removed with its entry loses the focus too: that place is kept for the effect above.
                    if (event.currentTarget.isConnected) focusedEntry.current = null;
                  }}
                  aria-label={t('Queue.AcceptLabel', { description: entry.Description })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('Queue.Accept')}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </div>
    </ScreenSection>
  );
}
