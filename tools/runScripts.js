// Runs several npm scripts at once and reports each one's output as a block when it ends. `npm test` uses it twice
// (CI time, docs/performance.md): the static checks (lint, formatting, unused code, types) are mostly single-threaded,
// so on two cores they take about half the time side by side; and the short soak, which spends most of its minute
// waiting for its faults to play out, runs beside the unit tests instead of after them. Exits non-zero when any of them
// fails, after all have ended.
//
//   node tools/runScripts.js lint format:check knip typecheck
//   node tools/runScripts.js test:unit test:soak
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs `npm run <name>` for every name in `cwd`; resolves to each script's name, exit code, output and seconds. */
export function runScripts(names, cwd = process.cwd()) {
  return Promise.all(
    names.map(
      (name) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn('npm', ['run', '--silent', name], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const done = (code) => resolve({ name, code, output: Buffer.concat(output).toString('utf8'), seconds: (Date.now() - started) / 1000 });
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            done(1);
          });
          child.on('close', (code) => done(code ?? 1));
        }),
    ),
  );
}

async function main(names) {
  if (names.length === 0) {
    console.error('usage: node tools/runScripts.js SCRIPT...');
    process.exit(2);
  }
  const results = await runScripts(names);
  for (const { name, code, output, seconds } of results) {
    process.stdout.write(`== ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s\n`);
    if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
  process.exit(results.every((result) => result.code === 0) ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
