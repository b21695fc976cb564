import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaseFile, findCaseByToken } from '../../src/features/casefile/service.js';
import { loginWithPin, defaultLockoutPolicy, type LoginDeps } from '../../src/features/casefile/login.js';
import { createArgon2PinHasher, createDummyHash } from '../../src/features/casefile/pin.js';
import { createSessionStore, type SessionStore } from '../../src/platform/sessions.js';
import { storeDocument, readDocument, listDocuments } from '../../src/features/casefile/documents.js';
import { addHistory, listHistory } from '../../src/features/casefile/service.js';
import { caseFileMigration } from '../../src/platform/storage/migrations/0002_case_file.js';
import { caseFileFirmMessagesMigration } from '../../src/platform/storage/migrations/0043_case_file_firm_messages.js';
import { createTestDb, engines, type TestDb } from './testDb.js';

const hasher = createArgon2PinHasher({ memoryCost: 64, timeCost: 1 });
const silent = { info: () => undefined, warn: () => undefined };
const input = { firstName: 'Erika', lastName: 'Muster', phone: '+49 151 23456789', title: 'Kündigung Arbeitsvertrag' };

describe.each(engines)('case-file storage on %s', (engine) => {
  let t: TestDb;
  let clock: Date;
  let deps: LoginDeps;
  let sessions: SessionStore;

  // One database per engine; every test creates its own case files, so tests stay independent.
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(async () => t.cleanup());

  beforeEach(() => {
    clock = new Date('2026-04-01T10:00:00Z');
    sessions = createSessionStore(t.db, { now: () => clock });
    deps = {
      db: t.db,
      hasher,
      dummyHash: createDummyHash(hasher),
      now: () => clock,
      lockout: defaultLockoutPolicy,
      addressLimit: { maxFailures: 1000, windowMs: 60_000 },
      sessions,
      log: silent,
    };
  });

  const attempt = (token: string, pin: string, address = '10.0.0.1') => loginWithPin(deps, { token, pin, agreedPrivacy: true, agreedTerms: true, address });

  it('should store only the SHA-256 of a 256-bit token and an argon2 hash of the PIN', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher, now: () => clock });
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    expect(created.pin).toBe('6789');
    expect(created.urlPath).toBe(`/digitale-fallakte/${created.token}`);
    const row = await t.db.selectFrom('case_files').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.token_hash).toMatch(/^[A-Za-z0-9_-]{43}$/); // sha256, base64url (platform/ids.ts)
    expect(row.pin_hash).toMatch(/^\$argon2id\$/);
    expect((await findCaseByToken(t.db, created.token))?.id).toBe(created.caseId);
  });

  it('should issue distinct tokens for many files', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 10; i++) tokens.add((await createCaseFile(t.db, input, { pinHasher: hasher })).token);
    expect(tokens.size).toBe(10);
  });

  it('should log in with the right PIN and record both consents with the time', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher });
    const outcome = await attempt(created.token, created.pin);
    expect(outcome.type).toBe('success');
    const row = await findCaseByToken(t.db, created.token);
    expect(row?.consent_privacy_at).toBe('2026-04-01T10:00:00.000Z');
    expect(row?.consent_terms_at).toBe('2026-04-01T10:00:00.000Z');
    if (outcome.type !== 'success') return;
    expect(await sessions.resolve('casefile', outcome.sessionId)).toBe(created.caseId);
  });

  it('should refuse a first login without consent', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher });
    expect((await loginWithPin(deps, { token: created.token, pin: created.pin, agreedPrivacy: true, agreedTerms: false, address: 'a' })).type).toBe(
      'consentRequired',
    );
  });

  it('should lock after five wrong PINs, refuse even the right PIN, and double the lock on the next failure', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher });
    // From the first wrong PIN on, the attempts left: 5 allowed, so 4 after the first.
    const rejected = [];
    for (let i = 0; i < 4; i++) rejected.push(await attempt(created.token, '0000'));
    expect(rejected).toEqual([4, 3, 2, 1].map((attemptsLeft) => ({ type: 'rejected', attemptsLeft })));
    // The fifth wrong PIN locks the file and says so at once, with the end of the lock.
    expect(await attempt(created.token, '0000')).toEqual({ type: 'locked', retryAfterSeconds: 15 * 60, lockedUntil: '2026-04-01T10:15:00.000Z' });
    const locked = await attempt(created.token, created.pin);
    expect(locked).toEqual({ type: 'locked', retryAfterSeconds: 15 * 60, lockedUntil: '2026-04-01T10:15:00.000Z' });
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    expect(await attempt(created.token, '1111')).toEqual({ type: 'locked', retryAfterSeconds: 30 * 60, lockedUntil: '2026-04-01T10:45:01.000Z' });
    expect(await attempt(created.token, created.pin)).toEqual({ type: 'locked', retryAfterSeconds: 30 * 60, lockedUntil: '2026-04-01T10:45:01.000Z' });
    clock = new Date(clock.getTime() + 30 * 60_000 + 1000);
    expect((await attempt(created.token, created.pin)).type).toBe('success');
    expect((await findCaseByToken(t.db, created.token))?.failed_attempts).toBe(0);
  });

  it('should count concurrent wrong PINs exactly, as two server processes sharing the database would', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => attempt(created.token, '0000')));
    expect(outcomes.every((o) => o.type === 'rejected' || o.type === 'locked')).toBe(true);
    const row = await findCaseByToken(t.db, created.token);
    // Evaluated: the rejected ones and the one that locked the file (answered "locked" at once).
    expect(row?.failed_attempts).toBe(outcomes.filter((o) => o.type === 'rejected').length + 1);
    expect(row?.failed_attempts).toBe(5);
    expect(row?.locked_until).not.toBeNull();
    expect((await attempt(created.token, created.pin)).type).toBe('locked');
  });

  it('should limit failures per address across many tokens', async () => {
    deps.addressLimit = { maxFailures: 3, windowMs: 10 * 60_000 };
    const files = [await createCaseFile(t.db, input, { pinHasher: hasher }), await createCaseFile(t.db, input, { pinHasher: hasher })];
    await attempt(files[0]!.token, '0000', '192.0.2.9');
    await attempt(files[1]!.token, '0000', '192.0.2.9');
    await attempt('unknown-token-aaaaaaaaaaaaaaaa', '0000', '192.0.2.9');
    expect(await attempt(files[0]!.token, files[0]!.pin, '192.0.2.9')).toEqual({ type: 'addressLimited', retryAfterSeconds: 600 });
    expect((await attempt(files[0]!.token, files[0]!.pin, '192.0.2.10')).type).toBe('success');
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await attempt(files[1]!.token, files[1]!.pin, '192.0.2.9')).type).toBe('success');
  });

  it('should expire a session after 30 idle minutes but keep an active one', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher });
    const outcome = await attempt(created.token, created.pin);
    if (outcome.type !== 'success') throw new Error('login failed');
    const loggedInAt = clock.getTime();
    const resolveAt = (minutes: number) => ((clock = new Date(loggedInAt + minutes * 60_000)), sessions.resolve('casefile', outcome.sessionId));
    expect(await resolveAt(29)).toBe(created.caseId);
    expect(await resolveAt(58)).toBe(created.caseId);
    expect(await resolveAt(89)).toBeNull();
  });

  it('should read a document only through its own case file', async () => {
    const a = await createCaseFile(t.db, input, { pinHasher: hasher });
    const b = await createCaseFile(t.db, input, { pinHasher: hasher });
    const row = await storeDocument(t.db, t.dir, {
      caseFileId: a.caseId,
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7'),
      uploadedBy: 'client',
      now: clock,
    });
    expect((await readDocument(t.db, t.dir, a.caseId, row.id))?.bytes.toString()).toBe('%PDF-1.7');
    expect(await readDocument(t.db, t.dir, b.caseId, row.id)).toBeUndefined();
    expect(await listDocuments(t.db, b.caseId)).toEqual([]);
  });

  it('should list history newest first, keeping insertion order within the same millisecond', async () => {
    const created = await createCaseFile(t.db, input, { pinHasher: hasher, now: () => clock });
    for (const kind of ['A', 'B', 'C']) await addHistory(t.db, created.caseId, { kind, title: kind, text: '' }, clock);
    expect((await listHistory(t.db, created.caseId)).map((e) => e.Kind)).toEqual(['C', 'B', 'A', 'Created']);
  });

  it('should drop every case-file table on down', async () => {
    // A later migration's table that points at case_files goes first, as migrating down would take it.
    await caseFileFirmMessagesMigration.down?.(t.db);
    await caseFileMigration.down?.(t.db);
    await expect(t.db.selectFrom('case_files').selectAll().execute()).rejects.toThrow();
    await caseFileMigration.up(t.db);
    await caseFileFirmMessagesMigration.up(t.db);
  });
});
