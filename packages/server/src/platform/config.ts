// All configuration comes from environment variables, parsed once and
// validated, so a typo fails the start with a clear message instead of misbehaving later.
import path from 'node:path';
import { parseServiceHours, serviceHoursProblem, type ServiceHoursSchedule } from './serviceHours.js';
import { parseClamdAddress, type ClamdAddress } from './files/malwareScan.js';
import { secretWeakness } from './secretStrength.js';

export interface Config {
  readonly port: number;
  readonly chatPort: number;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  /** Channel prefix on Redis so several deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  /** Public base address of the chat host, always with a trailing slash. */
  readonly chatHostUrl: string;
  readonly webOrigins: readonly string[];
  readonly smtpUrl: string | null;
  /**
   * `MAIL_FROM`: the sender of every mail ("Kanzlei Muster <chat@kanzlei.example>" or a bare address). Required in
   * production when SMTP_URL is set (a made-up sender domain is refused or lands in spam); otherwise it defaults to
   * `Rechtschat <no-reply@rechtschat.local>`.
   */
  readonly mailFrom: string;
  /** `FIRM_NAME`: the firm shown to clients (imprint page) and lawyers (console header); public settings. */
  readonly firmName: string;
  /** `IMPRINT_URL`: the firm's own imprint (absolute http(s) address); null = the built-in imprint note. Public settings. */
  readonly imprintUrl: string | null;
  /**
   * `FIRM_PHONE` / `FIRM_EMAIL`: how clients reach the firm, shown on the case-file login (e.g. when the PIN is locked);
   * null when unset. Public settings, written into every web page like FIRM_NAME.
   */
  readonly firmPhone: string | null;
  readonly firmEmail: string | null;
  /** True when WEB_ORIGINS was not set and the localhost default is in use (a warning at start in production). */
  readonly webOriginsDefault: boolean;
  readonly entryTokenSecret: string | null;
  readonly sessionSecret: string;
  readonly serviceHours: ServiceHoursSchedule;
  readonly nodeEnv: string;
  /**
   * True for every NODE_ENV except `development` and `test`: secrets are required, entry tokens must be signed,
   * HSTS is on, `/metrics` is loopback-only and no demo data is created (so `staging` is never a soft target).
   */
  readonly production: boolean;
  /** Demo data (lawyers, a case file, printed links) is created only with NODE_ENV=development, never in test or production. */
  readonly demoData: boolean;
  /**
   * `LAWYER_MFA`: `required` makes the TOTP second factor mandatory for every lawyer login (a lawyer without one
   * enrols at the login); `optional` only offers it. Default `required` in production, `optional` under
   * NODE_ENV=development and test.
   */
  readonly lawyerMfa: LawyerMfaPolicy;
  /**
   * Fastify `trustProxy`: addresses/CIDRs (or `loopback`, `linklocal`, `uniquelocal`) of reverse proxies whose
   * `X-Forwarded-For` names the client; false (the default) uses the socket address.
   */
  readonly trustProxy: string | false;
  readonly maxUploadBytes: number;
  /** `MAX_CHAT_FILES_PER_CASE`: files the chats of one consultation (case) may hold, both sides together; default 100. */
  readonly maxChatFilesPerCase: number;
  /** `MAX_CLIENT_MESSAGES_PER_CHAT`: messages the client may write into one chat (the lawyer's are not counted); default 1000. */
  readonly maxClientMessagesPerChat: number;
  /**
   * `HUB_MAX_CONNECTIONS_PER_ADDRESS`: simultaneous hub connections (WebSocket, SSE, long polling) one client address
   * (IPv4, IPv6 /64; behind TRUST_PROXY the forwarded one) may hold on one process; default 200.
   */
  readonly hubMaxConnectionsPerAddress: number;
  /**
   * `CLAMD_SOCKET`: clamd's Unix socket path or `tcp://host:port`; every upload is scanned there for malware before it is
   * stored. null (unset, the default) = no scan – production should set it; startApp warns when it does not.
   */
  readonly clamdSocket: ClamdAddress | null;
  readonly host: string;
  /**
   * `SHUTDOWN_DRAIN_MS`: after the first SIGTERM/SIGINT, how long the process still serves (in-flight and new requests,
   * open hub connections) while /healthz answers 503 `{"Status":"draining"}`, so a load balancer takes it out first;
   * then it closes the hub's connections with reconnect allowed and shuts down (main.ts, platform/shutdown.ts).
   * Default 5000 in production, 0 under NODE_ENV=development and test (nothing to drain; tests and `npm run dev` stop at once).
   */
  readonly shutdownDrainMs: number;
  /** pino level; `warn` under NODE_ENV=test unless LOG_LEVEL says otherwise. */
  readonly logLevel: string;
  /** Browser error reporting, handed to the web app by /api/dl/public-settings; empty = off. */
  readonly sentryDsn: string;
  readonly sentryProject: string;
  /** Shown to clients as the version tag (npm sets npm_package_version when it starts the server). */
  readonly version: string;
}

