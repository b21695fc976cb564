// One test app per describe block on the engine under test – a fresh PostgreSQL schema for 'postgres' – with the first
// lawyer on the hub. Every hub connection a test hands to `keep` is stopped, and the schema dropped, after the block.
import { afterAll, beforeAll } from 'vitest';
import { connectLawyer, type Participant } from '../support/flows.js';
import { createTestSchema, type TestSchema } from '../support/postgres.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/testApp.js';

export type TestEngine = 'sqlite' | 'postgres';

export interface EngineApp {
  /** The running app (read it inside a test or hook: it starts in beforeAll). */
  readonly app: TestApp;
  /** Lawyer 0, connected to the hub. */
  readonly lawyer: Participant;
  /** Connections to stop after the block. */
  keep(...participants: Participant[]): void;
}

/** `options.env` is kept, with the schema's DATABASE_URL added on PostgreSQL. */
export function engineAppWithLawyer(engine: TestEngine, options: TestAppOptions = {}): EngineApp {
  let schema: TestSchema | undefined;
  let app: TestApp | undefined;
  let lawyer: Participant | undefined;
  const open: Participant[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ ...options, env: { ...options.env, ...(schema ? { DATABASE_URL: schema.url } : {}) } });
    lawyer = await connectLawyer(app, 0);
    open.push(lawyer);
  });

  afterAll(async () => {
    for (const side of open) await side.hub.stop().catch(() => undefined);
    await app?.stop();
    await schema?.drop();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('engineAppWithLawyer: read the app inside a test, after beforeAll');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get lawyer() {
      return started(lawyer);
    },
    keep: (...participants) => void open.push(...participants),
  };
}
