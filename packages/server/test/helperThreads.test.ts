// ADR 0014: the event loop keeps its priority, every helper thread Node and V8 started gets the lowest one. Checked in a
// child process (the test runner's own threads stay as they are), reading each thread's nice value from /proc.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELPER_THREAD_NICENESS, lowerHelperThreadPriority } from '../src/platform/helperThreads.js';

const moduleUrl = new URL('../src/platform/helperThreads.ts', import.meta.url).href;
const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const onLinux = fs.existsSync('/proc/self/task');

/** Field 19 of /proc/PID/task/TID/stat, counted after the command name in parentheses. */
const CHILD = `
import fs from 'node:fs';
const { lowerHelperThreadPriority } = await import(${JSON.stringify(moduleUrl)});
const result = lowerHelperThreadPriority();
const nice = (tid) => Number(fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
const threads = fs.readdirSync('/proc/self/task').map((tid) => ({ main: Number(tid) === process.pid, nice: nice(tid) }));
console.log(JSON.stringify({ result, threads }));
`;

describe('helper thread priority', () => {
  it.runIf(onLinux)('should give every thread but the event loop the lowest priority and leave the event loop at its own', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { cwd: serverDir, encoding: 'utf8' });
    const { result, threads } = JSON.parse(out.trim().split('\n').pop() as string) as {
      result: { lowered: number; failed: number };
      threads: { main: boolean; nice: number }[];
    };
    const main = threads.filter((t) => t.main);
    const helpers = threads.filter((t) => !t.main);
    expect(main.map((t) => t.nice)).toEqual([os.getPriority()]);
    // V8's platform workers (at least one), Node's delayed-task thread and whatever else Node started.
    expect(helpers.length).toBeGreaterThanOrEqual(2);
    expect(helpers.every((t) => t.nice === HELPER_THREAD_NICENESS)).toBe(true);
    expect(result).toEqual({ lowered: helpers.length, failed: 0 });
  });

  it('should change nothing where the system has no per-thread directory', () => {
    expect(lowerHelperThreadPriority(HELPER_THREAD_NICENESS, path.join(os.tmpdir(), 'no-such-task-dir'))).toEqual({ lowered: 0, failed: 0 });
  });
});
