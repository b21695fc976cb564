// The operator commands (`npm run seed`, `npm run backup`, `npm run lawyer:reset-password`, …) as the separate process
// an operator starts: node bin/cli.mjs – the launcher the npm scripts run – with the command from the built bundle
// (RECHTSCHAT_CLI=dist), as on a production server. From the sources every start spent 1–2 s of CPU in tsx's loader
// hooks, four to five times a start from dist/; the command's code is the same. The launcher's tsx path stays tested in
// adminCreateCli.test.ts. dist/ is built once per run, when it is older than the sources (ensureServerBuilt).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureServerBuilt } from '../../testing/serverProcess.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Command = 'seedCli' | 'resetLawyerMfaCli' | 'resetLawyerPasswordCli' | 'adminCreateCli' | 'backupCli';

/** What a command that exited non-zero left: its exit code and output (execFile's error). */
export type CommandFailure = { code: number; stdout: string; stderr: string };

/** Runs `command` with `args` in packages/server, with the test's environment plus `env`; rejects on a non-zero exit. */
export async function operatorCommand(
  command: Command,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<{ stdout: string; stderr: string }> {
  await ensureServerBuilt();
  return run(process.execPath, ['bin/cli.mjs', command, ...args], { cwd: serverDir, env: { ...process.env, ...env, RECHTSCHAT_CLI: 'dist' } });
}

/** The failure of a command expected to fail; null when it succeeded. */
export const failureOf = (promise: Promise<unknown>): Promise<CommandFailure | null> =>
  promise.then(
    () => null,
    (error: CommandFailure) => error,
  );
