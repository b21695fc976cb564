// The production bundle (dist/main.js, plain Node, no tsx) scales out like the sources: two built
// instances on PostgreSQL + Redis carry a whole chat between a participant on one and a lawyer on the other.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatMessage, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../testing/serverProcess.js';
import { startRequest } from './support/flows.js';
import type { CookieClient } from './support/cookieClient.js';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { signInLawyer, signInParticipant, startTwoInstances, type TwoInstances } from './support/twoInstances.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Prints `INTL-USE …` when the process first makes a locale-aware Intl object (support/intlUseTracer.cjs). */
const INTL_USE_TRACER = path.join(serverDir, 'test', 'support', 'intlUseTracer.cjs');

/** The packages an entry point loads before it serves its first request: its static imports, through its chunks. */
function startupPackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // esbuild writes every static import as `import … from "x";` or `import "x";` at a line start.
    for (const [, from, bare] of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";|^import\s*"([^"]+)";/gms)) {
      const specifier = from ?? bare;
      if (specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  };
  visit(path.join(serverDir, 'dist', entry));
  return packages;
}

describe('production build: two built instances on PostgreSQL + Redis', () => {
  let schema: TestSchema;
  let instances: TwoInstances;
  let participantHttp: CookieClient;
  let participant: HubClient;
  let lawyer: HubClient;
  let closedCaseId = '';

  beforeAll(async () => {
    await ensureServerBuilt();
    schema = await createTestSchema();
    instances = await startTwoInstances({
      databaseUrl: schema.url,
      redisPrefix: 'rc-prod',
      entry: 'built',
      sharedDataDir: true,
      env: { NODE_OPTIONS: `--require ${INTL_USE_TRACER}` },
    });
    participantHttp = await signInParticipant(instances.a);
    participant = await connectHub(instances.a.chatUrl, participantHttp, { role: 'participant' });
    lawyer = await connectHub(instances.b.chatUrl, await signInLawyer(instances.b), { role: 'lawyer' });
  }, 90_000);

  afterAll(async () => {
    await participant?.stop();
    await lawyer?.stop();
    await instances?.stop();
    await schema?.drop();
  });

  it('should run from dist/main.js without tsx', () => {
    expect(instances.a.process.spawnargs.join(' ')).toContain('dist/main.js');
    expect(instances.a.process.spawnargs.join(' ')).not.toContain('tsx');
  });

  it('should load PDF, passkey, mail, upload-type and engine-driver code only when first used, not at start-up', () => {
    const startup = startupPackages('main.js');
    expect(startup).toContain('fastify');
    expect(startup).toContain('better-sqlite3');
    for (const onDemand of [
      'pdf-lib',
      '@pdf-lib/fontkit',
      '@simplewebauthn/server',
      'nodemailer',
      'file-type',
      'libphonenumber-js',
      '@zxcvbn-ts/language-common',
      'pg',
      'ioredis',
    ]) {
      expect(startup, onDemand).not.toContain(onDemand);
    }
  });

  it("should never import RxJS, the browser apps' state library, in any file of the build", () => {
    // Core shares modules with the apps; one shared rule in a module with an RxJS store once loaded all of RxJS
    // (223 modules, about 3 MB of the idle RSS) at every start.
    const files = readdirSync(path.join(serverDir, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const importing = files.filter((file) => /\bfrom\s*"rxjs(?:\/[^"]*)?";|^import\s*"rxjs/m.test(readFileSync(path.join(serverDir, 'dist', file), 'utf8')));
    expect(importing).toEqual([]);
  });

  it('should carry a chat from acceptance to close across the two built instances', async () => {
    const ids = await participant.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await waitUntil(() => (lawyer.queueSignals.length > 0 ? true : undefined), 'QueueChanged on B');
    await lawyer.connection.invoke('AcceptChat', ids.ChatId);
    await waitUntil(() => participant.notifications.find((n) => n.Type === 'Joined'), 'Joined on A');

    const question = await participant.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Frage aus Instanz A', 'prod-msg-0001');
    await waitUntil(() => lawyer.messages.find((m) => m.Id === question.Id), 'message A → B');
    const answer = await lawyer.connection.invoke<ChatMessage>('SendMessage', ids.ChatId, 'Antwort aus Instanz B', 'prod-msg-0002');
    await waitUntil(() => participant.messages.find((m) => m.Id === answer.Id), 'message B → A');
    expect(participant.messages.filter((m) => m.Id === answer.Id)).toHaveLength(1);
    expect(lawyer.messages.filter((m) => m.Id === question.Id)).toHaveLength(1);

    await lawyer.connection.invoke('CloseChat', ids.ChatId, false);
    await waitUntil(() => participant.notifications.find((n) => n.Type === 'Closed'), 'Closed on A');
    closedCaseId = ids.CaseId;
  }, 30_000);

  it("should not page in ICU's locale data while it starts and carries a chat (German formats are made on first use)", () => {
    // Each instance has started, seeded or read the demo data, and carried the chat above: none made a German format.
    for (const instance of [instances.a, instances.b]) {
      expect(instance.output()).toContain('Rechtschat läuft');
      expect(
        instance
          .output()
          .split('\n')
          .filter((line) => line.startsWith('INTL-USE')),
      ).toEqual([]);
    }
  });

  it('should draw a PDF in the worker thread of the bundle (dist/pdfWorker.js), not on the event loop', async () => {
    expect(existsSync(path.join(serverDir, 'dist', 'pdfWorker.js'))).toBe(true);
    expect(startupPackages('pdfWorker.js')).toContain('pdf-lib');
    const response = await participantHttp.raw(`${instances.a.webUrl}/api/chat/usage-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ CaseId: closedCaseId }),
    });
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 30_000);
});
