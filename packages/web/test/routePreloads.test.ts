// The build step that tells the server which lazy chunks each route needs at start.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRoutePreloads, type ChunkInfo } from '../routePreloads.js';

const root = '/app';
const chunk = (fileName: string, imports: string[], facade: string | null = null, isEntry = false): ChunkInfo => ({
  type: 'chunk',
  fileName,
  isEntry,
  facadeModuleId: facade === null ? null : path.resolve(root, facade),
  imports,
});

const bundle = [
  chunk('assets/index.js', ['assets/react.js'], 'index.html', true),
  chunk('assets/react.js', []),
  chunk('assets/container.js', ['assets/io-ts.js'], 'src/app/container.ts'),
  chunk('assets/io-ts.js', []),
  chunk('assets/ChatScreenHost.js', ['assets/react.js', 'assets/shared.js', 'assets/io-ts.js'], 'src/chat/pages/ChatScreenHost.tsx'),
  chunk('assets/shared.js', ['assets/deep.js']),
  chunk('assets/deep.js', []),
  chunk('assets/CaseFileArea.js', ['assets/shared.js'], 'src/casefile/CaseFileArea.tsx'),
  { ...chunk('assets/i18n-shared.js', ['assets/deep.js']), moduleIds: [path.resolve(root, 'src/i18n/i18n.ts'), path.resolve(root, 'src/i18n/texts.ts')] },
];

describe('route preloads', () => {
  it('should leave out a chunk of CSS alone, which Vite drops from the output (listed, the browser fetched a missing script)', () => {
    const withCss = [
      ...bundle.map((c) => (c.fileName === 'assets/CaseFileArea.js' ? { ...c, imports: [...c.imports, 'assets/pages.js'] } : c)),
      { ...chunk('assets/pages.js', []), moduleIds: [path.resolve(root, 'src/pages/pages.css')] },
    ];
    const file = resolveRoutePreloads(root, withCss, [], [], [{ prefix: '/digitale-fallakte', modules: ['src/casefile/CaseFileArea.tsx'] }]);
    expect(file.routes[0]?.scripts).toContain('assets/CaseFileArea.js');
    expect(file.routes[0]?.scripts).not.toContain('assets/pages.js');
  });

  it('should list a route chunk with its static imports, transitively', () => {
    const file = resolveRoutePreloads(root, bundle, [], [], [{ prefix: '/chat', modules: ['src/chat/pages/ChatScreenHost.tsx'] }]);
    expect(file.routes[0]?.scripts).toEqual(expect.arrayContaining(['assets/ChatScreenHost.js', 'assets/shared.js', 'assets/deep.js']));
  });

  it('should leave out what the entry already loads and what every page preloads anyway', () => {
    const file = resolveRoutePreloads(root, bundle, [], ['src/app/container.ts'], [{ prefix: '/chat', modules: ['src/chat/pages/ChatScreenHost.tsx'] }]);
    expect(file.always).toEqual(['assets/container.js', 'assets/io-ts.js']);
    expect(file.routes[0]?.scripts).not.toContain('assets/react.js');
    expect(file.routes[0]?.scripts).not.toContain('assets/io-ts.js');
  });

  it('should list the critical start chunk first and leave its imports out of what comes later', () => {
    const file = resolveRoutePreloads(
      root,
      bundle,
      ['src/chat/pages/ChatScreenHost.tsx'],
      ['src/app/container.ts'],
      [{ prefix: '/digitale-fallakte', modules: ['src/casefile/CaseFileArea.tsx'] }],
    );
    expect(file.critical).toEqual(['assets/ChatScreenHost.js', 'assets/shared.js', 'assets/deep.js', 'assets/io-ts.js']);
    expect(file.always).toEqual(['assets/container.js']);
    expect(file.routes[0]?.scripts).toEqual(['assets/CaseFileArea.js']);
  });

  it('should find a module that shares its chunk with others (no facade) by the modules the chunk holds', () => {
    const file = resolveRoutePreloads(root, bundle, ['src/i18n/i18n.ts'], [], []);
    expect(file.critical).toEqual(['assets/i18n-shared.js', 'assets/deep.js']);
  });

  it('should keep the routes apart', () => {
    const file = resolveRoutePreloads(
      root,
      bundle,
      [],
      [],
      [
        { prefix: '/chat', modules: ['src/chat/pages/ChatScreenHost.tsx'] },
        { prefix: '/digitale-fallakte', modules: ['src/casefile/CaseFileArea.tsx'] },
      ],
    );
    expect(file.routes[1]).toEqual({ prefix: '/digitale-fallakte', scripts: ['assets/CaseFileArea.js', 'assets/shared.js', 'assets/deep.js'] });
  });

  it('should fail the build when a named module is no longer loaded lazily', () => {
    expect(() => resolveRoutePreloads(root, bundle, [], [], [{ prefix: '/x', modules: ['src/gone.tsx'] }])).toThrow(/src\/gone\.tsx is in no chunk/);
  });
});
