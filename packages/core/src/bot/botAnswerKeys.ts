// i18n keys of the participant's non-text answers as they appear in the transcript.

/** Transcript texts for answers that are not free text. */
export const BotAnswerKeys = {
  Yes: 'Bot.Answer.Yes',
  No: 'Bot.Answer.No',
  Skip: 'Bot.Answer.Skip',
  /** Param: stars. */
  Rating: 'Bot.Answer.Rating',
  /** Params: stars, comment. */
  RatingWithComment: 'Bot.Answer.RatingWithComment',
} as const;
