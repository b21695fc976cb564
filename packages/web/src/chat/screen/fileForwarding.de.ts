// The file-forwarding question's texts travel with its own chunk (FileForwardingDialog.tsx): it is asked only when a
// lawyer leaves a chat in which files were shared.
export const fileForwardingDe = {
  'Chat.FileForwarding.Title': 'Dateien weitergeben?',
  'Chat.FileForwarding.Question':
    // Not „Sie haben … geteilt“: core asks whenever the chat holds a file, also when only the lawyer sent one.
    'In diesem Chat wurden Dateien geteilt. Dürfen diese an die Anwältin oder den Anwalt weitergegeben werden, die oder der Ihren Fall weiter bearbeitet?',
} as const;
