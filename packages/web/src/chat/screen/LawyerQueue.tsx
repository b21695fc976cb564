import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AvailabilitySlot, SubmitOutcome } from '@rechtschat/core';
import { CallbackForm } from './CallbackForm.js';
import { ErrorAlert } from './ErrorAlert.js';

interface LawyerQueueProps {
  readonly callbackOffered: boolean;
  readonly callbackRequested: boolean;
  readonly busy: boolean;
  readonly today: string;
  readonly errorKey: string | null;
  readonly onDismissError: () => void;
  readonly requestCallback: (form: { readonly phone: string; readonly date: string; readonly slot: AvailabilitySlot }) => SubmitOutcome;
}

/** Waiting for a lawyer (SPEC §4); after 59 s core offers a callback instead (SPEC §9). */
export function LawyerQueue({ callbackOffered, callbackRequested, busy, today, errorKey, onDismissError, requestCallback }: LawyerQueueProps) {
  const { t } = useTranslation('chat');
  const [formOpen, setFormOpen] = useState(false);

  return (
    <Box component="section" aria-label={t('Chat.Queue.Title')} sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      {callbackRequested ? (
        <Typography role="status">{t('Chat.Queue.CallbackRequested')}</Typography>
      ) : (
        <>
          <Typography>{t('Chat.Queue.Waiting')}</Typography>
          <LinearProgress sx={{ my: 1.5 }} aria-label={t('Chat.Queue.Waiting')} />
          {callbackOffered && !formOpen && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: '1 1 200px' }}>{t('Chat.Queue.CallbackOffer')}</Typography>
              <Button variant="outlined" onClick={() => setFormOpen(true)}>
                {t('Chat.Queue.CallbackOpen')}
              </Button>
            </Box>
          )}
          {callbackOffered && formOpen && (
            <CallbackForm today={today} busy={busy} failureKey={errorKey} requestCallback={requestCallback} onCancel={() => setFormOpen(false)} />
          )}
        </>
      )}
      {/* With the form open it shows the error next to its fields. */}
      {errorKey && !(callbackOffered && formOpen && !callbackRequested) && <ErrorAlert errorKey={errorKey} onDismiss={onDismissError} />}
    </Box>
  );
}
