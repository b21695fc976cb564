// The PIN lockout holds against bursts of parallel requests, in one process and across two
// server processes sharing PostgreSQL. Real HTTP requests, released together; no mocks.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Kysely } from 'kysely';
import { OwnSchemaPostgresDialect } from '../../src/platform/storage/ownSchemaDialect.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArgon2PinHasher } from '../../src/features/casefile/pin.js';
import { createCaseFile, type CreatedCaseFile } from '../../src/features/casefile/service.js';
import type { CaseFileTables } from '../../src/features/casefile/tables.js';
import { spawnServer, type ChildServer } from '../support/childServer.js';
import { createTestSchema, type TestSchema } from '../support/postgres.js';
import { tempDir } from '../support/testApp.js';
import { defaultPerson, startHarness, type Harness } from './harness.js';

const loginBody = (file: CreatedCaseFile, pin: string) =>
  JSON.stringify({ LoginData: { Pin: pin, UrlToken: file.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true });

/** Fires all requests at once and returns their status codes. */
async function burst(urls: string[], file: CreatedCaseFile, pins: string[]): Promise<number[]> {
  const responses = await Promise.all(
    pins.map((pin, i) =>
      fetch(`${urls[i % urls.length]}/api/case-file/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(file, pin) }),
    ),
  );
  return Promise.all(responses.map(async (res) => (await res.arrayBuffer(), res.status)));
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const wrongPins = (file: CreatedCaseFile, n: number) => Array.from({ length: n }, (_, i) => String((Number(file.pin) + 1 + i) % 10_000).padStart(4, '0'));

describe('PIN lockout under a burst of parallel requests (one process)', () => {
  let h: Harness;
  beforeAll(async () => {
    // The production argon2 cost, so verifications overlap as they do in production; a high address limit so
    // only the per-file lock is under test here.
    h = await startHarness({ pinHasher: createArgon2PinHasher(), addressLimit: { maxFailures: 10_000, windowMs: 60_000 } });
  });
  afterAll(async () => h.close());

  it('should evaluate at most five of fifty parallel wrong PINs and refuse the rest with 429', async () => {
    const file = await h.newCaseFile();
    const statuses = await burst([h.base], file, wrongPins(file, 50));
    // Five evaluated: four answered 401, the fifth locked the file and answered 429 like the rest.
    expect(count(statuses, 401)).toBe(4);
    expect(count(statuses, 429)).toBe(46);
    const row = await h.t.db.selectFrom('case_files').select('failed_attempts').where('id', '=', file.caseId).executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    expect((await h.login(file)).status).toBe(429);
  });

  it('should never sign in with the right PIN sent after a parallel burst of wrong ones', async () => {
    const file = await h.newCaseFile();
    const pins = [...wrongPins(file, 39), file.pin];
    const statuses = await burst([h.base], file, pins);
    // The right PIN may only succeed if it was one of the five reserved attempts.
    expect(count(statuses, 401) + count(statuses, 204)).toBeLessThanOrEqual(5);
    const row = await h.t.db.selectFrom('case_files').select(['failed_attempts', 'locked_until']).where('id', '=', file.caseId).executeTakeFirstOrThrow();
    if (count(statuses, 204) === 0) expect(row.locked_until).not.toBeNull();
  });
});

describe('PIN lockout across two server processes sharing PostgreSQL', () => {
  let schema: TestSchema;
  const dirs = [tempDir(), tempDir()];
  let a: ChildServer;
  let b: ChildServer;
  let db: Kysely<CaseFileTables>;

  beforeAll(async () => {
    schema = await createTestSchema();
    const shared = { DATABASE_URL: schema.url, SESSION_SECRET: crypto.randomBytes(24).toString('hex') };
    // Two production processes (dist/main.js, as `npm start` runs them).
    a = await spawnServer({ ...shared, DATA_DIR: dirs[0] ?? '' }, { entry: 'built' });
    b = await spawnServer({ ...shared, DATA_DIR: dirs[1] ?? '' }, { entry: 'built' });
    db = new Kysely<CaseFileTables>({ dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }) });
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should evaluate at most five of sixty wrong PINs spread over both processes', async () => {
    const file = await createCaseFile(db, defaultPerson);
    const statuses = await burst([a.webUrl, b.webUrl], file, wrongPins(file, 60));
    expect(count(statuses, 401)).toBeLessThanOrEqual(4);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(56);
    const row = await db.selectFrom('case_files').select(['failed_attempts', 'locked_until']).where('id', '=', file.caseId).executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBeLessThanOrEqual(5);
    expect(row.locked_until).not.toBeNull();
    const right = await fetch(`${b.webUrl}/api/case-file/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody(file, file.pin),
    });
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();
  }, 60_000);
});

describe('per-address limit under a burst of parallel requests', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ pinHasher: createArgon2PinHasher(), addressLimit: { maxFailures: 3, windowMs: 5 * 60_000 } });
  });
  afterAll(async () => h.close());

  it('should evaluate at most three wrong PINs of a parallel spray over twenty links from one address', async () => {
    const files = await Promise.all(Array.from({ length: 20 }, () => h.newCaseFile()));
    const responses = await Promise.all(
      files.map((file) =>
        fetch(`${h.base}/api/case-file/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: loginBody(file, wrongPins(file, 1)[0] ?? '0000'),
        }),
      ),
    );
    const statuses = await Promise.all(responses.map(async (res) => (await res.arrayBuffer(), res.status)));
    expect(count(statuses, 401)).toBe(3);
    expect(count(statuses, 429)).toBe(17);
  });
});
