// Bot texts that name the lawyer once known: the step passes `lawyer` (core bot/stepNavigation.ts), and a key with a
// `_named` variant (i18next context) is used instead of the neutral "Ihre Anwältin oder Ihr Anwalt". One rule for
// what the screen shows (chat/screen/messageText.ts) and what is stored in the transcript (app/container.ts).
export function botTextContext(params: Readonly<Record<string, string>> | undefined): { readonly context?: 'named' } {
  return params?.['lawyer'] ? { context: 'named' } : {};
}