export type LawyerMfaPolicy = 'required' | 'optional';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const DEV_SESSION_SECRET = 'rechtschat-entwicklung-nicht-fuer-produktion';
const DEFAULT_SERVICE_HOURS = 'Mo-Fr 08:00-20:00';
const DEFAULT_MAIL_FROM = 'Rechtschat <no-reply@rechtschat.local>';
export const DEFAULT_FIRM_NAME = 'Rechtschat';

const mailAddress = /^[^\s<>@"(),;:]+@[^\s<>@"(),;:]+\.[^\s<>@"(),;:]+$/;

/** `Name <address>` or a bare address; the name must not carry characters that would need quoting rules. */
function readMailFrom(env: Env, production: boolean, smtpUrl: string | null): string {
  const raw = env.MAIL_FROM?.trim() ?? '';
  if (raw === '') {
    if (production && smtpUrl !== null) {
      throw new ConfigError(
        'MAIL_FROM muss gesetzt sein, wenn SMTP_URL gesetzt ist, z. B. "Kanzlei Muster <chat@kanzlei.example>" / is required with SMTP_URL in production.',
      );
    }
    return DEFAULT_MAIL_FROM;
  }
  const named = /^([^<>"\r\n]*?)\s*<([^<>]+)>$/.exec(raw);
  const address = named ? (named[2] ?? '') : raw;
  const name = named ? (named[1] ?? '').trim() : '';
  if (/[\r\n]/.test(raw) || !mailAddress.test(address) || /[,;:]/.test(name)) {
    throw new ConfigError(`MAIL_FROM="${raw}" ist keine gültige Absenderadresse, z. B. "Kanzlei Muster <chat@kanzlei.example>" / is not a valid sender.`);
  }
  return name === '' ? address : `${name} <${address}>`;
}

/** An absolute http(s) address without credentials (shown to clients as a link). */
function readPublicLink(env: Env, name: string): string | null {
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} ist keine gültige URL / is not a valid URL.`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
    throw new ConfigError(`${name} muss eine http(s)-Adresse ohne Zugangsdaten sein / must be an http(s) address without credentials.`);
  }
  return url.toString();
}

/** A phone number as people dial it: digits, spaces, +, /, -, ( and ), at most 40 characters. */
function readFirmPhone(env: Env): string | null {
  const raw = (env.FIRM_PHONE ?? '').replace(/\s+/g, ' ').trim();
  if (raw === '') return null;
  if (!/^\+?[0-9][0-9 ()/-]{2,39}$/.test(raw)) {
    throw new ConfigError('FIRM_PHONE muss eine Telefonnummer sein (Ziffern, Leerzeichen, + / - ( )) / must be a phone number.');
  }
  return raw;
}

function readFirmEmail(env: Env): string | null {
  const raw = (env.FIRM_EMAIL ?? '').trim();
  if (raw === '') return null;
  if (raw.length > 254 || !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(raw)) {
    throw new ConfigError('FIRM_EMAIL muss eine E-Mail-Adresse sein / must be an e-mail address.');
  }
  return raw;
}

function readFirmName(env: Env): string {
  const raw = (env.FIRM_NAME ?? '').replace(/\s+/g, ' ').trim();
  if (raw.length > 120) throw new ConfigError('FIRM_NAME darf höchstens 120 Zeichen lang sein / must be at most 120 characters.');
  return raw === '' ? DEFAULT_FIRM_NAME : raw;
}

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  // Port 0 lets tests ask the OS for a free port.
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name}="${raw}" ist kein gültiger Port (0–65535) / is not a valid port.`);
  }
  return port;
}

