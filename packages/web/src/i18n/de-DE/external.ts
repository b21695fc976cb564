// German texts of the redirect pages to partners (ExternalPages) (namespace `common`); its lazily loaded chunk adds them.
export const externalDe = {
  'External.Title': 'Weiterleitung zu unserem Partner',
  'External.Redirecting': 'Sie werden zu unserem Partner weitergeleitet …',
  'External.Manual': 'Falls die Weiterleitung nicht startet, öffnen Sie bitte diesen Link:',
  'External.NotConfigured': 'Die Weiterleitung zu unserem Partner ist derzeit nicht verfügbar. Bitte versuchen Sie es später noch einmal.',
} as const;
