import { useTranslation } from 'react-i18next';
import { Button, Icon, iconPaths, TextField } from '../../ui/index.js';
import { useChatScreenServices } from './chatScreenServices.js';
import { ResponseForm } from './ResponseForm.js';
import { useDraft } from './useDraft.js';

interface RatingResponseProps {
  /** Where the chosen stars and the comment are kept across a reload until sent (`.stars`, `.comment`). */
  readonly draftKey?: string;
  readonly busy: boolean;
  readonly saved: boolean;
  readonly maxCommentLength: number;
  readonly submitRating: (stars: number, comment?: string) => void;
}

const STARS = [1, 2, 3, 4, 5] as const;

/** The stars kept in the draft; anything else (nothing, a tampered value) is no choice yet. */
function starsOf(draft: string): number | null {
  const value = Number(draft);
  return STARS.some((star) => star === value) ? value : null;
}

/**
 * 1–5 stars as a native radio group (arrow keys move, the legend names it) plus an optional comment;
 * a thank-you once core saved the rating. Each radio's label is the star picture plus the hidden text "n Sterne".
 */
export function RatingResponse({ draftKey, busy, saved, maxCommentLength, submitRating }: RatingResponseProps) {
  const { t } = useTranslation('chat');
  const { drafts } = useChatScreenServices();
  const [starsDraft, setStarsDraft] = useDraft(draftKey && `${draftKey}.stars`);
  const [comment, setComment] = useDraft(draftKey && `${draftKey}.comment`);
  const stars = starsOf(starsDraft);
  const setStars = (value: number) => setStarsDraft(String(value));

  if (saved)
    return (
      <p role="status" className="ui-text">
        {t('Chat.Rating.Saved')}
      </p>
    );

  const submit = () => {
    if (stars === null || busy) return;
    const trimmed = comment.trim();
    submitRating(stars, trimmed === '' ? undefined : trimmed);
    // Sent: the stored draft goes; the form keeps its values in memory should saving fail and the person send again.
    if (draftKey) for (const part of ['stars', 'comment']) drafts?.remove(`${draftKey}.${part}`);
  };

  return (
    <ResponseForm onSubmit={submit}>
      <fieldset className="chat-rating" disabled={busy}>
        <legend className="chat-rating__legend">{t('Chat.Rating.Legend')}</legend>
        <div className="chat-rating__stars">
          {STARS.map((value) => (
            <label key={value} className={stars !== null && value <= stars ? 'chat-star chat-star--on' : 'chat-star'}>
              <input
                type="radio"
                name="chat-rating"
                value={value}
                className="chat-star__input"
                checked={stars === value}
                // Like the other answers: the keyboard lands in the form that just appeared (the chosen star, else the first).
                autoFocus={value === (stars ?? 1)}
                onChange={() => setStars(value)}
              />
              <Icon path={stars !== null && value <= stars ? iconPaths.star : iconPaths.starOutline} size={36} />
              <span className="visually-hidden">{t('Chat.Rating.Star', { count: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('Chat.Rating.Comment')}
        multiline
        minRows={2}
        value={comment}
        maxLength={maxCommentLength}
        onChange={(event) => setComment(event.target.value.slice(0, maxCommentLength))}
      />
      <div className="chat-actions">
        <Button type="submit" variant="contained" disabled={busy || stars === null}>
          {t('Chat.Rating.Submit')}
        </Button>
      </div>
    </ResponseForm>
  );
}
