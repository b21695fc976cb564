// What main.ts checks before it touches the database, and how it names the environment's faults a start runs into: a
// taken port, an unwritable DATA_DIR, a PostgreSQL that is not there. Each becomes a ConfigError – one German/English
// paragraph naming the variable and what to check, exit code 2 – instead of a stack trace.
import fs from 'node:fs';
import net from 'node:net';
import type { Config } from './config.js';
import { ConfigError } from './config.js';

type PortVariable = 'PORT' | 'CHAT_PORT';

function portMessage(variable: PortVariable, port: number, code: string | undefined, host: string): ConfigError {
  if (code === 'EACCES') {
    return new ConfigError(
      `${variable}=${port}: der Port darf auf ${host} nicht geöffnet werden (Ports unter 1024 brauchen Sonderrechte); einen Port ab 1024 wählen / ` +
        `${variable}=${port}: no permission to listen on ${host} (ports below 1024 need privileges); choose a port from 1024 up.`,
    );
  }
  return new ConfigError(
    `${variable}=${port}: der Port ist auf ${host} schon belegt – läuft Rechtschat oder ein anderes Programm bereits darauf? ` +
      `Das Programm beenden oder in ${variable} einen freien Port wählen / ` +
      `${variable}=${port}: the port is already in use on ${host} – is Rechtschat or another program already running there? ` +
      `Stop it or set a free port in ${variable}.`,
  );
}

function probe(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** PORT and CHAT_PORT can be listened on (port 0, the tests' free port, always can). */
export async function checkPortsFree(config: Config): Promise<void> {
  const ports: [PortVariable, number][] = [
    ['PORT', config.port],
    ['CHAT_PORT', config.chatPort],
  ];
  for (const [variable, port] of ports) {
    if (port === 0) continue;
    const error = await probe(port, config.host);
    if (error !== null && (error.code === 'EADDRINUSE' || error.code === 'EACCES')) throw portMessage(variable, port, error.code, config.host);
  }
}

const DATA_DIR_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC']);

function dataDirMessage(dataDir: string, code: string | undefined): ConfigError {
  return new ConfigError(
    `DATA_DIR="${dataDir}" ist nicht beschreibbar (${code ?? 'Fehler'}); prüfen, ob der Ordner existiert oder angelegt werden darf, ` +
      `dem Benutzer des Servers gehört bzw. für ihn beschreibbar ist und nicht auf einem schreibgeschützten Dateisystem liegt / ` +
      `DATA_DIR is not writable (${code ?? 'error'}); check that the folder exists or may be created, is owned by or writable for the ` +
      `server's user and is not on a read-only file system.`,
  );
}

/** DATA_DIR exists (created 0700 if not) and this process may write into it – in both engines (uploads, outbox). */
export function checkDataDirWritable(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    throw dataDirMessage(dataDir, (error as NodeJS.ErrnoException).code);
  }
}

/** The error and its causes (an Error's cause, an AggregateError's errors), outermost first. */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && found.length < 20) {
    const next = queue.shift();
    if (next === undefined || next === null || found.includes(next)) continue;
    found.push(next);
    if (next instanceof AggregateError) queue.push(...(next.errors as unknown[]));
    if (next instanceof Error && next.cause !== undefined) queue.push(next.cause);
  }
  return found;
}

/** Host, port and database of DATABASE_URL, never its user or password. */
function databaseTarget(databaseUrl: string): { address: string; database: string } {
  try {
    const url = new URL(databaseUrl);
    return { address: `${url.hostname || 'localhost'}:${url.port || '5432'}`, database: decodeURIComponent(url.pathname.replace(/^\//, '')) || '(Standard)' };
  } catch {
    return { address: '?', database: '?' };
  }
}

function databaseMessage(databaseUrl: string, code: string): ConfigError | null {
  const { address, database } = databaseTarget(databaseUrl);
  switch (code) {
    case 'ECONNREFUSED':
      return new ConfigError(
        `DATABASE_URL: PostgreSQL unter ${address} nimmt keine Verbindung an (ECONNREFUSED); prüfen, ob der Datenbankserver läuft und Host und Port in DATABASE_URL stimmen / ` +
          `PostgreSQL at ${address} refused the connection (ECONNREFUSED); check that the database server is running and that host and port in DATABASE_URL are right.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError(
        `DATABASE_URL: der Host von ${address} ist nicht auflösbar (${code}); den Hostnamen in DATABASE_URL und das DNS prüfen / ` +
          `the host of ${address} cannot be resolved (${code}); check the host name in DATABASE_URL and DNS.`,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new ConfigError(
        `DATABASE_URL: PostgreSQL unter ${address} ist nicht erreichbar (${code}); Host, Port, Firewall und Netz prüfen / ` +
          `PostgreSQL at ${address} is not reachable (${code}); check host, port, firewall and network.`,
      );
    case '3D000':
      return new ConfigError(
        `DATABASE_URL: die Datenbank "${database}" gibt es auf ${address} nicht (3D000); sie anlegen (z. B. createdb ${database}) oder den Datenbanknamen in DATABASE_URL korrigieren / ` +
          `the database "${database}" does not exist on ${address} (3D000); create it (e.g. createdb ${database}) or correct the database name in DATABASE_URL.`,
      );
    case '28P01':
    case '28000':
      return new ConfigError(
        `DATABASE_URL: PostgreSQL unter ${address} lehnt die Anmeldung ab (${code}); Benutzer und Passwort in DATABASE_URL sowie pg_hba.conf prüfen / ` +
          `PostgreSQL at ${address} rejected the login (${code}); check user and password in DATABASE_URL and pg_hba.conf.`,
      );
    default:
      return null;
  }
}

/**
 * The ConfigError for a failed start when its cause is the environment (a port, DATA_DIR, the database), else null –
 * then the error is a fault of the server and main.ts prints it as it is.
 */
export function explainStartFailure(error: unknown, config: Config): ConfigError | null {
  for (const cause of causes(error)) {
    if (cause instanceof ConfigError) return cause;
    const { code, port, path: file } = (cause ?? {}) as { code?: unknown; port?: unknown; path?: unknown };
    if (typeof code !== 'string') continue;
    if (code === 'EADDRINUSE' || (code === 'EACCES' && typeof port === 'number')) {
      const variable: PortVariable = port === config.chatPort ? 'CHAT_PORT' : 'PORT';
      return portMessage(variable, typeof port === 'number' ? port : variable === 'PORT' ? config.port : config.chatPort, code, config.host);
    }
    if (DATA_DIR_CODES.has(code) && typeof file === 'string' && file.startsWith(config.dataDir)) return dataDirMessage(config.dataDir, code);
    // better-sqlite3 names no path: the database file in DATA_DIR could not be opened or written.
    if (config.databaseUrl === null && (code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_READONLY'))) return dataDirMessage(config.dataDir, code);
    if (config.databaseUrl !== null) {
      const message = databaseMessage(config.databaseUrl, code);
      if (message !== null) return message;
    }
  }
  return null;
}
