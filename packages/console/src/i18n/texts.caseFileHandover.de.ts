// German texts of „Fallakte übergeben“ (CaseFileHandOver.tsx) and of its audit-log entry (spread into texts.de.ts).
export const caseFileHandoverDe = {
  'CaseFiles.HandOver.Heading': 'An eine Kollegin oder einen Kollegen übergeben',
  'CaseFiles.HandOver.Info':
    'Übernimmt jemand anderes aus Ihrer Kanzlei dieses Mandat (etwa eine Spezialistin oder eine Vertretung), können Sie die Fallakte übergeben. Sie verschwindet dann aus Ihrer Liste; Ihre Mandantin oder Ihr Mandant sieht in der Fallakte die neue Ansprechperson.',
  'CaseFiles.HandOver.Open': 'Fallakte übergeben',
  'CaseFiles.HandOver.Title': 'Fallakte {{number}} übergeben',
  'CaseFiles.HandOver.Text':
    'Wählen Sie, wer die Fallakte ab jetzt betreut. Ihre Mandantin oder Ihr Mandant wird im Verlauf der Fallakte informiert; die Notiz liest nur Ihre Kollegin oder Ihr Kollege.',
  'CaseFiles.HandOver.Colleague': 'Kollegin oder Kollege',
  'CaseFiles.HandOver.ChooseOption': 'Bitte wählen',
  'CaseFiles.HandOver.LoadingColleagues': 'Die Kolleginnen und Kollegen werden geladen …',
  'CaseFiles.HandOver.ColleaguesFailed': 'Die Kolleginnen und Kollegen konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  'CaseFiles.HandOver.NoColleagues': 'In Ihrer Kanzlei gibt es keine weitere aktive Person, an die Sie die Fallakte übergeben können.',
  'CaseFiles.HandOver.Note': 'Notiz für die Kollegin oder den Kollegen (optional)',
  'CaseFiles.HandOver.NoteHelp': 'Höchstens {{max}} Zeichen, z. B. eine Frist oder der Stand der Dinge. Nur in der Kanzlei sichtbar.',
  'CaseFiles.HandOver.Cancel': 'Abbrechen',
  'CaseFiles.HandOver.Close': 'Schließen',
  'CaseFiles.HandOver.Confirm': 'Übergeben',
  'CaseFiles.HandOver.Busy': 'Wird übergeben …',
  'CaseFiles.HandOver.Refused.ChooseColleague': 'Bitte wählen Sie, wer die Fallakte übernimmt.',
  'CaseFiles.HandOver.Refused.NoteTooLong': 'Die Notiz darf höchstens {{max}} Zeichen lang sein.',
  'CaseFiles.HandOver.Refused.UnknownColleague':
    'Diese Person kann die Fallakte nicht übernehmen – ihr Konto ist nicht mehr aktiv. Bitte wählen Sie eine andere Kollegin oder einen anderen Kollegen.',
  'CaseFiles.HandOver.Refused.SameLawyer': 'Die Fallakte wird bereits von dieser Person betreut. Bitte wählen Sie eine andere.',
  'CaseFiles.HandOver.Refused.Gone': 'Diese Fallakte ist Ihnen nicht mehr zugeordnet: Sie wurde inzwischen übergeben oder zurückgezogen.',
  'CaseFiles.HandOver.Refused.Failed': 'Die Fallakte konnte nicht übergeben werden. Bitte versuchen Sie es erneut.',
  'CaseFiles.HandOver.Done': 'Fallakte {{number}} an {{name}} übergeben.',
  'CaseFiles.LeftElsewhere':
    'Die Fallakte {{number}} ist Ihnen nicht mehr zugeordnet: Sie wurde inzwischen übergeben oder zurückgezogen, zum Beispiel in einem anderen Fenster oder auf einem anderen Gerät.',
  'CaseFiles.HandOver.Received': 'Übergeben von {{name}} am {{date}}',
  'CaseFiles.HandOver.ReceivedNote': 'Notiz: {{note}}',
} as const;
