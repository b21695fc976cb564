// Proves the dependency rule and the server's feature boundaries are ESLint errors, not conventions:
// each snippet is linted as if it lived at the given path of the monorepo.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: repoRoot });

const coreFile = 'packages/core/src/__fixture__.ts';
const adaptersFile = 'packages/adapters/src/__fixture__.ts';

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? 'fatal');
}

describe('layer rules', () => {
  it.each([
    ['react', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['@microsoft/signalr', "import { HubConnectionBuilder } from '@microsoft/signalr';\nexport const x = HubConnectionBuilder;\n"],
    ['@rechtschat/adapters', "import { anything } from '@rechtschat/adapters';\nexport const x = anything;\n"],
  ])('should reject an import of %s in core', async (_name, code) => {
    expect(await ruleIdsFor(code, coreFile)).toContain('no-restricted-imports');
  });

  it.each([
    ['fetch', "export const load = () => fetch('/api');\n", 'no-restricted-globals'],
    ['setTimeout', 'export const later = (f: () => void) => setTimeout(f, 10);\n', 'no-restricted-globals'],
    ['sessionStorage', "export const read = () => sessionStorage.getItem('k');\n", 'no-restricted-globals'],
    ['Date.now()', 'export const now = () => Date.now();\n', 'no-restricted-syntax'],
    ['new Date()', 'export const today = () => new Date();\n', 'no-restricted-syntax'],
    ['Math.random', 'export const dice = () => Math.random();\n', 'no-restricted-syntax'],
  ])('should reject %s in core', async (_name, code, rule) => {
    expect(await ruleIdsFor(code, coreFile)).toContain(rule);
  });

  it('should reject adapters importing the web app', async () => {
    const code = "import { App } from '@rechtschat/web';\nexport const x = App;\n";
    expect(await ruleIdsFor(code, adaptersFile)).toContain('no-restricted-imports');
  });

  describe('server feature boundaries', () => {
    const adminFile = 'packages/server/src/features/admin/__fixture__.ts';
    const lifecycleFile = 'packages/server/src/features/chat/lifecycle/__fixture__.ts';

    it.each([
      ['a sibling feature file', adminFile, "import { lawyerById } from '../lawyer/lawyers.js';\nexport const x = lawyerById;\n"],
      ['a feature file from a subfolder', lifecycleFile, "import { lawyerById } from '../../lawyer/lawyers.js';\nexport const x = lawyerById;\n"],
      ['a type from a feature file', adminFile, "import type { LawyerMfaReset } from '../lawyer/resetLawyerMfa.js';\nexport type X = LawyerMfaReset;\n"],
      ['a re-export of a feature file', adminFile, "export { lawyerById } from '../lawyer/lawyers.js';\n"],
      [
        'a feature file from the composition root',
        'packages/server/src/__fixture__.ts',
        "import { queueLength } from './features/lawyer/queue.js';\nexport const x = queueLength;\n",
      ],
    ])('should reject importing %s past its index.ts', async (_name, file, code) => {
      expect(await ruleIdsFor(code, file)).toContain('feature-boundaries/entry-points');
    });

    it.each([
      [
        'platform',
        'packages/server/src/platform/__fixture__.ts',
        "import { lawyerFeature } from '../features/lawyer/index.js';\nexport const x = lawyerFeature;\n",
      ],
      ['hub', 'packages/server/src/hub/__fixture__.ts', "import type { AppContext } from '../context.js';\nexport type X = AppContext;\n"],
    ])('should reject %s importing a feature or the composition root', async (_name, file, code) => {
      expect(await ruleIdsFor(code, file)).toContain('feature-boundaries/entry-points');
    });

    it('should accept a feature entry point, a file of the own feature and the platform', async () => {
      const code = [
        "import { lawyerById } from '../lawyer/index.js';",
        "import { adminOf } from './adminAccess.js';",
        "import { DomainError } from '../../platform/errors.js';",
        'export const x = [lawyerById, adminOf, DomainError];',
        '',
      ].join('\n');
      expect(await ruleIdsFor(code, adminFile)).toEqual([]);
    });
  });

  it('should accept a clean core file that uses rxjs and an injected scheduler', async () => {
    const code = [
      "import type { SchedulerLike } from 'rxjs';",
      "import { timer } from 'rxjs';",
      '',
      '/** Emits once after a second on the given scheduler. */',
      'export function oneSecond(scheduler: SchedulerLike) {',
      '  return timer(1000, scheduler);',
      '}',
      '',
      'export const parsed = (iso: string) => new Date(iso).getTime();',
      '',
    ].join('\n');
    expect(await ruleIdsFor(code, coreFile)).toEqual([]);
  });
});
