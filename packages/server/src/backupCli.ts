// `npm run backup -- <Zielordner>`: a consistent backup of the database and DATA_DIR while the server runs, into a
// new folder `rechtschat-<Zeit>` under the given one (platform/storage/backup.ts). Works on the configured DATA_DIR /
// DATABASE_URL; for PostgreSQL it needs pg_dump. Exit code 0 when the backup is complete, 1 when not, 2 without a folder.
import { loadConfig } from './platform/config.js';
import { countOf, runCli } from './platform/cli.js';
import { BackupError, createBackup } from './platform/storage/backup.js';

const USAGE = 'Aufruf / usage: npm run backup -- <Zielordner>';

const megabytes = (bytes: number) => `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;

async function run(): Promise<number> {
  const target = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (target === undefined || target.trim() === '') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  try {
    const backup = await createBackup(config, target.trim());
    const database = backup.engine === 'sqlite' ? 'SQLite-Datenbank' : 'PostgreSQL-Datenbank';
    console.info(
      [
        `Sicherung fertig: ${backup.folder}`,
        `  ${database}: ${megabytes(backup.databaseBytes)}${backup.engine === 'sqlite' ? ' (geprüft)' : ''}`,
        `  Dateien aus DATA_DIR: ${countOf(backup.files, 'Datei', 'Dateien')}, ${megabytes(backup.fileBytes)}`,
        'SESSION_SECRET und ENTRY_TOKEN_SECRET sind nicht enthalten – bitte getrennt aufbewahren.',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`Sicherung nicht erstellt: ${error.message}`);
    return 1;
  }
}

runCli(run);
