// A private redis-server on a free loopback port, so tests and the soak can stop and restart Redis
// without touching the shared instance on 6379. Nothing is persisted (--save "", no AOF).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from '../support/testApp.js';

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** kill -9: every client connection drops at once. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: pub/sub has no state to lose). */
  start(): Promise<void>;
  readonly running: boolean;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedisServer(binary = 'redis-server'): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  async function start(): Promise<void> {
    const proc = spawn(
      binary,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    child = proc;
    const started = Date.now();
    while (!(await ping(port))) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}`);
      if (Date.now() - started > 10_000) throw new Error('redis-server did not answer in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    start,
    async stop() {
      const proc = child;
      if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGKILL');
      await exited;
    },
  };
}
