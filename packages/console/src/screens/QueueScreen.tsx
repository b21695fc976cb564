// Screen 2: the queue (description, field of law, waiting time, "Annehmen") and the callback requests.
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CallbackEntry, QueueEntry } from '@rechtschat/core';
import { formatDateTime, formatTime } from '../i18n/i18n.js';

export interface QueueScreenProps {
  readonly queue: readonly QueueEntry[];
  readonly callbacks: readonly CallbackEntry[];
  readonly canAccept: boolean;
  readonly onAccept: (entry: QueueEntry) => void;
}

export function QueueScreen({ queue, callbacks, canAccept, onAccept }: QueueScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <Paper component="section" variant="outlined" aria-labelledby="queue-heading" sx={{ p: 2, mb: 3 }}>
        <Typography variant="h5" component="h2" id="queue-heading">
          {t('Queue.Heading')}
        </Typography>
        <div aria-live="polite">
          {queue.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{t('Queue.Empty')}</Typography>
          ) : (
            <List>
              {queue.map((entry) => (
                <ListItem
                  key={entry.ChatId}
                  divider
                  secondaryAction={
                    <Button variant="contained" disabled={!canAccept} onClick={() => onAccept(entry)} aria-label={t('Queue.AcceptLabel', { description: entry.Description })}>
                      {t('Queue.Accept')}
                    </Button>
                  }
                  sx={{ pr: 18 }}
                >
                  <ListItemText
                    primary={entry.Description}
                    secondary={`${entry.FieldOfLawLongName} · ${t('Queue.Waiting', { time: formatTime(entry.WaitingSince) })}${entry.AssignedLawyerId ? ` · ${t('Queue.Assigned')}` : ''}`}
                    slotProps={{ secondary: { sx: { color: 'text.primary' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </div>
      </Paper>
      <Paper component="section" variant="outlined" aria-labelledby="callbacks-heading" sx={{ p: 2 }}>
        <Typography variant="h5" component="h2" id="callbacks-heading">
          {t('Callbacks.Heading')}
        </Typography>
        {callbacks.length === 0 ? (
          <Typography sx={{ mt: 1 }}>{t('Callbacks.Empty')}</Typography>
        ) : (
          <List>
            {callbacks.map((entry) => (
              <ListItem key={entry.Id} divider>
                <ListItemText primary={t('Callbacks.Entry', { phone: entry.Phone, availability: entry.Availability, created: formatDateTime(entry.Created) })} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </>
  );
}
