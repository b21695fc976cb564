// Operators configure the server from .env.example: every variable the server reads must be listed there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

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

  const lines = fs
    .readFileSync(path.join(rootDir, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const values = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));

  it('should hold only NAME=value lines whose values need no quoting, so a shell or xargs reads them as written', () => {
    expect(lines.filter((line) => !/^[A-Z][A-Z0-9_]*=[A-Za-z0-9._:/@,+-]*$/.test(line))).toEqual([]);
  });

  it.each([
    ['set -a; . ./.env.example', 'set -a; . ./.env.example; set +a; env'],
    ["export $(grep -v '^#' .env.example | xargs)", "export $(grep -v '^#' .env.example | xargs); env"],
  ])('should load unchanged with `%s`', (_name, script) => {
    const output = execFileSync('sh', ['-c', script], { cwd: rootDir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    const loaded = Object.fromEntries(output.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    for (const [name, value] of Object.entries(values)) expect([name, loaded[name]]).toEqual([name, value]);
  });

  it('should be a production configuration that refuses to start until the secrets are set', () => {
    expect(values.NODE_ENV).toBe('production');
    expect(() => loadConfig(values)).toThrow(/SESSION_SECRET muss gesetzt sein/);
    const config = loadConfig({ ...values, SESSION_SECRET: TEST_SESSION_SECRET, ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET });
    expect(config).toMatchObject({ production: true, demoData: false, lawyerMfa: 'required', trustProxy: false, smtpUrl: null });
    expect(config.serviceHours).not.toEqual({ kind: 'always' });
  });
});
