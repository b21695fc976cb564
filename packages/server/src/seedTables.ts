// The demo seed's table (migration 0001), beside seed.ts: development only, so neither the platform nor a feature
// names it. Added to the one Database type by module augmentation, as a feature's tables are.

/** Demo-only secrets (the demo case-file token and PIN) so `npm run seed` can print them again. */
export interface DemoSecretsTable {
  key: string;
  value: string;
}

declare module './platform/storage/database.js' {
  /** The seed's table in the one Database type. */
  interface Database {
    demo_secrets: DemoSecretsTable;
  }
}
