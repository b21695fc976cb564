#!/usr/bin/env node
// Launcher of the operator commands (`npm run seed`, `npm run lawyer:reset-mfa`, `npm run lawyer:reset-password`, `npm run admin:create`, `npm run backup`): runs the
// TypeScript source with tsx where tsx is installed (development), and the built bundle dist/<command>.js otherwise –
// the built server after `npm ci && npm run build && npm prune --omit=dev`, which has no tsx. Usage:
//   node bin/cli.mjs <seedCli|resetLawyerMfaCli|resetLawyerPasswordCli|adminCreateCli|backupCli> [arguments…]
// RECHTSCHAT_CLI=dist (or =src) forces one of the two.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const COMMANDS = new Set(['seedCli', 'resetLawyerMfaCli', 'resetLawyerPasswordCli', 'adminCreateCli', 'backupCli']);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
if (command === undefined || !COMMANDS.has(command)) {
  console.error(`Unbekannter Befehl / unknown command: ${command ?? '(keiner)'}; erlaubt: ${[...COMMANDS].join(', ')}`);
  process.exit(2);
}

function tsxAvailable() {
  try {
    createRequire(path.join(serverDir, 'package.json')).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

const built = path.join(serverDir, 'dist', `${command}.js`);
const source = path.join(serverDir, 'src', `${command}.ts`);
const forced = process.env.RECHTSCHAT_CLI;
const useSource = forced === 'src' || (forced !== 'dist' && existsSync(source) && tsxAvailable());
if (!useSource && !existsSync(built)) {
  console.error(`${built} fehlt. Bitte bauen Sie den Server zuerst mit „npm run build“ / build the server first.`);
  process.exit(1);
}
const nodeArgs = useSource ? ['--import', 'tsx', source] : ['--enable-source-maps', built];
const result = spawnSync(process.execPath, [...nodeArgs, ...args], { stdio: 'inherit' });
if (result.error) {
  console.error(result.error.message);
  process.exit(1);
}
process.exit(result.status ?? 1);
