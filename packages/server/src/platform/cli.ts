// What the operator commands (`npm run seed`, `npm run lawyer:reset-mfa`) share: the configured database, migrated
// before use and closed after it, and an exit code – a configuration error as a German line instead of a stack trace.
import { ConfigError, type Config } from './config.js';
import { openDatabase, type Db } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

/** Opens the configured database, migrates it, runs `work` and closes it again, also when `work` fails. */
export async function withMigratedDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Runs a command and exits with its code; an unexpected failure exits with 1. */
export function runCli(run: () => Promise<number>): void {
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
      process.exit(1);
    },
  );
}

/** A German count with its noun in the right number: `countOf(1, 'Sitzung', 'Sitzungen')` → „1 Sitzung“. */
export function countOf(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}

/** The e-mail address a command names (its first argument that is not an option); prints `usage` and answers undefined without one. */
export function emailArgument(usage: string): string | undefined {
  const email = process.argv
    .slice(2)
    .find((arg) => !arg.startsWith('-'))
    ?.trim();
  if (email !== undefined && email !== '') return email;
  console.error(usage);
  return undefined;
}

/** What a command prints about a single-use account link it made: where it leads, until when it works, for whom. */
export function accountLinkLines(headline: string, linkIntro: string, url: string, expiresAtLabel: string): string {
  return [headline, linkIntro, `  ${url}`, `Der Link gilt einmal und bis ${expiresAtLabel} Uhr. Bitte geben Sie ihn nur der Person selbst weiter.`].join('\n');
}
