// German texts of the transcript request page (namespace `common`); its lazily loaded chunk adds them.
export const protocolDe = {
  'Protocol.Title': 'Chatprotokoll anfordern',
  'Protocol.Intro': 'Sie erhalten das Protokoll Ihrer Beratung als PDF per E-Mail. Bitte geben Sie dazu Ihre Fallnummer und Ihre E-Mail-Adresse an.',
  'Protocol.SignedInIntro': 'Sie erhalten das Protokoll Ihrer aktuellen Beratung als PDF per E-Mail.',
  'Protocol.CaseId': 'Fallnummer',
  'Protocol.CaseIdHint': 'Die Fallnummer finden Sie in der Bestätigung zu Ihrer Beratung.',
  'Protocol.CaseIdRequired': 'Bitte geben Sie Ihre Fallnummer ein.',
  'Protocol.Email': 'E-Mail-Adresse',
  'Protocol.Submit': 'Protokoll senden',
  'Protocol.Sent': 'Vielen Dank. Das Protokoll wird an {{email}} gesendet.',
  'Protocol.Failed': 'Das Protokoll konnte nicht angefordert werden. Bitte prüfen Sie Ihre Angaben.',
} as const;
