// A real HTTP server (port 0) with only the case-file plugin, over a temp SQLite database.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { caseFilePrefix, caseFileRoutes, type CaseFileRoutesOptions } from '../../src/features/casefile/routes.js';
import { installRequestFilters } from '../../src/platform/http/security.js';
import { createCaseFile, type CreatedCaseFile, type NewCaseFile } from '../../src/features/casefile/service.js';
import { createArgon2PinHasher, type PinHasher } from '../../src/features/casefile/pin.js';
import { createMailer } from '../../src/platform/mail/index.js';
import { createMalwareScanner } from '../../src/platform/files/malwareScan.js';
import { createTestDb, type TestDb } from './testDb.js';
import { drawnStroke, padPng, pngDataUrl } from '../support/pngFactory.js';

export interface LogEntry {
  level: 'info' | 'warn';
  fields: object;
  message: string;
}

export interface Harness {
  base: string;
  t: TestDb;
  app: FastifyInstance;
  logs: LogEntry[];
  outboxDir: string;
  hasher: PinHasher;
  setNow(date: Date): void;
  now(): Date;
  newCaseFile(input?: Partial<NewCaseFile>): Promise<CreatedCaseFile>;
  login(file: CreatedCaseFile, pin?: string): Promise<{ status: number; cookie: string | undefined; setCookie: string | null; body: unknown }>;
  call(
    method: string,
    urlPath: string,
    init?: { cookie?: string; json?: unknown; body?: string | FormData; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const fastHasher = createArgon2PinHasher({ memoryCost: 64, timeCost: 1 });

export const defaultPerson: NewCaseFile = {
  firstName: 'Erika',
  lastName: 'Muster',
  phone: '0151 23456789',
  email: 'erika@example.org',
  title: 'Kündigung des Arbeitsvertrags',
  description: 'Kündigung zum Monatsende erhalten.',
  fieldOfLaw: 'Arbeitsrecht',
  lawyer: { name: 'Dr. Anna Schäfer', gender: 'female', email: 'schaefer@kanzlei.example', phone: '+49 30 1234567', imageUrl: '/images/lawyer.png' },
};

/** `db`: serve an existing test database (e.g. one migrated from an older release) instead of a fresh SQLite one. */
export async function startHarness(options: Partial<CaseFileRoutesOptions> = {}, db?: TestDb): Promise<Harness> {
  const t = db ?? (await createTestDb('sqlite'));
  let current = new Date('2026-06-01T09:00:00Z');
  const logs: LogEntry[] = [];
  const outboxDir = path.join(t.dir, 'outbox');
  const hasher = options.pinHasher ?? fastHasher;
  const app = Fastify({ logger: false });
  // The platform's CSRF filter and token-path headers, as installSecurity installs them in the app.
  installRequestFilters(app, { allowedOrigins: [], tokenPathPrefixes: [caseFilePrefix] });
  await app.register(caseFileRoutes, {
    db: t.db,
    mailer: createMailer({ outboxDir, from: 'Kanzlei Muster <fallakte@kanzlei-muster.example>' }),
    dataDir: t.dir,
    cookieSecure: false,
    now: () => current,
    logger: {
      info: (fields, message) => logs.push({ level: 'info', fields, message }),
      warn: (fields, message) => logs.push({ level: 'warn', fields, message }),
    },
    pinHasher: hasher,
    // Scanning off unless a test passes a scanner (test/malwareScan.http.test.ts runs the real clamd).
    malwareScanner: createMalwareScanner({ address: null, production: false }, { warn: () => undefined, error: () => undefined }),
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const call: Harness['call'] = (method, urlPath, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | FormData | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return fetch(`${base}${urlPath}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  };

  return {
    base,
    t,
    app,
    logs,
    outboxDir,
    hasher,
    setNow: (date) => (current = date),
    now: () => current,
    newCaseFile: (input = {}) => createCaseFile(t.db, { ...defaultPerson, ...input }, { pinHasher: hasher, now: () => current }),
    async login(file, pin = file.pin) {
      const res = await call('POST', '/api/case-file/login', {
        json: { LoginData: { Pin: pin, UrlToken: file.token }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true },
      });
      const setCookie = res.headers.get('set-cookie');
      const text = await res.text();
      return { status: res.status, setCookie, cookie: setCookie?.split(';')[0], body: text ? (JSON.parse(text) as unknown) : undefined };
    },
    call,
    async close() {
      await app.close();
      await t.cleanup();
    },
  };
}

/** A complete questionnaire as the browser sends it (core's questionnaireAnswers): every key, null for what is left empty. */
export const browserAnswers = {
  BirthDate: '1980-05-17',
  Occupation: 'Lehrerin',
  MaritalStatus: 'married',
  LegalInsurance: true,
  InsuranceCompany: 'ARAG',
  InsuranceNumber: 'RS-2024/1187',
  Opponent: 'Wohnbau GmbH',
  IncidentDate: null,
  Description: 'Seit März ist das Schlafzimmer feucht, der Vermieter reagiert nicht.',
  PreferredContact: 'email',
};

/** A drawn signature as the pad sends it: a wavy stroke on the white 600 × 180 px field. */
export const signatureDataUrl = pngDataUrl(padPng({ strokes: [drawnStroke] }));
