// German texts of the service hours page (namespace `common`); its lazily loaded chunk adds them.
export const serviceHoursDe = {
  'ServiceHours.Title': 'Servicezeiten',
  'ServiceHours.Intro': 'Unsere Anwältinnen und Anwälte sind zu den folgenden Zeiten für Sie im Chat erreichbar:',
  'ServiceHours.Closed': 'Derzeit ist die Rechtsberatung im Chat leider nicht besetzt. Bitte kommen Sie zu den Servicezeiten wieder.',
  // The page has no start button (the chat needs the personal link, which the redirect here did not keep): say how.
  'ServiceHours.Open':
    'Die Rechtsberatung im Chat ist jetzt für Sie erreichbar. Öffnen Sie dazu bitte erneut den persönlichen Link, den Sie von Ihrer Versicherung, Ihrem Arbeitgeber oder Ihrer Kanzlei erhalten haben.',
  // A closure day the firm entered (holiday, Betriebsferien), with its note.
  'ServiceHours.ClosedOn': 'Am {{day}} ist die Chatberatung geschlossen: {{note}}.',
  'ServiceHours.ClosedFromTo': 'Vom {{first}} bis {{last}} ist die Chatberatung geschlossen: {{note}}.',
  'ServiceHours.OpensAt': 'Ab {{when}} Uhr sind wir wieder für Sie da.',
  'ServiceHours.UpcomingHeading': 'Geplante Schließtage',
  'ServiceHours.UpcomingDay': '{{day}}: {{note}}',
  'ServiceHours.UpcomingRange': '{{first}} bis {{last}}: {{note}}',
  'ServiceHours.TimeZone': 'Alle Zeiten in deutscher Zeit.',
  // A zone other than German time (the server sends none today), by its German name from Intl, e.g. "Nordamerikanische Ostküstenzeit".
  'ServiceHours.TimeZoneOther': 'Alle Zeiten: {{zone}}.',
  'ServiceHours.Range': '{{from}} bis {{to}} Uhr',
  'ServiceHours.ClosedDay': 'geschlossen',
  // SERVICE_HOURS=always: every day 00:00 to 24:00.
  'ServiceHours.AllDay': 'rund um die Uhr',
  'ServiceHours.LoadFailed': 'Die Servicezeiten konnten nicht geladen werden.',
  'ServiceHours.TableCaption': 'Servicezeiten nach Wochentag',
  'ServiceHours.Weekday': 'Wochentag',
  'ServiceHours.Hours': 'Uhrzeit',
  // Outside the hours: how to reach the firm until the chat opens again (an operator on a closure day: the page left a
  // client with nothing to do).
  'ServiceHours.ContactHeading': 'Sie möchten die Kanzlei vorher erreichen?',
  'ServiceHours.ContactIntro': 'Außerhalb der Chatzeiten erreichen Sie {{firm}} so:',
  'ServiceHours.ContactPhone': 'Telefon',
  'ServiceHours.ContactEmail': 'E-Mail',
} as const;
