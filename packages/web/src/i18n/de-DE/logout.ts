// German texts of the logout page (namespace `common`); its lazily loaded chunk adds them.
export const logoutDe = {
  'Logout.Title': 'Abmeldung',
  'Logout.Working': 'Sie werden abgemeldet …',
  'Logout.Done': 'Sie wurden erfolgreich abgemeldet. Ihre Sitzung ist beendet.',
  'Logout.Partial': 'Die Abmeldung konnte nicht vollständig bestätigt werden. Bitte schließen Sie zur Sicherheit Ihr Browserfenster.',
  'Logout.Again': 'Neue Beratung beginnen',
} as const;
