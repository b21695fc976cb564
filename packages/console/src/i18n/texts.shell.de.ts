// German texts of the console's navigation and route shell (spread into texts.de.ts).
export const shellDe = {
  'Shell.NavLabel': 'Hauptnavigation',
  'Shell.AdminNavLabel': 'Verwaltung',
  'Shell.Workspace': 'Arbeitsplatz',
  'Shell.Reports': 'Berichte',
  'Shell.AdminTeam': 'Team',
  'Shell.AdminAudit': 'Protokoll',
  'Shell.AdminInsurers': 'Versicherer',
  'Shell.AdminDataRequests': 'Auskunftsersuchen',
  'Shell.AdminServiceHours': 'Servicezeiten',
  'Shell.AdminFirm': 'Kanzlei',
  'Shell.NoPermissionHeading': 'Keine Berechtigung',
  'Shell.NoPermission': 'Dieser Bereich steht nur Administratorinnen und Administratoren der Kanzlei offen.',
  'Shell.BackToWorkspace': 'Zum Arbeitsplatz',
  'Shell.NotFoundHeading': 'Seite nicht gefunden',
  'Shell.NotFound': 'Diese Seite gibt es in der Anwaltskonsole nicht.',
} as const;
