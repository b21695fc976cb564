// tools/ensureNative.js: which native bindings `npm test` has to build before its unit tests (after
// `npm ci --ignore-scripts` in .ci/run) – none once they load.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { NATIVE_PACKAGES, unbuilt } from './ensureNative.js';

describe('ensureNative', () => {
  it('should find nothing to build when better-sqlite3 loads', () => {
    expect(unbuilt(NATIVE_PACKAGES, createRequire(import.meta.url))).toEqual([]);
  });

  it('should name better-sqlite3 when its binding is missing', () => {
    const withoutBinding = (name: string) => {
      throw new Error(`Could not locate the bindings file for ${name}`);
    };
    expect(unbuilt(NATIVE_PACKAGES, withoutBinding)).toEqual(['better-sqlite3']);
  });
});
