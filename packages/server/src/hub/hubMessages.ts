/** German texts the client sees in completion errors and Close messages. */
export const HubTexts = {
  unknownMethod: (target: string) => `Die Methode '${target.slice(0, 64)}' ist nicht bekannt.`,
  wrongArity: (target: string, expected: number, given: number) => `Die Methode '${target.slice(0, 64)}' erwartet ${expected} Argument(e), erhalten: ${given}.`,
  invalidInvocation: 'Der Methodenaufruf ist ungültig.',
  unexpected: 'Bei der Verarbeitung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  streaming: 'Streaming wird nicht unterstützt.',
  rateLimited: 'Zu viele Nachrichten. Bitte warten Sie einen Moment.',
  abuse: 'Die Verbindung wurde wegen zu vieler Nachrichten getrennt.',
  invalidMessage: 'Die Verbindung wurde wegen einer ungültigen Nachricht getrennt.',
  tooLarge: 'Die Verbindung wurde getrennt, weil eine Nachricht zu groß war.',
  clientTimeout: 'Die Verbindung wurde getrennt, weil der Client nicht mehr geantwortet hat.',
  sessionEnded: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  shutdown: 'Der Server wird neu gestartet.',
  handshakeTimeout: 'Handshake was canceled.',
  unsupportedProtocol: (protocol: string) => `Das Protokoll '${protocol.slice(0, 32)}' wird nicht unterstützt.`,
  unsupportedVersion: (protocol: string, version: number) => `Der Server unterstützt Version ${version} des Protokolls '${protocol.slice(0, 32)}' nicht.`,
} as const;
