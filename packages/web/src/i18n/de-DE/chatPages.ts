// German texts of the chat routes around the chat screen (namespace `chat`, merged with the screen's texts).
export const chatPagesDe = {
  'ChatPages.Title': 'Rechtsberatung im Chat',
  'ChatPages.Intro':
    'Zuerst nimmt der digitale Assistent Ihr Anliegen auf. Danach berät Sie eine unabhängige Anwältin oder ein unabhängiger Anwalt hier im Chat – schriftlich und vertraulich.',
  'ChatPages.New.Preparing': 'Ihre Beratung wird vorbereitet …',
  'ChatPages.New.NotSignedIn.Title': 'Bitte öffnen Sie den Chat über Ihren persönlichen Link',
  'ChatPages.New.NotSignedIn.Text':
    'Die Rechtsberatung im Chat steht Ihnen über Ihre Rechtsschutzversicherung oder Ihren Arbeitgeber zur Verfügung. Bitte öffnen Sie den Chat über den Link, den Sie dort erhalten haben.',
  'ChatPages.New.InvalidLink': 'Der aufgerufene Link ist ungültig oder abgelaufen. Bitte fordern Sie bei Ihrer Versicherung einen neuen Link an.',
  'ChatPages.New.Unreachable':
    'Der Server ist gerade nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und laden Sie die Seite in einigen Minuten neu.',
  'ChatPages.New.LoginFailed': 'Die Anmeldung ist leider fehlgeschlagen. Bitte versuchen Sie es erneut.',
  'ChatPages.Callback.Title': 'Ihr Rückruf ist vereinbart',
  'ChatPages.Callback.Info':
    'Vielen Dank. Eine unabhängige Anwältin oder ein unabhängiger Anwalt ruft Sie zum gewünschten Zeitpunkt zurück. Bitte halten Sie dann Ihre Unterlagen bereit.',
  'ChatPages.Callback.Phone': 'Telefonnummer',
  'ChatPages.Callback.Availability': 'Erreichbarkeit',
  'ChatPages.Callback.Details': 'Ihre Angaben',
  'ChatPages.Callback.None.Title': 'Hier ist kein Rückruf hinterlegt',
  'ChatPages.Callback.None.Text':
    'Diese Seite bestätigt einen Rückruf, den Sie im Chat vereinbart haben. Wurde sie direkt aufgerufen oder ist Ihre Sitzung beendet, kann sie keinen Rückruf anzeigen. Einen Rückruf, den Sie bereits vereinbart haben, erhalten Sie trotzdem wie besprochen.',
  'ChatPages.Callback.None.ToService': 'Mehr zum Rückrufservice',
  'ChatPages.Callback.None.ToChat': 'Zur Rechtsberatung im Chat',
} as const;
