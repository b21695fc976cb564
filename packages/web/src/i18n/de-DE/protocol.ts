// German texts of the transcript download page /protokoll (namespace `common`); its lazily loaded chunk adds them.
export const protocolDe = {
  'Protocol.Title': 'Chatprotokoll herunterladen',
  'Protocol.Intro': 'Hier laden Sie das Protokoll Ihrer Beratung im Chat als PDF herunter.',
  'Protocol.Reference': 'Aktenzeichen',
  'Protocol.ReferenceHint': 'Das Aktenzeichen steht auf Ihrem Protokoll und Ihrer Nutzungsbestätigung, zum Beispiel RC-7K3M9Q2T.',
  'Protocol.ReferenceInvalid': 'Bitte geben Sie das Aktenzeichen so ein, wie es auf Ihrem Protokoll steht, zum Beispiel RC-7K3M9Q2T.',
  'Protocol.Submit': 'Protokoll herunterladen',
  'Protocol.Downloaded': 'Das Protokoll {{reference}} wurde heruntergeladen.',
  'Protocol.NotFound': 'Unter diesem Aktenzeichen haben wir keine Beratung von Ihnen gefunden. Bitte prüfen Sie Ihre Eingabe.',
  'Protocol.Failed': 'Das Protokoll konnte gerade nicht geladen werden. Bitte versuchen Sie es später noch einmal.',
  'Protocol.Loading': 'Ihre Anmeldung wird geprüft …',
  'Protocol.SignedOutTitle': 'Bitte melden Sie sich zuerst an',
  'Protocol.SignedOut':
    'Das Protokoll einer Beratung können nur Sie selbst herunterladen. Öffnen Sie dazu den Chat wie gewohnt über Ihren persönlichen Link und rufen Sie anschließend diese Seite noch einmal auf.',
  'Protocol.SignedOutMail':
    'Wenn Sie bei der Beratung Ihre E-Mail-Adresse angegeben und bestätigt haben, haben wir Ihnen das Protokoll außerdem per E-Mail gesendet.',
  'Protocol.ToChat': 'Zum Chat',
} as const;
