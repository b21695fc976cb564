// The runner behind `npm test`'s static checks (tools/runScripts.js): every script runs, each one's output is kept
// apart, and one failure fails the whole run only after the others have ended.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runScripts } from './runScripts.js';

const runner = fileURLToPath(new URL('./runScripts.js', import.meta.url));

describe('runScripts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  function project(scripts: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-scripts-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true, scripts }));
    return dir;
  }

  it('should run the scripts at the same time and keep each one’s output and exit code', async () => {
    // Each script waits until it sees the other's marker file: run one after the other, neither could end.
    const dir = project({
      first: `node -e "const fs=require('fs');fs.writeFileSync('first','');const t=setInterval(()=>{if(fs.existsSync('second')){clearInterval(t);console.log('one')}},20)"`,
      second: `node -e "const fs=require('fs');fs.writeFileSync('second','');const t=setInterval(()=>{if(fs.existsSync('first')){clearInterval(t);console.error('two');process.exit(3)}},20)"`,
    });
    const results = await runScripts(['first', 'second'], dir);
    expect(results.map(({ name, code, output }) => ({ name, code, output: output.trim() }))).toEqual([
      { name: 'first', code: 0, output: 'one' },
      { name: 'second', code: 3, output: 'two' },
    ]);
  });

  it('should exit non-zero when one script fails, after printing every script’s block', () => {
    const dir = project({ good: `node -e "console.log('fine')"`, bad: `node -e "console.log('broken');process.exit(1)"` });
    let status = 0;
    let stdout = '';
    try {
      execFileSync(process.execPath, [runner, 'good', 'bad'], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      ({ status, stdout } = error as { status: number; stdout: string });
    }
    expect(status).toBe(1);
    expect(stdout).toMatch(/== good: passed in [\d.]+ s\nfine\n== bad: failed \(exit 1\) in [\d.]+ s\nbroken/);
  });
});
