// German texts of what the firm puts into a case file for the client – „Dokument bereitstellen“, the firm's documents in
// its list, the answer to a client's message – (spread into texts.de.ts).
export const caseFileShareDe = {
  'CaseFiles.Share.Heading': 'Dokument für die Mandantin / den Mandanten bereitstellen',
  'CaseFiles.Share.Intro':
    'Die Mandantin / der Mandant findet das Dokument in der Fallakte unter „Von Ihrer Kanzlei“ und kann es herunterladen, aber nicht entfernen. Erlaubt sind PDF, Bilder, Office-Dokumente und ZIP-Archive bis 10 MB.',
  'CaseFiles.Share.Note': 'Notiz zum Dokument (optional)',
  'CaseFiles.Share.NoteCount': '{{count}} von {{max}} Zeichen',
  'CaseFiles.Share.NoteTooLong': 'Die Notiz ist zu lang: höchstens {{max}} Zeichen.',
  'CaseFiles.Share.Choose': 'Datei auswählen und bereitstellen',
  'CaseFiles.Share.Busy': '„{{name}}“ wird bereitgestellt …',
  'CaseFiles.Share.Done': '„{{name}}“ ist jetzt in der Fallakte der Mandantin / des Mandanten.',
  'CaseFiles.Share.Failed': 'Das Dokument konnte nicht bereitgestellt werden. Bitte versuchen Sie es erneut.',
  'CaseFiles.Share.Empty': 'Die Datei ist leer.',
  'CaseFiles.Share.TooLarge': 'Die Datei ist größer als 10 MB.',
  'CaseFiles.Share.UnsupportedType': 'Dieser Dateityp ist nicht erlaubt. Erlaubt sind PDF, Bilder, Office-Dokumente und ZIP-Archive.',
  'CaseFiles.Share.Closed':
    'Das Mandat ist beendet: Die Fallakte nimmt keine neuen Dokumente an. Eröffnen Sie das Mandat wieder, um ein Dokument bereitzustellen.',
  'CaseFiles.Document.FromClient': 'von der Mandantin / dem Mandanten',
  'CaseFiles.Document.FromFirm': 'bereitgestellt von {{name}}',
  'CaseFiles.Document.FromFirmUnnamed': 'von der Kanzlei bereitgestellt',
  'CaseFiles.Document.System': 'automatisch erstellt',
  'CaseFiles.Document.Note': 'Notiz: {{note}}',
  'CaseFiles.Reply.Open': 'Antworten',
  'CaseFiles.Reply.OpenLabel': 'Auf „{{subject}}“ antworten',
  'CaseFiles.Reply.FormLabel': 'Antwort auf „{{subject}}“',
  'CaseFiles.Reply.Text': 'Ihre Antwort an die Mandantin / den Mandanten',
  'CaseFiles.Reply.Count': '{{count}} von {{max}} Zeichen',
  'CaseFiles.Reply.Send': 'Antwort senden',
  'CaseFiles.Reply.Busy': 'Wird gesendet …',
  'CaseFiles.Reply.Cancel': 'Abbrechen',
  'CaseFiles.Reply.Required': 'Bitte schreiben Sie eine Antwort.',
  'CaseFiles.Reply.TooLong': 'Die Antwort ist zu lang: höchstens {{max}} Zeichen.',
  'CaseFiles.Reply.Failed': 'Die Antwort konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  'CaseFiles.Reply.Sent':
    'Ihre Antwort ist gesendet. Die Mandantin / der Mandant liest sie in der Fallakte und erhält eine E-Mail ohne den Inhalt, sofern eine Adresse hinterlegt ist.',
  'CaseFiles.Reply.Given': 'Antwort von {{name}} am {{date}}:',
} as const;
