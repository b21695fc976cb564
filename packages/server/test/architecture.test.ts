// A feature module is routes (decode, call, reply), service (domain logic) and queries
// (the only place Kysely is used); the platform knows no feature; configuration is read in one place.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * Where Kysely may be used: query modules, the storage layer itself, the platform's session store (a query
 * module for the `sessions` and `login_tickets` tables under its own name), and the message hot path, whose
 * prepared statements and group commits are query code under their own names.
 */
function mayQuery(relative: string): boolean {
  return (
    relative.endsWith('Queries.ts') ||
    relative.startsWith('platform/storage/') ||
    relative === 'platform/sessions.ts' ||
    ['features/chat/messageStatements.ts', 'features/chat/pgMessageAppend.ts', 'features/chat/messageWriter.ts', 'features/chat/pgGroupCommit.ts'].includes(
      relative,
    )
  );
}

const QUERY_BUILDERS: readonly RegExp[] = [
  /\.selectFrom\(/,
  /\.insertInto\(/,
  /\.updateTable\(/,
  /\.deleteFrom\(/,
  /\bsql`/,
  /\.transaction\(\)/,
  /\.executeQuery\(/,
];
/** A route passes `ctx.db` on to a service; it never calls anything on it. */
const ROUTE_DB_ACCESS = /\.db\s*\./;

/** The code of a file without its whole-line comments (a comment may name a query builder). */
function codeLines(source: string): { line: number; text: string }[] {
  return source
    .split('\n')
    .map((text, i) => ({ line: i + 1, text }))
    .filter(({ text }) => !/^\s*(\/\/|\/\*|\*)/.test(text));
}

function violations(relative: string, source: string): string[] {
  const found: string[] = [];
  for (const { line, text } of codeLines(source)) {
    if (!mayQuery(relative) && QUERY_BUILDERS.some((pattern) => pattern.test(text)))
      found.push(`${relative}:${line} uses a Kysely query builder outside a *Queries.ts module: ${text.trim()}`);
    if (relative.endsWith('Routes.ts') && ROUTE_DB_ACCESS.test(text))
      found.push(`${relative}:${line} is a route file that touches the database: ${text.trim()}`);
  }
  return found;
}

function sourceFiles(relative: string): string[] {
  const full = path.join(srcDir, relative);
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    return entry.isDirectory() ? sourceFiles(child) : entry.name.endsWith('.ts') ? [child] : [];
  });
}

describe('server architecture: routes, services, queries', () => {
  it('uses Kysely only in query modules and never in route files', () => {
    const files = sourceFiles('.').map((relative) => path.posix.normalize(relative));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((relative) => violations(relative, fs.readFileSync(path.join(srcDir, relative), 'utf8')));
    expect(found).toEqual([]);
  });

  it('recognises a query outside a query module and a route that touches the database', () => {
    expect(violations('features/chat/chats.ts', "  await db.selectFrom('chats').selectAll().execute();")).toHaveLength(1);
    expect(violations('features/chat/chats.ts', '  await deps.db.transaction().execute(async (trx) => {});')).toHaveLength(1);
    expect(violations('features/chat/chats.ts', '  await sql`select 1`.execute(db);')).toHaveLength(1);
    expect(violations('features/chat/chatQueries.ts', "  await db.selectFrom('chats').selectAll().execute();")).toEqual([]);
    expect(violations('features/chat/fileRoutes.ts', "  const row = await ctx.db.selectFrom('files').selectAll().executeTakeFirst();")).toHaveLength(2);
    expect(violations('features/chat/fileRoutes.ts', '  await storeUpload({ db: ctx.db, clock: ctx.clock }, target);')).toEqual([]);
    expect(violations('features/chat/chats.ts', "  // db.selectFrom('chats') in a comment")).toEqual([]);
  });

  it('keeps the platform free of features and of the composition root', () => {
    const found = sourceFiles('platform')
      .map((relative) => path.posix.normalize(relative))
      .flatMap((relative) =>
        codeLines(fs.readFileSync(path.join(srcDir, relative), 'utf8'))
          .filter(({ text }) => /from '(\.\.\/)+(features\/|context\.js|app\.js|hubMethods\.js|seed)/.test(text))
          .map(({ line, text }) => `${relative}:${line} ${text.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('reads the environment only in platform/config.ts', () => {
    const found = sourceFiles('.')
      .map((relative) => path.posix.normalize(relative))
      .filter((relative) => relative !== 'platform/config.ts')
      .filter((relative) => codeLines(fs.readFileSync(path.join(srcDir, relative), 'utf8')).some(({ text }) => /process\.env\b/.test(text)));
    expect(found).toEqual([]);
  });
});
