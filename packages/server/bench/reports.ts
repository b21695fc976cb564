// `npm run bench:reports`: the report and the invoice CSV over 10,000 consultations (chat cases) on SQLite and on
// PostgreSQL (a schema of its own in TEST_DATABASE_URL's database), through the real HTTP routes of the chat host.
// Fills a year of cases with a realistic spread (insurers, fields of law, lawyers, ratings, callbacks, forwarded,
// abandoned and open ones), prints the query plans (EXPLAIN) of the report query and the median / p95 of several
// runs. The figures go into docs/performance.md ("Reports") by hand – this is a benchmark, not a timed test.
import { performance } from 'node:perf_hooks';
import { createLawyer } from '../src/features/lawyer/lawyers.js';
import { reportQuery } from '../src/features/reports/reportQueries.js';
import { reportPeriodOf } from '../src/features/reports/reportPeriod.js';
import { pgPoolOf, sqliteHandleOf, type Db } from '../src/platform/storage/database.js';
import { CookieClient } from '../test/support/cookieClient.js';
import { createTestSchema } from '../test/support/postgres.js';
import { factParticipant, insertFactCases, insertInsurer, type FactCase, type FactChat } from '../test/support/reportFacts.js';
import { LAWYER_PASSWORD, startTestApp } from '../test/support/testApp.js';

const CASES = Number(process.env.BENCH_REPORT_CASES ?? 10_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 15);
const YEAR_START = Date.parse('2025-12-01T00:00:00.000Z');
const YEAR_MS = 365 * 86_400_000;

const FIELDS: readonly [number, string, number][] = [
  [3, 'Miet- und Wohnungseigentumsrecht', 30],
  [5, 'Arbeitsrecht', 22],
  [7, 'Verkehrsrecht', 15],
  [2, 'Familien- und Erbrecht', 12],
  [9, 'Vertrags- und Kaufrecht', 10],
  [11, 'Sozialrecht', 6],
  [13, 'Strafrecht', 3],
  [15, 'Sonstiges', 2],
];

