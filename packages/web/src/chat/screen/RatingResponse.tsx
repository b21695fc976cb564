import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponseForm } from './ResponseForm.js';

interface RatingResponseProps {
  readonly busy: boolean;
  readonly saved: boolean;
  readonly maxCommentLength: number;
  readonly submitRating: (stars: number, comment?: string) => void;
}

/** 1–5 stars as a radio group plus an optional comment; a thank-you once core saved the rating. */
export function RatingResponse({ busy, saved, maxCommentLength, submitRating }: RatingResponseProps) {
  const { t } = useTranslation('chat');
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');

  if (saved) return <Typography role="status">{t('Chat.Rating.Saved')}</Typography>;

  const submit = () => {
    if (stars === null || busy) return;
    const trimmed = comment.trim();
    submitRating(stars, trimmed === '' ? undefined : trimmed);
  };

  return (
    <ResponseForm onSubmit={submit} gap={1.5}>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
        <Typography component="legend" sx={{ mb: 0.5 }}>
          {t('Chat.Rating.Legend')}
        </Typography>
        <Rating
          name="chat-rating"
          value={stars}
          max={5}
          size="large"
          disabled={busy}
          onChange={(_event, value) => setStars(value)}
          getLabelText={(value) => t('Chat.Rating.Star', { count: value })}
          emptyLabelText={t('Chat.Rating.None')}
        />
      </Box>
      <TextField
        label={t('Chat.Rating.Comment')}
        multiline
        minRows={2}
        fullWidth
        value={comment}
        onChange={(event) => setComment(event.target.value.slice(0, maxCommentLength))}
        slotProps={{ htmlInput: { maxLength: maxCommentLength } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={busy || stars === null}>
          {t('Chat.Rating.Submit')}
        </Button>
      </Box>
    </ResponseForm>
  );
}
