// The build step that leaves out of an import()'s preload list what the importing chunk has loaded already.
import { describe, expect, it } from 'vitest';
import { loadedWith, missingDeps, preloadOnlyMissingDeps } from '../preloadDeps.js';

const imports = new Map<string, readonly string[]>([
  ['assets/renderApp.js', ['assets/react.js', 'assets/router.js']],
  ['assets/router.js', ['assets/react.js']],
  ['assets/react.js', []],
  ['assets/ChatScreenHost.js', ['assets/react.js', 'assets/router.js', 'assets/ui.js']],
  ['assets/ui.js', ['assets/react.js']],
  ['assets/start.js', []],
]);

describe('preload lists of dynamic imports', () => {
  it('should count a chunk and its static imports, transitively, as loaded once it runs', () => {
    expect([...loadedWith('assets/renderApp.js', imports)].sort()).toEqual(['assets/react.js', 'assets/renderApp.js', 'assets/router.js']);
    expect([...loadedWith('assets/unknown.js', imports)]).toEqual(['assets/unknown.js']);
  });

  it('should keep only the chunks the importer has not loaded itself', () => {
    const deps = ['assets/ChatScreenHost.js', 'assets/react.js', 'assets/router.js', 'assets/ui.js'];
    expect(missingDeps(deps, 'assets/renderApp.js', imports)).toEqual(['assets/ChatScreenHost.js', 'assets/ui.js']);
    // An importer that loads nothing of it keeps the whole list.
    expect(missingDeps(deps, 'assets/start.js', imports)).toEqual(deps);
  });

  it('should leave the lists as they are for HTML entries and before the chunks were recorded', () => {
    const { plugin, resolveDependencies } = preloadOnlyMissingDeps();
    const deps = ['assets/ui.js', 'assets/react.js'];
    expect(resolveDependencies('assets/ui.js', deps, { hostId: 'assets/renderApp.js', hostType: 'js' })).toEqual(deps);
    const bundle = Object.fromEntries([...imports].map(([fileName, chunkImports]) => [fileName, { type: 'chunk', fileName, imports: chunkImports }]));
    const generateBundle = plugin.generateBundle as { handler: (options: unknown, bundle: unknown) => void };
    generateBundle.handler({}, bundle);
    expect(resolveDependencies('assets/ui.js', deps, { hostId: 'assets/renderApp.js', hostType: 'js' })).toEqual(['assets/ui.js']);
    expect(resolveDependencies('assets/ui.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
  });
});
