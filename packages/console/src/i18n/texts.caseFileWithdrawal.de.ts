// German texts of „Fallakte zurückziehen“ (CaseFileWithdrawal.tsx) and of its audit-log entry (spread into texts.de.ts).
export const caseFileWithdrawalDe = {
  'CaseFiles.Withdraw.Heading': 'Versehentlich angelegt?',
  'CaseFiles.Withdraw.Info':
    'Wurde die Fallakte aus dem falschen Chat oder doppelt angelegt, können Sie sie zurückziehen – solange sich Ihre Mandantin oder Ihr Mandant noch nie angemeldet hat. Link und PIN gelten dann sofort nicht mehr, und die Fallakte verschwindet aus Ihrer Liste. Hat sich die Mandantschaft schon angemeldet, bleibt die Fallakte erhalten; beenden Sie dann das Mandat.',
  'CaseFiles.Withdraw.Open': 'Fallakte zurückziehen',
  'CaseFiles.Withdraw.Title': 'Fallakte {{number}} zurückziehen?',
  'CaseFiles.Withdraw.Text':
    'Link und PIN gelten danach nicht mehr. Wer den Link öffnet, liest, dass die Fallakte zurückgezogen wurde, und erhält die Kontaktdaten der Kanzlei. Aus dem Chat können Sie danach ohne Rückfrage eine neue Fallakte anlegen. Das Zurückziehen lässt sich nicht rückgängig machen.',
  'CaseFiles.Withdraw.Reason': 'Grund',
  'CaseFiles.Withdraw.ReasonHelp':
    'Pflichtangabe, höchstens {{max}} Zeichen, z. B. „aus dem falschen Chat angelegt“. Der Grund steht im Protokoll der Kanzlei.',
  'CaseFiles.Withdraw.Cancel': 'Abbrechen',
  'CaseFiles.Withdraw.Close': 'Schließen',
  'CaseFiles.Withdraw.Confirm': 'Zurückziehen',
  'CaseFiles.Withdraw.Busy': 'Wird zurückgezogen …',
  'CaseFiles.Withdraw.Refused.ReasonRequired': 'Bitte geben Sie kurz an, warum die Fallakte zurückgezogen wird.',
  'CaseFiles.Withdraw.Refused.ReasonTooLong': 'Der Grund darf höchstens {{max}} Zeichen lang sein.',
  'CaseFiles.Withdraw.Refused.InUse':
    'Diese Fallakte kann nicht mehr zurückgezogen werden: Ihre Mandantin oder Ihr Mandant hat sich bereits angemeldet und konnte sie nutzen. Sie bleibt deshalb erhalten. Kommt das Mandat nicht zustande, beenden Sie es bitte mit „Mandat beenden“.',
  'CaseFiles.Withdraw.Refused.AlreadyWithdrawn': 'Diese Fallakte wurde bereits zurückgezogen.',
  'CaseFiles.Withdraw.Refused.Failed': 'Die Fallakte konnte nicht zurückgezogen werden. Bitte versuchen Sie es erneut.',
  'CaseFiles.Withdraw.Done': 'Die Fallakte {{number}} wurde zurückgezogen. Link und PIN gelten nicht mehr.',
} as const;
