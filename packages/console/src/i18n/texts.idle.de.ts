// German texts of the idle-logout warning (SECURITY.md C5, WCAG 2.2.1; spread into texts.de.ts).
export const idleDe = {
  'Idle.Title': 'Abmeldung wegen Inaktivität',
  'Idle.Warning_one': 'Sie werden in {{count}} Minute wegen Inaktivität abgemeldet.',
  'Idle.Warning_other': 'Sie werden in {{count}} Minuten wegen Inaktivität abgemeldet.',
  'Idle.AbsoluteWarning_one': 'Ihre Anmeldung endet in {{count}} Minute (höchstens 12 Stunden nach der Anmeldung). Bitte melden Sie sich danach erneut an.',
  'Idle.AbsoluteWarning_other': 'Ihre Anmeldung endet in {{count}} Minuten (höchstens 12 Stunden nach der Anmeldung). Bitte melden Sie sich danach erneut an.',
  'Idle.TimeLeft': 'Verbleibende Zeit: {{time}}',
  'Idle.Hint': 'Solange Sie abgemeldet sind, hören Sie keinen Ton und sehen keinen Hinweis im Fenstertitel, wenn eine ratsuchende Person wartet.',
  'Idle.Stay': 'Angemeldet bleiben',
  'Idle.Staying': 'Wird verlängert …',
  'Idle.Understood': 'Verstanden',
  'Idle.LogoutNow': 'Jetzt abmelden',
  'Idle.StayFailed': 'Die Anmeldung konnte nicht verlängert werden, weil der Server nicht erreichbar ist. Bitte versuchen Sie es erneut.',
  'Login.Idle': 'Sie wurden nach 30 Minuten ohne Aktivität abgemeldet. Bitte melden Sie sich erneut an.',
  'Login.Absolute': 'Ihre Anmeldung ist nach 12 Stunden abgelaufen. Bitte melden Sie sich erneut an.',
  'Login.SignedOutElsewhere': 'Sie haben sich in einem anderen Tab dieses Browsers abgemeldet. Bitte melden Sie sich erneut an, um weiterzuarbeiten.',
} as const;
