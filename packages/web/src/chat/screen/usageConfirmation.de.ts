// The usage confirmation's texts travel with its own chunk (UsageConfirmation.tsx): most chats never show it, and
// those that do show it after the chat has ended or once the new-chat page has loaded.
export const usageConfirmationDe = {
  'Chat.UsageConfirmation.Title': 'Nutzungsbestätigung',
  'Chat.UsageConfirmation.Text': 'Für Ihre letzte Beratung steht eine Nutzungsbestätigung als PDF bereit.',
  'Chat.UsageConfirmation.Explanation':
    'Sie bestätigt, dass Sie die Rechtsberatung an diesem Tag genutzt haben – etwa für Ihren Arbeitgeber oder Ihre Versicherung. Sie brauchen sie nur, wenn jemand einen Nachweis verlangt; Ihre neue Anfrage können Sie auch ohne sie beginnen.',
  'Chat.UsageConfirmation.Download': 'Nutzungsbestätigung herunterladen',
  'Chat.UsageConfirmation.Close': 'Schließen',
  'Chat.UsageConfirmation.Failed': 'Die Nutzungsbestätigung konnte nicht heruntergeladen werden. Bitte versuchen Sie es später erneut.',
  'Chat.UsageConfirmation.FileName': 'Nutzungsbestaetigung.pdf',
} as const;
