// A real clamd for the malware-scan tests: Debian's clamav-daemon with a signature database that holds
// only the EICAR test file (`sigtool --md5`), since freshclam cannot download signatures here. Started in a temp
// directory with a generated config (foreground, own socket, no system log) and stopped by its PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const INSTALL_HINT =
  'ClamAV fehlt: Die Malware-Scan-Tests brauchen clamd und sigtool – bitte `apt-get install -y clamav-daemon` ausführen / install clamav-daemon.';

/**
 * The EICAR anti-virus test file: its published 68 bytes, assembled at run time so that no file of the repository
 * holds the string itself (virus scanners on developer machines would quarantine it).
 */
export function eicar(): Buffer {
  return Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''), 'latin1');
}

function findProgram(name: string): string {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin', '/usr/local/sbin']) {
    const candidate = path.join(dir, name);
    if (dir !== '' && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${INSTALL_HINT} (${name} nicht gefunden / not found)`);
}

export interface Clamd {
  /** The Unix socket (CLAMD_SOCKET). */
  readonly socket: string;
  /** `tcp://127.0.0.1:<port>` when started with `tcp: true`. */
  readonly tcp: string | null;
  readonly pid: number;
  stop(): Promise<void>;
}

async function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function ping(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.createConnection(socket);
    let reply = '';
    connection.setTimeout(1000, () => connection.destroy());
    connection.on('connect', () => connection.write('zPING\0'));
    connection.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\0')) connection.end();
    });
    connection.on('error', () => resolve(false));
    connection.on('close', () => resolve(reply.startsWith('PONG')));
  });
}

/** Starts clamd; `streamMaxLength` is clamd's StreamMaxLength (e.g. `1M`). Fails with the install hint without ClamAV. */
export async function startClamd(options: { streamMaxLength?: string; tcp?: boolean } = {}): Promise<Clamd> {
  const clamd = findProgram('clamd');
  const sigtool = findProgram('sigtool');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rechtschat-clamd-'));
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(dbDir);
  const eicarFile = path.join(dir, 'eicar.com');
  fs.writeFileSync(eicarFile, eicar());
  const signature = spawnSync(sigtool, ['--md5', eicarFile], { encoding: 'utf8' });
  if (signature.status !== 0) throw new Error(`sigtool --md5 failed: ${signature.stderr}`);
  fs.writeFileSync(path.join(dbDir, 'test.hdb'), signature.stdout);
  fs.rmSync(eicarFile);
  const socket = path.join(dir, 'clamd.sock');
  const port = options.tcp ? await freeTcpPort() : null;
  const config = [
    'Foreground yes',
    `LocalSocket ${socket}`,
    ...(port === null ? [] : ['TCPAddr 127.0.0.1', `TCPSocket ${port}`]),
    `DatabaseDirectory ${dbDir}`,
    `TemporaryDirectory ${dir}`,
    'LogSyslog no',
    `StreamMaxLength ${options.streamMaxLength ?? '25M'}`,
  ];
  const configFile = path.join(dir, 'clamd.conf');
  fs.writeFileSync(configFile, `${config.join('\n')}\n`);
  const child: ChildProcess = spawn(clamd, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`clamd did not start: ${stderr}`);
  const deadline = Date.now() + 30_000;
  while (!(await ping(socket))) {
    if (exited || Date.now() > deadline) {
      if (!exited) process.kill(pid, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`clamd did not come up: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let stopped = false;
  return {
    socket,
    tcp: port === null ? null : `tcp://127.0.0.1:${port}`,
    pid,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!exited) {
        process.kill(pid, 'SIGTERM');
        const killer = setTimeout(() => !exited && process.kill(pid, 'SIGKILL'), 5000);
        await exit;
        clearTimeout(killer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