function readUrl(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} ist keine gültige URL / is not a valid URL.`);
  }
  return raw.trim();
}

/** Only PostgreSQL: without DATABASE_URL the server uses SQLite in DATA_DIR; mysql:// and the like are refused at start. */
function readDatabaseUrl(env: Env): string | null {
  const url = readUrl(env, 'DATABASE_URL');
  if (url === null) return null;
  const scheme = new URL(url).protocol;
  if (scheme !== 'postgres:' && scheme !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL beginnt mit "${scheme}//"; unterstützt wird nur PostgreSQL (postgres:// oder postgresql://), ohne DATABASE_URL nutzt der Server SQLite in DATA_DIR / only PostgreSQL URLs (postgres:// or postgresql://) are supported; without DATABASE_URL the server uses SQLite in DATA_DIR.`,
    );
  }
  return url;
}

function readOrigins(raw: string, name: string): string[] {
  return raw
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => {
      let url: URL;
      try {
        url = new URL(o);
      } catch {
        throw new ConfigError(`${name}: "${o}" ist kein gültiger Origin / is not a valid origin.`);
      }
      if (url.origin !== o.replace(/\/$/, ''))
        throw new ConfigError(`${name}: "${o}" muss ein reiner Origin sein (Schema://Host[:Port]) / must be a bare origin.`);
      return url.origin;
    });
}

const GENERATE_SECRET_HINT =
  'Erzeugen Sie einen zufälligen Wert, z. B. mit `openssl rand -base64 48` / generate a random one, e.g. with `openssl rand -base64 48`.';

/**
 * A secret of at least 32 characters; `required` refuses an unset one. In production it must also pass the make-up
 * rule of `secretWeakness` (≥ 10 different characters, no piece of 8 characters twice, no run like `12345678`) and must
 * not be the public development constant – 64 times the same character is long, but no key.
 */
function readSecret(env: Env, name: string, options: { readonly required: boolean; readonly production: boolean }): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    if (options.required)
      throw new ConfigError(`${name} muss gesetzt sein, außer bei NODE_ENV=development oder test / is required unless NODE_ENV is development or test.`);
    return null;
  }
  if (raw.length < 32) throw new ConfigError(`${name} muss mindestens 32 Zeichen lang sein / must be at least 32 characters long. ${GENERATE_SECRET_HINT}`);
  if (options.production) {
    const weakness = raw === DEV_SESSION_SECRET ? 'der öffentliche Entwicklungswert / the public development value' : secretWeakness(raw);
    if (weakness !== null) throw new ConfigError(`${name} ist zu schwach (${weakness}) / is too weak. ${GENERATE_SECRET_HINT}`);
  }
  return raw;
}

function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new ConfigError(`${name}="${raw}" muss eine positive ganze Zahl sein / must be a positive integer.`);
  return value;
}

function readNonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name}="${raw}" muss eine ganze Zahl ab 0 sein / must be an integer of 0 or more.`);
  return value;
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function isProxyEntry(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const v4 = ipv4.test(address);
  const v6 = !v4 && /^[0-9a-f:]+$/i.test(address) && address.includes(':');
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (v4 ? 32 : 128);
}

/** `TRUST_PROXY`: off by default; `true`/`*` are refused because they would let any client forge its address. */
function readTrustProxy(env: Env): string | false {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0' || raw === 'off') return false;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY: "${bad ?? raw}" ist keine Proxy-Adresse; erlaubt sind IP-Adressen, CIDR-Bereiche oder loopback/linklocal/uniquelocal, kommagetrennt / must list proxy addresses, CIDRs or loopback/linklocal/uniquelocal.`,
    );
  }
  return entries.join(',');
}

function readLawyerMfa(env: Env, production: boolean): LawyerMfaPolicy {
  const raw = env.LAWYER_MFA?.trim() ?? '';
  if (raw === '') return production ? 'required' : 'optional';
  if (raw === 'required' || raw === 'optional') return raw;
  throw new ConfigError(`LAWYER_MFA="${raw}" ist ungültig; erlaubt sind "required" oder "optional" / must be "required" or "optional".`);
}

function readClamdSocket(env: Env): ClamdAddress | null {
  const raw = env.CLAMD_SOCKET?.trim() ?? '';
  if (raw === '') return null;
  const address = parseClamdAddress(raw);
  if (address === undefined) {
    throw new ConfigError(
      `CLAMD_SOCKET="${raw}" ist ungültig; erlaubt sind ein absoluter Socket-Pfad oder tcp://host:port / must be an absolute socket path or tcp://host:port.`,
    );
  }
  return address;
}

