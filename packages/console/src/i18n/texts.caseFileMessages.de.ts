// German texts of the messages the firm starts in a case file – „Nachricht an Mandant/in schreiben“ – and of the list
// that shows them with the client's messages (spread into texts.de.ts).
export const caseFileMessagesDe = {
  'CaseFiles.Message.Heading': 'Nachricht an Mandant/in schreiben',
  'CaseFiles.Message.Intro':
    'Zum Beispiel, um ein fehlendes Dokument anzufordern. Die Mandantin / der Mandant liest die Nachricht in der Fallakte unter „Kontaktieren Sie uns“, kann dort antworten und erhält eine E-Mail ohne den Inhalt, sofern eine Adresse hinterlegt ist.',
  'CaseFiles.Message.Subject': 'Betreff',
  'CaseFiles.Message.Text': 'Nachricht',
  'CaseFiles.Message.Count': '{{count}} von {{max}} Zeichen',
  'CaseFiles.Message.Send': 'Nachricht senden',
  'CaseFiles.Message.Busy': 'Wird gesendet …',
  'CaseFiles.Message.SubjectRequired': 'Bitte geben Sie einen Betreff an.',
  'CaseFiles.Message.SubjectTooLong': 'Der Betreff ist zu lang: höchstens {{max}} Zeichen.',
  'CaseFiles.Message.TextRequired': 'Bitte schreiben Sie eine Nachricht.',
  'CaseFiles.Message.TextTooLong': 'Die Nachricht ist zu lang: höchstens {{max}} Zeichen.',
  'CaseFiles.Message.Failed': 'Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  'CaseFiles.Message.Sent': 'Ihre Nachricht „{{subject}}“ ist gesendet. Sie steht unten bei den Nachrichten.',
  'CaseFiles.Message.Written': 'Nachricht von {{name}} an die Mandantin / den Mandanten, {{date}}',
  'CaseFiles.Message.AnswerTo': 'Antwort auf Ihre Nachricht „{{subject}}“ vom {{date}}',
  'CaseFiles.Messages': 'Nachrichten mit der Mandantin / dem Mandanten',
} as const;
