// The texts of "Abmelden" while the chat is open: they come with the dialog's own chunk (LogoutConfirmationDialog),
// not with the chat screen, which most visitors use without ever opening it.
export const logoutConfirmationDe = {
  'Chat.Logout.Title': 'Möchten Sie sich wirklich abmelden?',
  'Chat.Logout.TextLawyer':
    'Ihr Chat mit Ihrer Anwältin oder Ihrem Anwalt ist noch nicht beendet und läuft nach der Abmeldung weiter. Über Ihren Zugangslink kommen Sie in diesen Chat zurück. Bleibt eine Nachricht Ihrer Anwältin oder Ihres Anwalts einige Minuten unbeantwortet, wird der Chat automatisch beendet.',
  'Chat.Logout.TextWaiting':
    'Ihr Chat wartet auch nach der Abmeldung weiter auf eine Anwältin oder einen Anwalt. Über Ihren Zugangslink kommen Sie in diesen Chat zurück. Sind Sie zehn Minuten lang nicht im Chat, wird Ihre Anfrage aus der Warteschlange genommen.',
  'Chat.Logout.TextIntake':
    'Ihre Anfrage ist noch nicht abgeschickt. Wenn Sie sich jetzt abmelden, gehen Ihre bisherigen Angaben verloren und Sie müssen über Ihren Zugangslink von vorn beginnen.',
  'Chat.Logout.Stay': 'Im Chat bleiben',
  'Chat.Logout.Confirm': 'Abmelden',
} as const;
