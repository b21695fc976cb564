// An upgrade's schema changes are visible in the log: the start names the migrations it ran and those already applied.
import { describe, expect } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/platform/storage/migrate.js';
import { migrations } from '../src/platform/storage/migrations/index.js';
import { itOnBothEngines } from './support/migrationOnBothEngines.js';

function recordingLog() {
  const entries: Array<{ fields: Record<string, unknown>; message: string }> = [];
  return { entries, info: (fields: object, message: string) => entries.push({ fields: fields as Record<string, unknown>, message }) };
}

const names = Object.keys(migrations).sort();

describe('migrations at start', () => {
  itOnBothEngines('should log every migration of a fresh database as applied, and none on the next start', async (db) => {
    const first = recordingLog();
    await migrateToLatest(db, first);
    expect(first.entries).toEqual([
      {
        fields: { event: 'db.migrations', applied: names, alreadyApplied: [], latest: names.at(-1) },
        message: expect.stringMatching(/^Datenbankmigrationen angewandt: /),
      },
    ]);
    const second = recordingLog();
    expect(await migrateToLatest(db, second)).toEqual({ applied: [], alreadyApplied: names });
    expect(second.entries).toEqual([
      {
        fields: { event: 'db.migrations', applied: [], alreadyApplied: names, latest: names.at(-1) },
        message: `Datenbankschema aktuell (${names.length} Migrationen bereits angewandt) / schema up to date`,
      },
    ]);
  });

  itOnBothEngines('should name only the new migrations after an upgrade from an older release', async (db) => {
    const olderRelease = names[names.length - 3] ?? '';
    await migrateTo(db, olderRelease);
    const log = recordingLog();
    const report = await migrateToLatest(db, log);
    expect(report).toEqual({ applied: names.slice(-2), alreadyApplied: names.slice(0, -2) });
    expect(log.entries[0]?.fields).toMatchObject({ applied: names.slice(-2), latest: names.at(-1) });
  });
});
