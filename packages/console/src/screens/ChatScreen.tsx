// Screen 3: the accepted chat – message log (plain text only), input (Enter sends), close and forward.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LawyerProfile } from '@rechtschat/core';
import { formatTime } from '../i18n/i18n.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { messageKind, type MessageKind } from '../state/messages.js';
import type { ActiveChat } from '../state/useWorkspace.js';

const AUTHOR_KEY: Record<MessageKind, ConsoleTextKey> = {
  participant: 'Author.Participant',
  lawyer: 'Author.Lawyer',
  bot: 'Author.Bot',
  information: 'Author.Information',
};

export interface ChatScreenProps {
  readonly chat: ActiveChat;
  readonly lawyerId: string;
  readonly colleagues: readonly LawyerProfile[];
  readonly participantTyping: boolean;
  readonly onSend: (text: string) => Promise<void>;
  readonly onTyping: () => void;
  readonly onClose: (requestPhoneNumber: boolean) => void;
  readonly onForward: (lawyerId: string) => void;
  readonly onBack: () => void;
}

export function ChatScreen({ chat, lawyerId, colleagues, participantTyping, onSend, onTyping, onClose, onForward, onBack }: ChatScreenProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [colleague, setColleague] = useState('');

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim() === '') return;
    const sent = text;
    setText('');
    await onSend(sent);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="chat-heading" sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" id="chat-heading">
        {t('Chat.Heading')}
      </Typography>
      <Typography component="p" sx={{ mb: 2 }}>
        <strong>{t('Chat.Description')}:</strong> {chat.description}
      </Typography>
      {/* The log wraps the list: role="log" on the <ul> itself would hide the list semantics. */}
      <Box role="log" aria-live="polite" aria-label={t('Chat.Log')} tabIndex={0} sx={{ p: 1, maxHeight: 400, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {chat.messages.map((message) => {
            const kind = messageKind(message, lawyerId);
            return (
              <Box component="li" key={message.Id} sx={{ py: 0.5, textAlign: kind === 'lawyer' ? 'right' : 'left' }}>
                <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {t(AUTHOR_KEY[kind])} · {formatTime(message.Created)}
                </Typography>
                <Typography component="span" sx={{ whiteSpace: 'pre-wrap', fontStyle: kind === 'information' ? 'italic' : 'normal' }}>
                  {message.Message}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Box>
      {/* Always present, so screen readers announce the text when it appears. */}
      <Typography role="status" variant="body2" sx={{ minHeight: '1.5em', mt: 0.5, fontStyle: 'italic' }}>
        {participantTyping && !chat.ended ? t('Chat.ParticipantTyping') : ''}
      </Typography>
      {chat.ended ? (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Typography role="status">{t(chat.ended)}</Typography>
          <Button variant="outlined" onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
            {t('Chat.BackToQueue')}
          </Button>
        </Stack>
      ) : (
        <>
          <Stack component="form" direction="row" spacing={1} onSubmit={(e) => void submit(e)} sx={{ mt: 2 }}>
            <TextField
              label={t('Chat.Input')}
              helperText={t('Chat.InputHelp')}
              // The lawyer just chose "Annehmen": the answer field is where they continue.
              autoFocus
              multiline
              maxRows={4}
              fullWidth
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                onTyping();
              }}
              onKeyDown={onKeyDown}
            />
            <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start', mt: 1 }}>
              {t('Chat.Send')}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            <Button variant="outlined" onClick={() => onClose(false)}>
              {t('Chat.Close')}
            </Button>
            <Button variant="outlined" onClick={() => onClose(true)}>
              {t('Chat.ClosePhone')}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <TextField select label={t('Chat.ForwardTo')} value={colleague} onChange={(e) => setColleague(e.target.value)} sx={{ minWidth: 260 }} disabled={colleagues.length === 0}>
              {colleagues.length === 0 && <MenuItem value="">{t('Chat.NoColleagues')}</MenuItem>}
              {colleagues.map((c) => (
                <MenuItem key={c.Id} value={c.Id}>
                  {c.Name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" disabled={colleague === ''} onClick={() => onForward(colleague)} sx={{ alignSelf: 'center' }}>
              {t('Chat.Forward')}
            </Button>
          </Stack>
        </>
      )}
    </Paper>
  );
}
