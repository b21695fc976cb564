// Runs the server the way the acceptance run does: the real entry point as a child process with
// only the DESIGN §4 variables, the seed CLI for the demo data, plain fetch and the official
// @microsoft/signalr client. Nothing in-process, so the test sees exactly what a client sees.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { decode, ErrorBody } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { expect } from 'vitest';
import type { CookieClient } from '../helpers/cookieClient.js';
import { freePort, tempDir } from '../helpers/testApp.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

export interface Seed {
  readonly insuranceNumber: string;
  readonly chatUrl: string;
  readonly caseFile: { readonly url: string; readonly token: string; readonly pin: string; readonly phoneNumberPart: string };
  readonly lawyer: { readonly email: string; readonly password: string };
}

export interface ContractServer {
  readonly web: string;
  /** `CHAT_HOST_URL`, with its trailing slash, as `GET /api/chat/url` announces it. */
  readonly chatHost: string;
  readonly webOrigin: string;
  readonly env: Record<string, string>;
  readonly seed: Seed;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    const ok = await fetch(url).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy in time:\n${log()}`);
}

/** Environment of DESIGN §4 only (NODE_ENV unset, as for `npm start`), plus `extra`. */
export async function startContractServer(extra: Record<string, string> = {}): Promise<ContractServer> {
  const port = await freePort();
  const chatPort = await freePort();
  const dataDir = tempDir('rechtschat-contract-');
  const webOrigin = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !/^(NODE_ENV|DATABASE_URL|REDIS_URL|SMTP_URL|SERVICE_HOURS|SENTRY_DSN)$/.test(e[0])));
  const env: Record<string, string> = {
    ...inherited,
    PORT: String(port),
    CHAT_PORT: String(chatPort),
    DATA_DIR: dataDir,
    CHAT_HOST_URL: `http://127.0.0.1:${chatPort}/`,
    WEB_ORIGINS: webOrigin,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => void (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => void (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitHealthy(`http://127.0.0.1:${chatPort}/healthz`, child, () => log);
  await waitHealthy(`${webOrigin}/healthz`, child, () => log);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'packages/server/src/seedCli.ts', '--json'], { cwd: repoRoot, env });
  return {
    web: webOrigin,
    chatHost: env.CHAT_HOST_URL ?? '',
    webOrigin,
    env,
    seed: JSON.parse(stdout) as Seed,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RecordingHub {
  readonly connection: HubConnection;
  readonly received: { readonly target: string; readonly args: unknown[] }[];
  /** Waits for the first server → client call of `target` whose argument passes `match`. */
  next<T>(target: string, match?: (arg: T) => boolean): Promise<T>;
  stop(): Promise<void>;
}

/** The official client at `{CHAT_HOST_URL}signalr` with the caller's cookie and nothing else. */
export async function connectOfficialClient(hubUrl: string, jar: CookieClient, transport = HttpTransportType.WebSockets, skipNegotiation = false): Promise<RecordingHub> {
  const connection = new HubConnectionBuilder()
    .withUrl(hubUrl, { transport, skipNegotiation, headers: { Cookie: jar.cookieHeader(hubUrl) } })
    .configureLogging(LogLevel.None)
    .build();
  const received: { target: string; args: unknown[] }[] = [];
  for (const target of ['SendNotification', 'DistributeMessage', 'QueueChanged']) connection.on(target, (...args: unknown[]) => void received.push({ target, args }));
  await connection.start();
  return {
    connection,
    received,
    async next<T>(target: string, match: (arg: T) => boolean = () => true): Promise<T> {
      const started = Date.now();
      for (;;) {
        const hit = received.find((r) => r.target === target && match(r.args[0] as T));
        if (hit) return hit.args[0] as T;
        if (Date.now() - started > 5000) throw new Error(`no ${target} received; got ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    stop: () => connection.stop(),
  };
}

/** Decodes with the core codec (a failure names the path) and returns the value. */
export function decoded<A, O>(codec: t.Type<A, O, unknown>, value: unknown): A {
  const result = decode(codec, value);
  if (E.isLeft(result)) throw new Error(`${result.left.message}\n${JSON.stringify(value)}`);
  return result.right;
}

/** The exact PascalCase key set of a wire object. */
export function expectKeys(value: unknown, keys: readonly string[]): void {
  expect(typeof value === 'object' && value !== null && !Array.isArray(value), `object expected, got ${JSON.stringify(value)}`).toBe(true);
  expect(Object.keys(value as object).sort()).toEqual([...keys].sort());
}

export function expectJson(headers: Headers): void {
  expect(headers.get('content-type') ?? '').toMatch(/^application\/json/);
}

/** A 4xx answer in the contract's error shape `{ Error, Message }` with a German message. */
export function expectError(response: { status: number; headers: Headers; body: unknown }, status: number, code?: string): void {
  expect(response.status).toBe(status);
  expectJson(response.headers);
  const body = decoded(ErrorBody, response.body);
  expectKeys(body, ['Error', 'Message']);
  if (code !== undefined) expect(body.Error).toBe(code);
  expect(body.Message.length).toBeGreaterThan(0);
}

export const CHAT_MESSAGE_KEYS = ['Id', 'ChatId', 'ClientId', 'Message', 'Type', 'Author', 'Created', 'NextResponseType', 'ResponsePropertyName', 'Delay', 'HighlightedMessage', 'FileId', 'FileName'];
export const CASE_STATUS_KEYS = ['CaseRating', 'ParticipantEnteredEmail', 'RequestPhoneNumber', 'LawyerConnected', 'CaseClosed', 'Disabled', 'SecondLevelEnabled'];
export const LAWYER_PROFILE_KEYS = ['Id', 'Name', 'Email', 'Gender', 'ImageUrl'];
export const QUEUE_ENTRY_KEYS = ['ChatId', 'CaseId', 'Description', 'FieldOfLaw', 'FieldOfLawLongName', 'WaitingSince', 'AssignedLawyerId', 'CallbackRequested'];
