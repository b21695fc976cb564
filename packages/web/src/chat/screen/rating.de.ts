// The rating's texts travel with its own chunk (RatingResponse.tsx): it is offered only after a consultation, when
// the offboarding bot asks for it.
export const ratingDe = {
  'Chat.Rating.Legend': 'Wie zufrieden waren Sie mit der Beratung?',
  'Chat.Rating.Star_one': '{{count}} Stern',
  'Chat.Rating.Star_other': '{{count}} Sterne',
  'Chat.Rating.Comment': 'Ihr Kommentar (optional)',
  'Chat.Rating.Remaining': 'Noch {{count}} von {{max}} Zeichen',
  'Chat.Rating.Submit': 'Bewertung senden',
  'Chat.Rating.Saved': 'Vielen Dank für Ihre Bewertung.',
} as const;
