// German texts of the logout page (namespace `common`); its lazily loaded chunk adds them.
export const logoutDe = {
  'Logout.Title': 'Abmeldung',
  'Logout.Working': 'Sie werden abgemeldet …',
  'Logout.Done': 'Sie wurden erfolgreich abgemeldet. Ihre Sitzung ist beendet.',
  'Logout.Partial': 'Die Abmeldung konnte nicht vollständig bestätigt werden. Bitte schließen Sie zur Sicherheit Ihr Browserfenster.',
  // No button back into the chat: without the personal link it cannot know who is asking (/chat/new would be a dead end).
  'Logout.Again':
    'Um Ihren Chat fortzusetzen oder eine neue Beratung zu beginnen, öffnen Sie bitte erneut den persönlichen Link, den Sie von Ihrer Versicherung, Ihrem Arbeitgeber oder Ihrer Kanzlei per E-Mail oder SMS erhalten haben.',
} as const;
