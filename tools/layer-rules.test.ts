// Proves the dependency rule of DESIGN §2 is an ESLint error, not a convention:
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
