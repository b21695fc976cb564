import { describe, expect, it } from 'vitest';
import { locateWatched, WATCHED_MODULES } from '../bench/watchedModules.js';

const chunks = [
  {
    file: 'assets/index-A.js',
    modules: ['node_modules/react-dom/index.js', 'packages/web/src/app/AppRoutes.tsx', 'node_modules/libphonenumber-js/es6/metadata.js'],
  },
  {
    file: 'assets/libphonenumberPlan-B.js',
    modules: ['node_modules/libphonenumber-js/metadata.max.json.js', 'packages/core/src/validation/libphonenumberPlan.ts'],
  },
  { file: 'assets/sentry-init-C.js', modules: ['node_modules/@sentry/replay/build/npm/esm/index.js', 'node_modules/@sentry/core/build/esm/index.js'] },
  { file: 'assets/CaseFileArea-D.js', modules: ['packages/web/src/casefile/CaseFileArea.tsx', 'packages/web/src/casefile/PinLogin.tsx'] },
];

describe('locateWatched', () => {
  it('should find the phone metadata, Sentry Replay and the case-file area in their lazy chunks', () => {
    const located = locateWatched(WATCHED_MODULES, chunks, new Set(['assets/index-A.js']));
    expect(located.map((w) => [w.label, w.chunks.map((c) => [c.file, c.modules.length]), w.keptOutOfInitial])).toEqual([
      ['libphonenumber-js metadata', [['assets/libphonenumberPlan-B.js', 1]], true],
      ['Sentry Replay', [['assets/sentry-init-C.js', 1]], true],
      ['Fallakte (packages/web/src/casefile)', [['assets/CaseFileArea-D.js', 2]], true],
    ]);
  });

  it('should flag a watched module that landed in the initial set', () => {
    const located = locateWatched(WATCHED_MODULES, chunks, new Set(['assets/index-A.js', 'assets/libphonenumberPlan-B.js']));
    expect(located[0]).toMatchObject({ keptOutOfInitial: false, chunks: [{ file: 'assets/libphonenumberPlan-B.js', initial: true }] });
  });

  it('should count a watched module missing from the build as kept out', () => {
    const located = locateWatched([{ label: 'nirgends', pattern: /does-not-exist/ }], chunks, new Set());
    expect(located).toEqual([{ label: 'nirgends', chunks: [], keptOutOfInitial: true, keptOutOfChatScreen: true }]);
  });

  it('should flag the phone metadata in a chunk loaded before the chat is usable, and only modules that must stay out of it', () => {
    const chatScreen = new Set(['assets/libphonenumberPlan-B.js', 'assets/CaseFileArea-D.js']);
    const located = locateWatched(WATCHED_MODULES, chunks, new Set(['assets/index-A.js']), chatScreen);
    expect(located.map((w) => [w.label, w.keptOutOfInitial, w.keptOutOfChatScreen])).toEqual([
      ['libphonenumber-js metadata', true, false],
      ['Sentry Replay', true, true],
      ['Fallakte (packages/web/src/casefile)', true, true],
    ]);
  });

  it('should match the internal Replay package and other metadata variants', () => {
    const [phone, replay] = WATCHED_MODULES;
    expect(phone?.pattern.test('node_modules/libphonenumber-js/metadata.min.json.js')).toBe(true);
    expect(phone?.pattern.test('node_modules/libphonenumber-js/es6/metadata.js')).toBe(false);
    expect(replay?.pattern.test('node_modules/@sentry-internal/replay/build/npm/esm/index.js')).toBe(true);
  });
});
