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

export interface EngineAppWithColleague extends EngineApp {
  /** Lawyer 1, connected to the hub too. */
  readonly colleague: Participant;
}

/** `options.env` is kept, with the schema's DATABASE_URL added on PostgreSQL. */
export function engineAppWithLawyer(engine: TestEngine, options: TestAppOptions = {}): EngineApp {
  return engineAppWithLawyers(engine, options, 1);
}

/** As engineAppWithLawyer, with lawyer 1 on the hub as well: a colleague to forward to, claim against, hand over to. */
export function engineAppWithTwoLawyers(engine: TestEngine, options: TestAppOptions = {}): EngineAppWithColleague {
  return engineAppWithLawyers(engine, options, 2);
}

function engineAppWithLawyers(engine: TestEngine, options: TestAppOptions, count: 1 | 2): EngineAppWithColleague {
  let schema: TestSchema | undefined;
  let app: TestApp | undefined;
  let lawyer: Participant | undefined;
  let colleague: Participant | undefined;
  const open: Participant[] = [];

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ ...options, env: { ...options.env, ...(schema ? { DATABASE_URL: schema.url } : {}) } });
    const started = app;
    [lawyer, colleague] = await Promise.all([connectLawyer(started, 0), count === 2 ? connectLawyer(started, 1) : undefined]);
    open.push(lawyer, ...(colleague ? [colleague] : []));
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
    get colleague() {
      return started(colleague);
    },
    keep: (...participants) => void open.push(...participants),
  };
}
