// German texts of the app shell and the pages in the entry chunk (namespace `common`); lazily loaded pages add their own.
export const commonDe = {
  'App.ServiceName': 'Rechtsberatung im Chat',
  'App.Loading': 'Wird geladen …',
  'App.Retry': 'Erneut versuchen',

  'Layout.SkipToFooter': 'Zu den Rechtstexten springen',
  'Layout.Logout': 'Abmelden',
  'Layout.FooterNavigation': 'Rechtliche Hinweise',
  'Layout.Imprint': 'Impressum',
  'Layout.Privacy': 'Datenschutz',
  'Layout.Accessibility': 'Barrierefreiheit',
  'Layout.TermsOfUse': 'Nutzungsbedingungen',
  'Layout.MandateTerms': 'Mandatsbedingungen',
  'Layout.OpensInNewTab': '(öffnet in einem neuen Tab)',

  'Error.Area.Title': 'Dieser Bereich konnte nicht angezeigt werden',
  'Error.Area.Text':
    'Es ist ein unerwarteter Fehler aufgetreten. Der Fehler wurde automatisch gemeldet. Bitte laden Sie die Seite neu oder versuchen Sie es später noch einmal.',
  'Error.Area.Reload': 'Seite neu laden',
  'Error.Network': 'Der Server ist gerade nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  // Case-file login
  'Error.PinHint': 'Die PIN besteht aus den letzten vier Ziffern Ihrer Telefonnummer.',
  'Error.Privacy': 'Bitte bestätigen Sie, dass Sie die Datenschutzhinweise zur Kenntnis genommen haben.',
  'Error.TermsOfService': 'Bitte stimmen Sie den Nutzungsbedingungen zu.',
  'Error.NotAuthenticated': 'Die Anmeldung ist fehlgeschlagen. Bitte prüfen Sie Ihre PIN.',
  'Error.AddressLimited':
    'Von Ihrem Internetanschluss aus gab es in kurzer Zeit zu viele Anmeldeversuche. Das muss nicht an Ihrer PIN liegen. Bitte versuchen Sie es später erneut.',
  'Error.Locked': 'Zu viele Fehlversuche. Die Anmeldung ist vorübergehend gesperrt. Bitte versuchen Sie es später erneut.',

  'NotFound.Title': 'Seite nicht gefunden',
  'NotFound.Text':
    'Die aufgerufene Adresse gibt es nicht oder nicht mehr. Bitte prüfen Sie den Link. Eine Beratung im Chat beginnen Sie über Ihren persönlichen Link, den Sie von Ihrer Versicherung, Ihrem Arbeitgeber oder Ihrer Kanzlei erhalten haben.',
  'NotFound.StartChat': 'Rechtsberatung im Chat beginnen',
} as const;