/** Mulberry32: the same data set on every run and engine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(rnd: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let x = rnd() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x <= 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

function facts(insurers: readonly (string | null)[], lawyers: readonly string[]): FactCase[] {
  const rnd = random(20261128);
  const iso = (ms: number) => new Date(ms).toISOString();
  const cases: FactCase[] = [];
  for (let i = 0; i < CASES; i += 1) {
    const start = YEAR_START + Math.floor(rnd() * YEAR_MS);
    const [fieldOfLaw, fieldOfLawName] = weighted(
      rnd,
      FIELDS.map(([code, name, w]) => [[code, name] as const, w]),
    );
    const insurerId = weighted(
      rnd,
      insurers.map((id, k) => [id, k === 0 ? 10 : 40 - k * 8] as const),
    );
    const outcome = weighted(rnd, [
      ['completed', 80],
      ['abandoned', 9],
      ['forwarded', 7],
      ['open', 2],
      ['active', 2],
    ] as const);
    const wait = Math.floor(20 + rnd() * rnd() * 1200) * 1000;
    const duration = Math.floor(300 + rnd() * 2400) * 1000;
    const lawyerId = lawyers[Math.floor(rnd() * lawyers.length)] as string;
    let chats: FactChat[];
    if (outcome === 'abandoned') chats = [{ createdAt: iso(start), closedAt: iso(start + wait), closeReason: rnd() < 0.5 ? 'abandoned' : 'timeout' }];
    else if (outcome === 'open') chats = [{ createdAt: iso(start) }];
    else if (outcome === 'active') chats = [{ createdAt: iso(start), acceptedAt: iso(start + wait), lawyerId }];
    else if (outcome === 'forwarded') {
      const handOver = start + wait + duration / 2;
      chats = [
        { createdAt: iso(start), acceptedAt: iso(start + wait), closedAt: iso(handOver), lawyerId },
        {
          createdAt: iso(handOver),
          acceptedAt: iso(handOver + 30_000),
          closedAt: iso(start + wait + duration),
          lawyerId: lawyers[(i + 1) % lawyers.length] as string,
        },
      ];
    } else chats = [{ createdAt: iso(start), acceptedAt: iso(start + wait), closedAt: iso(start + wait + duration), lawyerId }];
    const finished = outcome === 'completed' || outcome === 'forwarded';
    const rated = finished && rnd() < 0.45;
    const stars = weighted(rnd, [
      [5, 50],
      [4, 25],
      [3, 12],
      [2, 7],
      [1, 6],
    ] as const);
    const callback = (outcome === 'abandoned' && rnd() < 0.6) || rnd() < 0.04;
    cases.push({
      createdAt: iso(start),
      fieldOfLaw,
      fieldOfLawName,
      insurerId,
      chats,
      ...(callback ? { callbacks: [{ createdAt: iso(start + 60_000), ...(rnd() < 0.6 ? { doneAt: iso(start + 86_400_000) } : {}) }] } : {}),
      ...(rated
        ? {
            rating: { stars, createdAt: iso(start + wait + duration + 60_000), ...(rnd() < 0.3 ? { comment: 'Vielen Dank, sehr verständlich erklärt.' } : {}) },
          }
        : {}),
    });
  }
  return cases;
}

const quantile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;

async function timed(runs: number, call: () => Promise<Response>): Promise<{ median: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 2; i += 1) {
    const began = performance.now();
    const response = await call();
    const body = await response.arrayBuffer();
    const ms = performance.now() - began;
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    bytes = body.byteLength;
    if (i >= 2) times.push(ms); // two warm-up calls
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), bytes };
}

async function explain(db: Db, lawyerId: string | null, from = '2025-12-01', to = '2026-11-30'): Promise<string> {
  const period = reportPeriodOf(from, to);
  const compiled = reportQuery({ startIso: period.startIso, endIso: period.endIso, insurer: null, lawyerId }).compile(db);
  const sqlite = sqliteHandleOf(db);
  if (sqlite) {
    const rows = sqlite.prepare(`explain query plan ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
    return rows.map((row) => `  ${row.detail}`).join('\n');
  }
  const pool = pgPoolOf(db);
  if (!pool) return '  (no plan)';
  await pool.query('analyze');
  const { rows } = await pool.query(`explain ${compiled.sql}`, compiled.parameters as unknown[]);
  return rows.map((row: Record<string, string>) => `  ${row['QUERY PLAN']}`).join('\n');
}

async function benchEngine(engine: 'SQLite' | 'PostgreSQL'): Promise<void> {
  const schema = engine === 'PostgreSQL' ? await createTestSchema() : undefined;
  const app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
  try {
    const db = app.ctx.db;
    const admin = app.lawyers[0];
    if (!admin) throw new Error('no lawyer');
    await db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const lawyers = [...app.lawyers.map((l) => l.id)];
    for (let i = 0; i < 6; i += 1) {
      const row = await createLawyer(db, app.ctx.clock, {
        email: `bench-${i}@bench.invalid`,
        name: `Anwältin ${i}`,
        gender: 'female',
        password: LAWYER_PASSWORD,
        phone: '',
      });
      lawyers.push(row.id);
    }
    const insurers: (string | null)[] = [null];
    for (const name of ['Muster Rechtsschutz AG', 'Beispiel Versicherung', 'Nord Rechtsschutz', 'Süd Assekuranz']) insurers.push(await insertInsurer(db, name));
    const filling = performance.now();
    await insertFactCases(db, await factParticipant(db), facts(insurers, lawyers));
    const fillSeconds = (performance.now() - filling) / 1000;

    const client = new CookieClient();
    const login = await client.post(`${app.chatUrl}/api/lawyer/login`, { Email: admin.email, Password: admin.password });
    if (login.status !== 200) throw new Error(`login ${login.status}`);
    const get = (path: string) => () => client.raw(`${app.chatUrl}${path}`);
    const year = 'from=2025-12-01&to=2026-11-30';
    const cases = [
      ['report, whole year (10,000 cases)', `/api/reports?${year}`],
      ['report, one month', '/api/reports?from=2026-03-01&to=2026-03-31'],
      ['report, whole year, one insurer', `/api/reports?${year}&insurer=${insurers[1]}`],
      ['report, whole year, one lawyer', `/api/reports?${year}&lawyer=${lawyers[2]}`],
      ['invoice CSV, whole year', `/api/reports/invoice.csv?${year}`],
    ] as const;
    console.info(`\n${engine}: ${CASES} cases filled in ${fillSeconds.toFixed(1)} s; ${RUNS} runs each after 2 warm-ups`);
    console.info('| request | median ms | p95 ms | answer kB |');
    console.info('| --- | ---: | ---: | ---: |');
    for (const [label, path] of cases) {
      const result = await timed(RUNS, get(path));
      console.info(`| ${label} | ${result.median.toFixed(1)} | ${result.p95.toFixed(1)} | ${(result.bytes / 1024).toFixed(1)} |`);
    }
    console.info(`\nPlan of the report query (${engine}):\n${await explain(db, null)}`);
    console.info(`\nPlan with a lawyer filter (${engine}):\n${await explain(db, lawyers[2] ?? null)}`);
    console.info(`\nPlan for one month (${engine}):\n${await explain(db, null, '2026-03-01', '2026-03-31')}`);
  } finally {
    await app.stop();
    await schema?.drop();
  }
}

const engines = (process.env.BENCH_REPORT_ENGINES ?? 'SQLite,PostgreSQL').split(',') as ('SQLite' | 'PostgreSQL')[];
for (const engine of engines) await benchEngine(engine);
