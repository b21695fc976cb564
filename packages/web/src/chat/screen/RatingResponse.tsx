import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount, ValidationKeys } from '@rechtschat/core';
import { limitFieldEdit } from '@rechtschat/adapters';
import { useTexts } from '../../i18n/useTexts.js';
import { Button, Icon, iconPaths, TextField } from '../../ui/index.js';
import { useChatScreenServices } from './chatScreenServices.js';
import { ratingDe } from './rating.de.js';
import { ResponseForm } from './ResponseForm.js';
import { focusIsFree } from './answerFocus.js';
import { StatusLine } from './StatusLine.js';
import { useDraft } from './useDraft.js';

const RATING_TEXTS = [['chat', ratingDe]] as const;

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
 * Sending without a star says so at the stars (the send button stays usable, so nobody wonders why it does nothing).
 * A chunk of its own with its texts (ResponseBar.tsx): only the offboarding after a consultation offers it.
 */
export function RatingResponse({ draftKey, busy, saved, maxCommentLength, submitRating }: RatingResponseProps) {
  useTexts(RATING_TEXTS);
  const { t } = useTranslation('chat');
  // Into the new form only while the focus is free (answerFocus.ts): decided once, when the form appears.
  const [takeFocus] = useState(focusIsFree);
  const { drafts } = useChatScreenServices();
  const [starsDraft, setStarsDraft] = useDraft(draftKey && `${draftKey}.stars`);
  const [comment, setComment] = useDraft(draftKey && `${draftKey}.comment`);
  // The comment's 750 counted as the bot counts them (code points, an emoji once).
  const [starsMissing, setStarsMissing] = useState(false);
  const firstStar = useRef<HTMLInputElement>(null);
  // Whether the form was shown here: only then does the thank-you replace it (not on a reload after sending).
  const formShown = useRef(false);
  useEffect(() => {
    if (!saved) formShown.current = true;
  }, [saved]);
  const stars = starsOf(starsDraft);
  const setStars = (value: number) => {
    setStarsDraft(String(value));
    setStarsMissing(false);
  };

  if (saved) return <StatusLine text={t('Chat.Rating.Saved')} takeFocus={formShown.current} />;

  const submit = () => {
    if (busy) return;
    if (stars === null) {
      setStarsMissing(true);
      firstStar.current?.focus();
      return;
    }
    const trimmed = comment.trim();
    submitRating(stars, trimmed === '' ? undefined : trimmed);
    // Sent: the stored draft goes; the form keeps its values in memory should saving fail and the person send again.
    if (draftKey) for (const part of ['stars', 'comment']) drafts?.remove(`${draftKey}.${part}`);
  };

  return (
    <ResponseForm onSubmit={submit}>
      <fieldset
        className={starsMissing ? 'chat-rating ui-radio-group--error' : 'chat-rating'}
        disabled={busy}
        aria-describedby={starsMissing ? 'chat-rating-missing' : undefined}
      >
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
                ref={value === 1 ? firstStar : undefined}
                aria-invalid={starsMissing || undefined}
                // Like the other answers: the keyboard lands in the form that just appeared (the chosen star, else the first).
                autoFocus={takeFocus && value === (stars ?? 1)}
                onChange={() => setStars(value)}
              />
              <Icon path={stars !== null && value <= stars ? iconPaths.star : iconPaths.starOutline} size={36} />
              <span className="visually-hidden">{t('Chat.Rating.Star', { count: value })}</span>
            </label>
          ))}
        </div>
        {starsMissing && (
          <p id="chat-rating-missing" className="ui-field__helper" role="alert">
            {t(ValidationKeys.RatingRequired)}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('Chat.Rating.Comment')}
        multiline
        minRows={2}
        value={comment}
        // Like the message field: the limit is said before it cuts off a longer comment (pasted text too), counted as
        // people count characters (an emoji is one).
        helperText={t('Chat.Rating.Remaining', { count: maxCommentLength - characterCount(comment), max: maxCommentLength })}
        onChange={(event) => setComment(limitFieldEdit(event.target, maxCommentLength).value)}
      />
      <div className="chat-actions">
        <Button type="submit" variant="contained" disabled={busy}>
          {t('Chat.Rating.Submit')}
        </Button>
      </div>
    </ResponseForm>
  );
}
