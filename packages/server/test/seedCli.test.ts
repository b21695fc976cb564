// `npm run seed -- --json` prints the same demo data on every run.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { systemClock } from '../src/platform/clock.js';
import { firmDetailsProblems } from '@rechtschat/core';
import { firmDetailsSettings, saveFirmDetails } from '../src/features/firmDetails/firmDetailsAdmin.js';
import { firmDetailsDepsOf } from '../src/features/firmDetails/firmDetailsDeps.js';
import { DEMO_FIRM_DETAILS, DEMO_INSURANCE_NUMBER, seedDemoData } from '../src/seed.js';
import { openDatabase } from '../src/platform/storage/database.js';
import { operatorCommand } from './support/operatorCommand.js';
import { tempDir } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

describe('seed CLI', () => {
  const dataDir = tempDir();
  const seed = () => operatorCommand('seedCli', ['--json'], { DATA_DIR: dataDir, NODE_ENV: 'development' });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should print the demo data as JSON, identical on a second run', async () => {
    const first = JSON.parse((await seed()).stdout) as Record<string, unknown>;
    const second = JSON.parse((await seed()).stdout) as Record<string, unknown>;
    expect(second).toEqual(first);
    expect(first).toEqual({
      insuranceNumber: Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64'),
      chatUrl: `http://localhost:8080/chat/new?InsuranceNumber=${Buffer.from(DEMO_INSURANCE_NUMBER).toString('base64')}`,
      caseFile: {
        url: expect.stringMatching(/^http:\/\/localhost:8080\/digitale-fallakte\/[A-Za-z0-9_-]{22,}$/),
        token: expect.any(String),
        pin: '0123',
        phoneNumberPart: expect.any(String),
      },
      lawyer: { email: 'anna.berger@demo.rechtschat.de', password: 'Demo-Anwalt-2026!' },
    });
  }, 30_000);

  it('should give the demo firm complete fictional details for the Impressum, keeping what an administrator saved', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const { db } = openDatabase(config);
    try {
      const clock = { now: () => new Date('2026-12-07T09:00:00Z') };
      const deps = firmDetailsDepsOf({ db, clock, config });
      expect(await firmDetailsSettings(deps)).toMatchObject({ Source: 'console', UpdatedByName: 'der Demo-Einrichtung', Details: DEMO_FIRM_DETAILS });
      expect(firmDetailsProblems(DEMO_FIRM_DETAILS)).toEqual([]);
      expect(Object.values(DEMO_FIRM_DETAILS).every((value) => value !== '')).toBe(true);
      expect(DEMO_FIRM_DETAILS.Email).toMatch(/\.example$/);
      const saved = { ...DEMO_FIRM_DETAILS, Name: 'Von der Administration gespeichert' };
      await saveFirmDetails(deps, { id: null, name: 'Test' }, saved);
      await seedDemoData(db, clock, config);
      expect((await firmDetailsSettings(deps)).Details.Name).toBe('Von der Administration gespeichert');
    } finally {
      await db.destroy();
    }
  });

  it('should refuse to seed in production', async () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SESSION_SECRET, ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET, DATA_DIR: dataDir });
    const { db } = openDatabase(config);
    await expect(seedDemoData(db, systemClock, config)).rejects.toThrow(/nur bei NODE_ENV=development angelegt/);
    await db.destroy();
  });
});
