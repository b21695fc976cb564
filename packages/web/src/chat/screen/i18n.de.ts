/**
 * German texts of the chat screen, namespace `chat`. Keys are flat strings with dots; i18next
 * resolves them whether or not a key separator is configured.
 */
export const chatScreenNamespace = 'chat';

export const chatScreenDe = {
  // Above the chat, when the firm set a display name for the person's insurer (ChatScreenHost).
  'Chat.Insurer': 'Ihr Zugang über: {{name}}',
  // Validation and error keys used by core
  'Chat.MinLength': 'Bitte geben Sie mindestens {{min}} Zeichen ein.',
  'Chat.EnterValidEmail': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'Chat.EnterValidPhoneNumber': 'Bitte geben Sie eine gültige Telefonnummer ein.',
  'Chat.CallbackFailed': 'Ihr Rückrufwunsch konnte leider nicht übermittelt werden. Bitte versuchen Sie es erneut.',
  'Chat.Empty': 'Bitte geben Sie zuerst Ihre Nachricht ein.',
  'Chat.MaxLength': 'Ihre Nachricht darf höchstens {{max}} Zeichen lang sein.',
  'Chat.PhoneRequired': 'Bitte geben Sie Ihre Telefonnummer ein.',
  'Chat.CallbackDateRequired': 'Bitte wählen Sie einen Tag aus.',
  'Chat.CallbackDateInPast': 'Dieser Tag ist vorbei. Bitte wählen Sie einen späteren Tag.',
  'Chat.CallbackSlotRequired': 'Bitte wählen Sie ein Zeitfenster aus.',
  'Chat.CallbackSlotPassed': 'Dieses Zeitfenster ist heute schon vorbei. Bitte wählen Sie ein späteres Zeitfenster oder einen anderen Tag.',
  'Chat.RatingRequired': 'Bitte wählen Sie zwischen einem und fünf Sternen.',
  // Failures core reports in `errorKey`
  'Chat.StartFailed': 'Der Chat konnte nicht gestartet werden. Bitte laden Sie die Seite neu.',
  'Chat.StartLimited':
    'Sie haben in der letzten Stunde bereits mehrere Beratungen begonnen. Bitte versuchen Sie es später erneut oder wenden Sie sich telefonisch an die Kanzlei.',
  'Chat.RunningElsewhere.Text':
    'Ihre Beratung läuft bereits – in einem anderen Fenster oder Tab. Sie können immer nur eine Beratung zur selben Zeit führen; Ihr Anliegen von hier können Sie dort schreiben.',
  'Chat.RunningElsewhere.Link': 'Zu Ihrer laufenden Beratung',
  'Chat.LoadFailed': 'Der Chatverlauf konnte nicht geladen werden. Bitte laden Sie die Seite neu.',
  'Chat.UploadFailed': 'Die Datei konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
  'Chat.UploadEmpty': 'Die Datei ist leer. Bitte wählen Sie eine andere Datei.',
  'Chat.UploadTooLarge': 'Die Datei ist größer als 10 MB. Bitte wählen Sie eine kleinere Datei.',
  'Chat.UploadUnsupportedType':
    'Dieser Dateityp kann im Chat nicht gesendet werden. Erlaubt sind PDF, Bilder (JPG, PNG, GIF, WebP, HEIC), Word, Excel, PowerPoint und ZIP.',
  'Chat.UploadContentMismatch':
    'Der Inhalt dieser Datei passt nicht zu ihrer Endung – sie ist vermutlich beschädigt oder umbenannt. Bitte öffnen Sie die Datei, speichern Sie sie neu (z. B. als PDF) und senden Sie sie dann erneut.',
  'Chat.UploadUnreadable': 'Die Datei ist beschädigt oder konnte nicht gelesen werden. Bitte prüfen Sie die Datei oder wählen Sie eine andere.',
  'Chat.UploadMalware': 'Die Datei wurde als schädlich erkannt und nicht gesendet. Bitte wählen Sie eine andere Datei.',
  'Chat.UploadArchiveRefused': 'Dieses Archiv können wir nicht annehmen. Bitte senden Sie die Dateien einzeln.',
  'Chat.UploadTooMany': 'Sie haben gerade sehr viele Dateien gesendet. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  'Chat.UploadScannerUnavailable': 'Dateien können gerade nicht geprüft werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  'Chat.ProtocolFailed': 'Das Gesprächsprotokoll konnte nicht versendet werden.',
  'Chat.SecondLevelPhoneFailed': 'Ihre Telefonnummer konnte nicht übermittelt werden.',
  'Chat.RatingFailed': 'Ihre Bewertung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  'Chat.RevokeFileForwardingFailed': 'Ihre Entscheidung zur Weitergabe der Dateien konnte nicht gespeichert werden.',
  'Chat.NotExpected': 'Diese Eingabe ist gerade nicht möglich. Bitte warten Sie einen Moment.',
  'Chat.PhoneCheckFailed': 'Ihre Telefonnummer konnte gerade nicht geprüft werden. Bitte versuchen Sie es erneut.',

  // Screen structure
  'Chat.Screen.Title': 'Rechtsberatung im Chat',
  'Chat.Screen.SkipLinks': 'Direkt springen',
  'Chat.Screen.SkipToMessages': 'Zum Chatverlauf springen',
  'Chat.Screen.SkipToInput': 'Zur Eingabe springen',
  'Chat.Screen.Loading': 'Der Chat wird geladen …',
  'Chat.Screen.DismissError': 'Hinweis schließen',
  'Chat.Screen.Reload': 'Seite neu laden',

  // Message list
  'Chat.Messages.Label': 'Chatverlauf',
  'Chat.Messages.You': 'Sie',
  'Chat.Messages.Bot': 'Chatbot',
  'Chat.Messages.Lawyer': 'Anwalt/Anwältin',
  'Chat.Messages.Pending': 'wird gesendet …',
  'Chat.Messages.NotSent': 'nicht zugestellt, der Chat war bereits beendet',
  'Chat.Messages.Forwarded': 'Weiterleitung',
  'Chat.Messages.Download': '{{fileName}} herunterladen',
  'Chat.Messages.DownloadFailed': 'Die Datei konnte nicht heruntergeladen werden. Wählen Sie den Dateinamen erneut, um es noch einmal zu versuchen.',
  'Chat.Messages.Empty': 'Noch keine Nachrichten.',

  // Typing and connection
  'Chat.Typing.Bot': 'Der Chatbot schreibt …',
  'Chat.Typing.Lawyer': 'Ihre Anwältin oder Ihr Anwalt schreibt …',
  'Chat.Typing.LawyerNamed': '{{name}} schreibt …',
  'Chat.Connection.Offline': 'Keine Verbindung. Ihre Nachrichten werden gesendet, sobald die Verbindung wieder besteht.',
  'Chat.Connection.Reconnecting': 'Die Verbindung wird wiederhergestellt …',
  'Chat.Connection.Capped': 'Von Ihrem Netzwerk aus bestehen gerade zu viele gleichzeitige Verbindungen zum Chat.',
  'Chat.Connection.CappedRetrySeconds_one': 'Der nächste Verbindungsversuch folgt automatisch in {{count}} Sekunde – Sie müssen nichts tun.',
  'Chat.Connection.CappedRetrySeconds_other': 'Der nächste Verbindungsversuch folgt automatisch in {{count}} Sekunden – Sie müssen nichts tun.',
  'Chat.Connection.CappedRetryMinutes_one': 'Der nächste Verbindungsversuch folgt automatisch in {{count}} Minute – Sie müssen nichts tun.',
  'Chat.Connection.CappedRetryMinutes_other': 'Der nächste Verbindungsversuch folgt automatisch in {{count}} Minuten – Sie müssen nichts tun.',
  'Chat.Connection.Disconnected': 'Die Verbindung ist unterbrochen. Bitte laden Sie die Seite neu.',

  // Response bar
  'Chat.Input.Region': 'Ihre Antwort',
  'Chat.Input.MessageLabel': 'Ihre Nachricht',
  'Chat.Input.EmailLabel': 'Ihre E-Mail-Adresse',
  'Chat.Input.PhoneLabel': 'Ihre Telefonnummer',
  'Chat.Input.Remaining': 'Noch {{count}} von {{max}} Zeichen',
  'Chat.Input.PasteCut': 'Der eingefügte Text war länger als {{max}} Zeichen und wurde am Ende abgeschnitten. Bitte prüfen Sie den Text, bevor Sie ihn senden.',
  'Chat.Input.Send': 'Senden',
  'Chat.Input.Skip': 'Überspringen',
  'Chat.Input.DisableEnter': 'Enter zum Senden deaktivieren',
  'Chat.Input.EnterHint': 'Enter sendet die Nachricht, Umschalt+Enter fügt eine neue Zeile ein.',
  'Chat.Input.Yes': 'Ja',
  'Chat.Input.No': 'Nein',
  'Chat.Input.Upload': 'Datei hochladen',
  'Chat.Input.UploadLabel': 'Datei zum Hochladen auswählen',
  'Chat.Input.Uploading': '„{{fileName}}“ wird hochgeladen …',
  'Chat.Input.UploadProgress': '„{{fileName}}“ wird hochgeladen: {{percent}} %',
  'Chat.Input.UploadProgressLabel': 'Datei wird hochgeladen',
  'Chat.Input.UploadProgressValue': 'Datei wird hochgeladen: {{percent}} %',
  'Chat.Input.UploadCancel': 'Hochladen abbrechen',
  'Chat.Input.UploadCancelled': 'Hochladen abgebrochen.',
  'Chat.UnsentDraft.Title': 'Diese Nachricht wurde nicht mehr gesendet, weil der Chat beendet wurde. Sie können sie kopieren, z. B. für den Rückruf:',
  'Chat.UnsentDraft.Dismiss': 'Hinweis schließen',
  'Chat.Input.Done': 'Der Chat ist beendet. Vielen Dank, dass Sie unsere Rechtsberatung genutzt haben.',
  // The chat closed before a lawyer took part: no thanks for a consultation that did not take place.
  'Chat.Input.Done.Callback': 'Der Chat ist beendet. Ihr Rückruf ist vereinbart: Eine Anwältin oder ein Anwalt ruft Sie zum gewünschten Zeitpunkt an.',
  'Chat.Input.Done.WithoutConsultation': 'Der Chat ist beendet, bevor eine Anwältin oder ein Anwalt frei war.',

  // Lawyer queue and callback
  'Chat.Queue.Title': 'Warten auf eine Anwältin oder einen Anwalt',
  'Chat.Queue.Waiting': 'Bitte haben Sie einen Moment Geduld. Sobald eine Anwältin oder ein Anwalt Ihren Chat annimmt, geht es hier weiter.',
  // The place the server reports (1 = next); announced politely whenever it changes.
  'Chat.Queue.Position_one': 'Ihre Anfrage ist als Nächste an der Reihe.',
  'Chat.Queue.Position_other': 'Ihre Anfrage ist an Position {{count}} der Warteschlange.',
  // The median wait of the chats taken lately (the server leaves it out when too few were taken).
  'Chat.Queue.Wait_one': 'Voraussichtliche Wartezeit: etwa eine Minute.',
  'Chat.Queue.Wait_other': 'Voraussichtliche Wartezeit: etwa {{count}} Minuten.',
  'Chat.Queue.CallbackOffer': 'Sie möchten nicht länger warten? Wir rufen Sie gerne zurück.',
  'Chat.Queue.CallbackOpen': 'Rückruf vereinbaren',
  // Read out when the offer appears (a status for screen readers only): the person's focus is in the message field.
  'Chat.Queue.CallbackOfferAnnounced': 'Sie können jetzt einen Rückruf vereinbaren, statt weiter zu warten.',
  'Chat.Queue.CallbackRequested': 'Vielen Dank. Ihr Rückrufwunsch wurde übermittelt; wir melden uns zum gewünschten Zeitpunkt.',
  'Chat.Callback.Title': 'Rückruf vereinbaren',
  'Chat.Callback.Phone': 'Telefonnummer',
  'Chat.Callback.Date': 'Wunschtermin',
  'Chat.Callback.DateChosen': 'Gewählter Tag: {{date}}',
  'Chat.Callback.Slot': 'Zeitfenster',
  'Chat.Callback.Availability1': 'vormittags (8–12 Uhr)',
  'Chat.Callback.Availability2': 'nachmittags (12–18 Uhr)',
  'Chat.Callback.Submit': 'Rückruf anfordern',
  'Chat.Callback.Cancel': 'Abbrechen',

  // File forwarding

  // Inactivity
  'Chat.Inactivity.Title': 'Sind Sie noch da?',
  'Chat.Inactivity.Stage1_one':
    'Sie haben eine Weile nicht geantwortet. Bitte wählen Sie innerhalb von {{count}} Sekunde „Ich bin noch da“ – sonst wird der Chat beendet.',
  'Chat.Inactivity.Stage1_other':
    'Sie haben eine Weile nicht geantwortet. Bitte wählen Sie innerhalb von {{count}} Sekunden „Ich bin noch da“ – sonst wird der Chat beendet.',
  'Chat.Inactivity.Stage2_one': 'Letzte Erinnerung: Der Chat wird in {{count}} Sekunde beendet, wenn Sie nicht auf „Ich bin noch da“ tippen.',
  'Chat.Inactivity.Stage2_other': 'Letzte Erinnerung: Der Chat wird in {{count}} Sekunden beendet, wenn Sie nicht auf „Ich bin noch da“ tippen.',
  'Chat.Inactivity.StayActive': 'Ich bin noch da',

  // Usage confirmation
  'Chat.NewConsultation': 'Neue Beratung beginnen',
  'Chat.OtherRequest.Text': 'Sie warten noch auf die Beratung zu Ihrer neuen Anfrage. Diese Seite zeigt eine frühere, beendete Beratung.',
  'Chat.OtherRequest.Link': 'Zurück zu Ihrer Anfrage',
} as const;
