// A throw-away schema in the shared `test` database per run (search_path via the URL's options).
import crypto from 'node:crypto';
import pg from 'pg';

export const PG_BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestSchema {
  readonly url: string;
  readonly schema: string;
  drop(): Promise<void>;
}

export async function createTestSchema(): Promise<TestSchema> {
  const schema = `rc_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    schema,
    url: `${PG_BASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      const client = new pg.Client({ connectionString: PG_BASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
