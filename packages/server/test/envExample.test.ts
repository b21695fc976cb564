// Operators configure the server from .env.example: every variable the server reads must be listed there.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(serverDir, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Names read as env.NAME, env['NAME'], process.env.NAME or through the config readers (readPort(env, 'NAME') …). */
function variablesReadByServer(): Set<string> {
  const names = new Set<string>();
  const patterns = [/\benv\.([A-Z][A-Z0-9_]+)/g, /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g, /\(env, '([A-Z][A-Z0-9_]+)'/g];
  for (const file of sourceFiles(path.join(serverDir, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1] ?? '');
  }
  names.delete('npm_package_version');
  return names;
}

describe('.env.example', () => {
  const listed = new Set([...fs.readFileSync(path.join(rootDir, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it('should list every environment variable the server reads', () => {
    const read = [...variablesReadByServer()].sort();
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('should list no variable the server does not read', () => {
    const read = variablesReadByServer();
    expect([...listed].filter((name) => name !== undefined && !read.has(name))).toEqual([]);
  });
});
