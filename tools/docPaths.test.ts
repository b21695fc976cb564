// The docs name files of the repository; a renamed or deleted file must not leave a dead path behind.
// Checks every Markdown file of the repository: each repository path in backticks (`packages/…`, `tools/…`, `e2e/…`,
// `docs/…`, `deploy/…`) exists as a file or folder, and each relative Markdown link leads to an existing file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const skippedFolders = new Set(['node_modules', '.git', 'dist', 'dist-types', 'test-results', 'playwright-report', 'coverage']);
// A log of past measurements: it may name files that have since been removed.
const historical = new Set(['docs/performance-log.md']);

function markdownFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return skippedFolders.has(entry.name) || entry.name.startsWith('.') ? [] : markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

const withoutCodeBlocks = (text: string): string => text.replace(/```[\s\S]*?```/g, '');

/** Repository paths in inline code, without placeholders (`<name>`, `{id}`), globs or build output. */
function repositoryPaths(text: string): string[] {
  const paths: string[] = [];
  for (const [, code] of withoutCodeBlocks(text).matchAll(/`([^`\n]+)`/g)) {
    for (const word of code!.split(/[\s,()]+/)) {
      const candidate = word.replace(/[.:;]+$/, '');
      if (!/^(packages|tools|e2e|docs|deploy)\/[\w@.\-/]+$/.test(candidate)) continue;
      if (/\/(dist|node_modules)(\/|$)/.test(candidate)) continue;
      paths.push(candidate.replace(/\/$/, ''));
    }
  }
  return paths;
}

/** Relative link targets (`[text](target)`), without the anchor; web addresses and pure anchors are left out. */
function relativeLinks(text: string): string[] {
  return [...withoutCodeBlocks(text).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('<'))
    .map((target) => target.split('#')[0]!);
}

describe('paths in the docs', () => {
  const files = markdownFiles();

  it('finds the docs', () => {
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('README.md');
  });

  it('reads repository paths and relative links', () => {
    const text = 'See `packages/core/src/index.ts`, `packages/<area>/x.ts`, `packages/web/dist` and [map](architecture.md#layers).';
    expect(repositoryPaths(text)).toEqual(['packages/core/src/index.ts']);
    expect(relativeLinks(text)).toEqual(['architecture.md']);
    expect(relativeLinks('[site](https://example.org) [top](#start)')).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const dead = files
      .filter((file) => !historical.has(file))
      .flatMap((file) => repositoryPaths(fs.readFileSync(path.join(root, file), 'utf8')).map((named) => ({ file, named })))
      .filter(({ named }) => !fs.existsSync(path.join(root, named)))
      .map(({ file, named }) => `${file}: ${named}`);
    expect(dead).toEqual([]);
  });

  it('links only to files that exist', () => {
    const dead = files
      .flatMap((file) => relativeLinks(fs.readFileSync(path.join(root, file), 'utf8')).map((target) => ({ file, target })))
      .filter(({ file, target }) => !fs.existsSync(path.join(root, path.dirname(file), target)))
      .map(({ file, target }) => `${file}: ${target}`);
    expect(dead).toEqual([]);
  });
});
