import { describe, expect, it } from 'vitest';
import { findEntryKey, initialSet, keyOfSource, lazyLoaders, staticClosure, staticClosureOfAll, type Manifest } from '../bench/manifestWalk.js';

// Shaped like a real Vite 8 manifest: shared chunks are keyed "_name-hash.js", lazy chunks import
// the entry back ("index.html"), and dynamic imports are listed separately.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-R.js', '_Typography-T.js'],
    dynamicImports: ['src/chat/pages/ChatScreenHost.tsx', 'src/casefile/CaseFileArea.tsx'],
    css: ['assets/index-A.css'],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_Typography-T.js': { file: 'assets/Typography-T.js', imports: ['_react-R.js'], css: ['assets/Typography-T.css'] },
  '_TextField-F.js': { file: 'assets/TextField-F.js', imports: ['_react-R.js', 'index.html'] },
  '_phone-P.js': { file: 'assets/phone-P.js' },
  'src/chat/pages/ChatScreenHost.tsx': {
    file: 'assets/ChatScreenHost-C.js',
    src: 'src/chat/pages/ChatScreenHost.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_TextField-F.js', '_phone-P.js'],
    dynamicImports: ['../adapters/src/sentry/sentryInit.ts'],
    css: ['assets/ChatScreenHost-C.css'],
  },
  'src/casefile/CaseFileArea.tsx': {
    file: 'assets/CaseFileArea-K.js',
    src: 'src/casefile/CaseFileArea.tsx',
    isDynamicEntry: true,
    imports: ['_Typography-T.js', '_TextField-F.js'],
  },
  '../adapters/src/sentry/sentryInit.ts': {
    file: 'assets/sentry-init-S.js',
    src: '../adapters/src/sentry/sentryInit.ts',
    isDynamicEntry: true,
    imports: ['_react-R.js'],
  },
};

describe('findEntryKey', () => {
  it('should pick the HTML entry marked isEntry', () => {
    expect(findEntryKey(manifest)).toBe('index.html');
  });

  it('should fall back to the only script entry when there is no HTML entry', () => {
    expect(findEntryKey({ 'src/main.ts': { file: 'assets/main.js', isEntry: true }, '_a.js': { file: 'assets/a.js' } })).toBe('src/main.ts');
  });

  it('should fail with a German message when the manifest has no entry', () => {
    expect(() => findEntryKey({ '_a.js': { file: 'assets/a.js' } })).toThrow(/keinen Einstiegspunkt/);
  });
});

describe('staticClosure', () => {
  it('should list the root first, then its static imports depth-first, each once', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['index.html', '_react-R.js', '_Typography-T.js']);
  });

  it('should not follow dynamic imports', () => {
    const closure = staticClosure(manifest, 'index.html');
    expect(closure).not.toContain('src/chat/pages/ChatScreenHost.tsx');
    expect(closure).not.toContain('src/casefile/CaseFileArea.tsx');
  });

  it('should terminate on import cycles through the entry', () => {
    expect(staticClosure(manifest, 'src/chat/pages/ChatScreenHost.tsx')).toEqual([
      'src/chat/pages/ChatScreenHost.tsx',
      'index.html',
      '_react-R.js',
      '_Typography-T.js',
      '_TextField-F.js',
      '_phone-P.js',
    ]);
  });

  it('should name the referrer when an import points at a missing entry', () => {
    expect(() => staticClosure({ 'index.html': { file: 'a.js', isEntry: true, imports: ['_gone.js'] } }, 'index.html')).toThrow(
      'Manifest-Eintrag "index.html" importiert unbekannten Eintrag "_gone.js".',
    );
  });
});

describe('initialSet', () => {
  it('should give the JS files of the entry closure and the CSS they carry, without lazy chunks', () => {
    expect(initialSet(manifest, 'index.html')).toEqual({
      keys: ['index.html', '_react-R.js', '_Typography-T.js'],
      jsFiles: ['assets/index-A.js', 'assets/react-R.js', 'assets/Typography-T.js'],
      cssFiles: ['assets/index-A.css', 'assets/Typography-T.css'],
    });
  });

  it('should count a chunk the entry starts at once (and its imports) as initial', () => {
    const initial = initialSet(manifest, 'index.html', ['src/casefile/CaseFileArea.tsx']);
    expect(initial.jsFiles).toEqual(['assets/index-A.js', 'assets/react-R.js', 'assets/Typography-T.js', 'assets/CaseFileArea-K.js', 'assets/TextField-F.js']);
  });
});

describe('lazyLoaders', () => {
  it('should map every chunk outside the initial set to the dynamic entries that pull it in', () => {
    const loaders = lazyLoaders(manifest, initialSet(manifest, 'index.html').keys);
    expect(Object.fromEntries(loaders)).toEqual({
      'src/chat/pages/ChatScreenHost.tsx': ['src/chat/pages/ChatScreenHost.tsx'],
      '_TextField-F.js': ['src/chat/pages/ChatScreenHost.tsx', 'src/casefile/CaseFileArea.tsx'],
      '_phone-P.js': ['src/chat/pages/ChatScreenHost.tsx'],
      'src/casefile/CaseFileArea.tsx': ['src/casefile/CaseFileArea.tsx'],
      '../adapters/src/sentry/sentryInit.ts': ['../adapters/src/sentry/sentryInit.ts'],
    });
  });

  it('should leave chunks of the initial set out even when a lazy entry imports them', () => {
    const loaders = lazyLoaders(manifest, initialSet(manifest, 'index.html').keys);
    expect(loaders.has('_react-R.js')).toBe(false);
    expect(loaders.has('_Typography-T.js')).toBe(false);
  });
});

describe('staticClosureOfAll and keyOfSource', () => {
  it('should unite the entry with the closures of the given lazy routes', () => {
    const chatKey = keyOfSource(manifest, 'src/chat/pages/ChatScreenHost.tsx');
    expect(chatKey).toBe('src/chat/pages/ChatScreenHost.tsx');
    expect(staticClosureOfAll(manifest, ['index.html', chatKey ?? ''])).toEqual([
      'index.html',
      '_react-R.js',
      '_Typography-T.js',
      'src/chat/pages/ChatScreenHost.tsx',
      '_TextField-F.js',
      '_phone-P.js',
    ]);
  });

  it('should find no key for a source that was not built', () => {
    expect(keyOfSource(manifest, 'src/nowhere.tsx')).toBeUndefined();
  });
});
