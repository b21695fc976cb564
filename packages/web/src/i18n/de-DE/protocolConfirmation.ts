// German texts of the protocol mail's confirmation page /protokoll/bestaetigen (namespace `common`); its lazily loaded
// chunk adds them.
export const protocolConfirmationDe = {
  'Protocol.Confirm.Title': 'Chatprotokoll per E-Mail',
  'Protocol.Confirm.Checking': 'Der Link wird geprüft …',
  'Protocol.Confirm.Intro':
    'Sie haben im Chat das Protokoll Ihrer Beratung (Aktenzeichen {{reference}}) per E-Mail angefordert. Mit einem Klick auf „Protokoll jetzt senden“ bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört:',
  'Protocol.Confirm.What': 'Wir senden Ihnen das Protokoll dann als PDF an diese Adresse. E-Mails werden unverschlüsselt übertragen.',
  'Protocol.Confirm.Until': 'Der Link gilt bis {{until}} Uhr und nur einmal.',
  'Protocol.Confirm.NotRequested': 'Sie haben kein Protokoll angefordert? Dann schließen Sie diese Seite einfach. Ohne Ihre Bestätigung senden wir nichts.',
  'Protocol.Confirm.Submit': 'Protokoll jetzt senden',
  'Protocol.Confirm.Sending': 'Das Protokoll wird gesendet …',
  'Protocol.Confirm.DoneTitle': 'Vielen Dank, Ihre Adresse ist bestätigt',
  'Protocol.Confirm.Done': 'Das Protokoll ist an {{email}} unterwegs. Bitte sehen Sie in den nächsten Minuten in Ihrem Postfach nach, auch im Spam-Ordner.',
  'Protocol.Confirm.AlreadySent':
    'Das Protokoll dieser Beratung wurde bereits per E-Mail gesendet. Bitte sehen Sie in Ihrem Postfach nach, auch im Spam-Ordner.',
  'Protocol.Confirm.InvalidTitle': 'Dieser Link ist ungültig',
  'Protocol.Confirm.Invalid':
    'Der Link ist unvollständig oder wurde durch einen neueren ersetzt. Bitte öffnen Sie den Link aus der neuesten E-Mail zu Ihrem Chatprotokoll noch einmal vollständig.',
  'Protocol.Confirm.ExpiredTitle': 'Dieser Link ist abgelaufen',
  'Protocol.Confirm.Expired': 'Links zur Bestätigung gelten 48 Stunden. Das Protokoll wurde deshalb nicht gesendet.',
  'Protocol.Confirm.UsedTitle': 'Dieser Link wurde bereits verwendet',
  'Protocol.Confirm.Used': 'Mit diesem Link wurde das Protokoll schon angefordert. Bitte sehen Sie in Ihrem Postfach nach, auch im Spam-Ordner.',
  'Protocol.Confirm.Download':
    'Sie können das Protokoll jederzeit selbst herunterladen: Öffnen Sie den Chat wie gewohnt über Ihren persönlichen Link und rufen Sie danach „Chatprotokoll herunterladen“ auf.',
  'Protocol.Confirm.ToDownload': 'Zum Protokoll-Download',
  'Protocol.Confirm.RenewHint': 'Wir können Ihnen einen neuen Link an die E-Mail-Adresse senden, an die dieser Link ging. Er gilt dann wieder 48 Stunden.',
  'Protocol.Confirm.Renew': 'Neuen Bestätigungslink senden',
  'Protocol.Confirm.Renewing': 'Ein neuer Link wird gesendet …',
  'Protocol.Confirm.RenewedTitle': 'Ein neuer Link ist unterwegs',
  'Protocol.Confirm.Renewed':
    'Wir haben einen neuen Bestätigungslink an {{email}} gesendet. Er gilt bis {{until}} Uhr. Bitte öffnen Sie den Link aus der neuen E-Mail und sehen Sie auch im Spam-Ordner nach. Dieser Link hier gilt nicht mehr.',
  'Protocol.Confirm.RenewalLimit': 'Für diesen Link wurden schon mehrmals neue Links gesendet. Ein weiterer ist nicht möglich.',
  'Protocol.Confirm.Running': 'Das Protokoll kann erst gesendet werden, wenn Ihre Beratung im Chat beendet ist. Bitte versuchen Sie es danach noch einmal.',
  'Protocol.Confirm.TooMany': 'Zu viele Versuche in kurzer Zeit. Bitte warten Sie eine Minute und versuchen Sie es dann noch einmal.',
  'Protocol.Confirm.CheckAgain': 'Erneut prüfen',
  'Protocol.Confirm.Failed': 'Das hat gerade nicht geklappt. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es noch einmal.',
} as const;
