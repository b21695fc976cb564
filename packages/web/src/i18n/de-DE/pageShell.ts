// German texts the build writes into index.html for a start whose JavaScript cannot load (appShell.ts, app/loadFailed.ts).
// Not an i18next namespace: nothing of the app runs when they are needed, so they are never shipped in a chunk.
export const pageShellDe = {
  'PageShell.LoadFailed':
    'Die Seite konnte nicht vollständig geladen werden. Bitte prüfen Sie Ihre Internetverbindung und laden Sie die Seite neu. Falls Sie gerade einen Chat führen: Ihre Nachrichten bleiben erhalten.',
  'PageShell.Reload': 'Seite neu laden',
} as const;
