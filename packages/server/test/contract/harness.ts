// Runs the server the way the acceptance run does: the real entry point – the built dist/main.js, as `npm start` runs
// it – as a child process with only the documented environment variables, the seed CLI for the demo data, plain fetch
// and the official @microsoft/signalr client. Nothing in-process, so the test sees exactly what a client sees.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { decode, ErrorBody } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { expect } from 'vitest';
import type { CookieClient } from '../support/cookieClient.js';
import { startServerProcess, type SeedData } from '../../testing/serverProcess.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type Seed = SeedData;

export interface ContractServer {
  readonly web: string;
  /** `CHAT_HOST_URL`, with its trailing slash, as `GET /api/chat/url` announces it. */
  readonly chatHost: string;
  readonly webOrigin: string;
  readonly env: Readonly<Record<string, string>>;
  readonly seed: Seed;
  stop(): Promise<void>;
}

/**
 * Documented environment variables only (NODE_ENV unset, as for `npm start`), plus `extra` (`undefined` leaves a
 * variable out, e.g. WEB_ORIGINS for the default); the shared child-process helper.
 */
export async function startContractServer(extra: Record<string, string | undefined> = {}): Promise<ContractServer> {
  const server = await startServerProcess({
    dropInherited: ['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'SERVICE_HOURS', 'SENTRY_DSN'],
    env: { NODE_ENV: undefined, ...extra },
    entry: 'built',
  });
  return { web: server.webUrl, chatHost: server.chatUrl, webOrigin: server.webUrl, env: server.env, seed: server.seed, stop: server.stop };
}

export interface RecordingHub {
  readonly connection: HubConnection;
  readonly received: { readonly target: string; readonly args: unknown[] }[];
  /** Waits for the first server → client call of `target` whose argument passes `match`. */
  next<T>(target: string, match?: (arg: T) => boolean): Promise<T>;
  stop(): Promise<void>;
}

/** The official client at `{CHAT_HOST_URL}signalr` with the caller's cookie and nothing else. */
export async function connectOfficialClient(
  hubUrl: string,
  jar: CookieClient,
  transport = HttpTransportType.WebSockets,
  skipNegotiation = false,
): Promise<RecordingHub> {
  const connection = new HubConnectionBuilder()
    .withUrl(hubUrl, { transport, skipNegotiation, headers: { Cookie: jar.cookieHeader(hubUrl) } })
    .configureLogging(LogLevel.None)
    .build();
  const received: { target: string; args: unknown[] }[] = [];
  for (const target of ['SendNotification', 'DistributeMessage', 'QueueChanged'])
    connection.on(target, (...args: unknown[]) => void received.push({ target, args }));
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

export const CHAT_MESSAGE_KEYS = [
  'Id',
  'ChatId',
  'ClientId',
  'Message',
  'Type',
  'Author',
  'AuthorKind',
  'Created',
  'NextResponseType',
  'ResponsePropertyName',
  'Delay',
  'HighlightedMessage',
  'FileId',
  'FileName',
];
export const CASE_STATUS_KEYS = [
  'CaseRating',
  'ParticipantEnteredEmail',
  'RequestPhoneNumber',
  'LawyerConnected',
  'CaseClosed',
  'Disabled',
  'SecondLevelEnabled',
  'CallbackRequested',
  'ProtocolEmail',
  'ProtocolConfirmationPending',
  'LawyerName',
  'LawyerTookPart',
];
export const LAWYER_PROFILE_KEYS = ['Id', 'Name', 'Email', 'Gender', 'ImageUrl', 'Phone', 'Role'];
export const QUEUE_ENTRY_KEYS = [
  'ChatId',
  'CaseId',
  'Description',
  'FieldOfLaw',
  'FieldOfLawLongName',
  'WaitingSince',
  'AssignedLawyerId',
  'ForwardedBy',
  'CallbackRequested',
  'ClientAwaySince',
  'InsurerName',
];
