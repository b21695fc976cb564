// Issue 7: in the lawyer and retention features Kysely is used only in `*Queries.ts`; routes and services
// call query functions and never build a query themselves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/features');
const kyselyCall = /\b(selectFrom|insertInto|updateTable|deleteFrom|transaction)\s*\(|\bsql\s*`|from 'kysely'/;

function sourcesOf(feature: string): string[] {
  const dir = path.join(featuresDir, feature);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(feature, name));
}

describe('lawyer and retention layers', () => {
  it('should keep every Kysely call in a *Queries.ts file', () => {
    const offenders = ['lawyer', 'retention']
      .flatMap(sourcesOf)
      .filter((file) => !file.endsWith('Queries.ts'))
      .filter((file) => kyselyCall.test(fs.readFileSync(path.join(featuresDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('should give each feature its query modules', () => {
    expect(sourcesOf('lawyer').filter((file) => file.endsWith('Queries.ts')).length).toBeGreaterThan(0);
    expect(sourcesOf('retention').filter((file) => file.endsWith('Queries.ts')).length).toBeGreaterThan(0);
  });
});
