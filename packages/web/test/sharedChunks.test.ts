// The build step that groups the lazy pages' shared code and keeps the groups out of the start chunks.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupsInStart, sharedChunkGroups, type GroupedChunk } from '../sharedChunks.js';

const root = '/repo/packages/web';
const chunk = (fileName: string, name: string, imports: string[], facade: string | null = null, isEntry = false): GroupedChunk => ({
  type: 'chunk',
  name,
  fileName,
  isEntry,
  facadeModuleId: facade === null ? null : path.resolve(root, facade),
  imports,
});

/** The first group (by priority, then order) whose test takes the module, as Rolldown picks it. */
function groupOf(id: string): string | undefined {
  const byPriority = [...sharedChunkGroups].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  const group = byPriority.find((candidate) => typeof candidate.test === 'function' && candidate.test(id) === true);
  return typeof group?.name === 'string' ? group.name : undefined;
}

describe('shared chunk groups', () => {
  it('should put the chat rules, the API code and the UI components into their groups', () => {
    expect(groupOf('/repo/packages/core/src/validation/phone.ts')).toBe('chat-rules');
    expect(groupOf('/repo/packages/core/src/chat/chatUploadRules.ts')).toBe('chat-rules');
    expect(groupOf('/repo/packages/web/src/chat/screen/saveBlob.ts')).toBe('chat-rules');
    expect(groupOf('/repo/packages/core/src/wire/product.ts')).toBe('api');
    expect(groupOf('/repo/packages/adapters/src/http/fetchCall.ts')).toBe('api');
    expect(groupOf('/repo/node_modules/io-ts/es6/index.js')).toBe('api');
    expect(groupOf('/repo/packages/web/src/ui/Button.tsx')).toBe('ui');
    expect(groupOf('/repo/packages/web/src/i18n/useTexts.ts')).toBe('ui');
  });

  it('should leave the start chunks’ modules, the pages and the other libraries to the automatic splitting', () => {
    expect(groupOf('/repo/packages/core/src/chat/botTranscriptStore.ts')).toBeUndefined();
    expect(groupOf('/repo/packages/adapters/src/browser/sessionStorage.adapter.ts')).toBeUndefined();
    expect(groupOf('/repo/packages/web/src/chat/pages/ChatEntryPage.tsx')).toBeUndefined();
    expect(groupOf('/repo/packages/web/src/i18n/i18n.ts')).toBeUndefined();
    expect(groupOf('/repo/node_modules/rxjs/dist/esm/internal/Subscriber.js')).toBeUndefined();
    expect(groupOf('/repo/node_modules/react/cjs/react.production.js')).toBeUndefined();
  });

  it('should group only what two entries share and leave the start’s own imports where they are', () => {
    for (const group of sharedChunkGroups) {
      expect(group.minShareCount).toBe(2);
      expect(group.includeDependenciesRecursively).toBe(false);
    }
  });
});

describe('groups in the start', () => {
  const lazy = [
    chunk('assets/index.js', 'index', ['assets/react.js'], 'index.html', true),
    chunk('assets/react.js', 'react', []),
    chunk('assets/start.js', 'start', ['assets/react.js'], 'src/app/start.ts'),
    chunk('assets/container.js', 'container', ['assets/api.js'], 'src/app/container.ts'),
    chunk('assets/api.js', 'api', ['assets/react.js']),
  ];

  it('should accept groups that only lazy chunks import', () => {
    expect(groupsInStart(root, lazy, ['src/app/start.ts'], ['api', 'ui'])).toEqual([]);
  });

  it('should name a group chunk that a start chunk imports, also through another chunk', () => {
    const bundle = [
      ...lazy,
      chunk('assets/renderApp.js', 'renderApp', ['assets/shared.js'], 'src/app/renderApp.tsx'),
      chunk('assets/shared.js', 'shared', ['assets/api.js']),
    ];
    expect(groupsInStart(root, bundle, ['src/app/start.ts', 'src/app/renderApp.tsx'], ['api', 'ui'])).toEqual(['assets/api.js']);
  });

  it('should name a group chunk that the entry imports', () => {
    const bundle = lazy.map((c) => (c.isEntry ? { ...c, imports: [...c.imports, 'assets/api.js'] } : c));
    expect(groupsInStart(root, bundle, [], ['api'])).toEqual(['assets/api.js']);
  });
});