/** NODE_ENV values that may run without secrets and with demo data; everything else is treated as production. */
export const developmentEnvironments: readonly string[] = ['development', 'test'];

/** Parses and validates the environment; throws ConfigError with a bilingual message. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const production = !developmentEnvironments.includes(nodeEnv);
  const port = readPort(env, 'PORT', 8080);
  const chatPort = readPort(env, 'CHAT_PORT', 8081);
  const chatHostRaw = readUrl(env, 'CHAT_HOST_URL') ?? `http://localhost:${chatPort}/`;
  const chatHostUrl = chatHostRaw.endsWith('/') ? chatHostRaw : `${chatHostRaw}/`;
  const webOriginsDefault = (env.WEB_ORIGINS?.trim() ?? '') === '';
  const webOrigins = readOrigins(webOriginsDefault ? `http://localhost:${port},http://127.0.0.1:${port}` : (env.WEB_ORIGINS ?? ''), 'WEB_ORIGINS');
  if (webOrigins.length === 0) throw new ConfigError('WEB_ORIGINS darf nicht leer sein / must not be empty.');
  const smtpUrl = readUrl(env, 'SMTP_URL');
  const hoursRaw = env.SERVICE_HOURS?.trim() || (production ? DEFAULT_SERVICE_HOURS : 'always');
  const serviceHours = parseServiceHours(hoursRaw);
  if (serviceHours === null) {
    throw new ConfigError(
      `SERVICE_HOURS="${hoursRaw}" ist ungültig / is invalid (${serviceHoursProblem(hoursRaw) ?? ''}); Beispiel / example: "Mo-Fr 08:00-20:00; Sa 09:00-13:00" oder "always".`,
    );
  }
  return {
    port,
    chatPort,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: readDatabaseUrl(env),
    redisUrl: readUrl(env, 'REDIS_URL'),
    redisPrefix: env.REDIS_PREFIX?.trim() || 'rechtschat:',
    chatHostUrl,
    webOrigins,
    smtpUrl,
    // Optional in production too: without it only the insurer keys an administrator creates (by `kid`) sign entry
    // tokens; bare insurance numbers stay refused in production either way (features/product/customers.ts).
    entryTokenSecret: readSecret(env, 'ENTRY_TOKEN_SECRET', { required: false, production }),
    sessionSecret: readSecret(env, 'SESSION_SECRET', { required: production, production }) ?? DEV_SESSION_SECRET,
    mailFrom: readMailFrom(env, production, smtpUrl),
    firmName: readFirmName(env),
    imprintUrl: readPublicLink(env, 'IMPRINT_URL'),
    firmPhone: readFirmPhone(env),
    firmEmail: readFirmEmail(env),
    webOriginsDefault,
    serviceHours,
    nodeEnv,
    production,
    demoData: nodeEnv === 'development',
    lawyerMfa: readLawyerMfa(env, production),
    trustProxy: readTrustProxy(env),
    maxUploadBytes: readPositiveInt(env, 'MAX_UPLOAD_BYTES', 10 * 1024 * 1024),
    maxChatFilesPerCase: readPositiveInt(env, 'MAX_CHAT_FILES_PER_CASE', 100),
    maxClientMessagesPerChat: readPositiveInt(env, 'MAX_CLIENT_MESSAGES_PER_CHAT', 1000),
    hubMaxConnectionsPerAddress: readPositiveInt(env, 'HUB_MAX_CONNECTIONS_PER_ADDRESS', 200),
    clamdSocket: readClamdSocket(env),
    host: env.HOST?.trim() || '0.0.0.0',
    shutdownDrainMs: readNonNegativeInt(env, 'SHUTDOWN_DRAIN_MS', production ? 5000 : 0),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'warn' : 'info'),
    sentryDsn: env.SENTRY_DSN?.trim() ?? '',
    sentryProject: env.SENTRY_PROJECT?.trim() ?? '',
    version: env.npm_package_version ?? '0.1.0',
  };
}

/**
 * The environment for a program the server starts (pg_dump in platform/storage/backup.ts): this process's own – PATH,
 * locale, libpq's settings – with `extra` on top. Here because this file is the one place that reads the environment.
 */
export function childProcessEnvironment(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
