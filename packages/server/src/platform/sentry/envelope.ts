// Sentry envelope header parsing and DSN matching (https://develop.sentry.dev/sdk/envelopes/).

export interface Dsn {
  protocol: string;
  host: string;
  projectId: string;
  publicKey: string;
}

/** Parses `https://<key>@<host>[:port]/<project>`; undefined for anything else. */
export function parseDsn(value: string): Dsn | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.username || !projectId || !/^\d+$/.test(projectId)) return undefined;
  return { protocol: url.protocol, host: url.host, projectId, publicKey: url.username };
}

/** The DSN named in the first line (the envelope header) of an envelope, if the header is JSON with a valid dsn. */
export function envelopeDsn(envelope: Buffer): Dsn | undefined | 'malformed' {
  const newline = envelope.indexOf(0x0a);
  const headerText = envelope.subarray(0, newline < 0 ? envelope.length : newline).toString('utf8');
  let header: unknown;
  try {
    header = JSON.parse(headerText);
  } catch {
    return 'malformed';
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return 'malformed';
  const dsn = (header as { dsn?: unknown }).dsn;
  if (dsn === undefined) return undefined;
  return typeof dsn === 'string' ? (parseDsn(dsn) ?? 'malformed') : 'malformed';
}

export function sameDsn(a: Dsn, b: Dsn): boolean {
  return a.host === b.host && a.projectId === b.projectId && a.publicKey === b.publicKey;
}

export function envelopeUrl(dsn: Dsn): string {
  return `${dsn.protocol}//${dsn.host}/api/${dsn.projectId}/envelope/`;
}
