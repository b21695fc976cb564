// Browser error reports carry the page's address, the addresses of its requests (breadcrumbs) and, in a session
// replay, every link on the page and every navigation: on a case-file page that is the link token, on the chat page
// the entry link with the insurer's token. The tunnel removes them before an envelope is stored or sent to Sentry,
// with the request log's rule (`platform/logger.ts` › `redactUrl`).
import { deflateSync, inflateSync } from 'node:zlib';
import { redactUrl, type TokenPath } from '../logger.js';

/**
 * A path inside report text: from a slash up to whitespace, quote or markup. One character class after a fixed first
 * character, so the scan stays linear on any input (a scheme prefix like `[a-z]+:\/\/` before it made a long run of
 * letters quadratic). An absolute address is matched from the `//` before its host.
 */
const PATH_IN_TEXT = /\/[^\s"'<>\\]*/g;
const HOST = /^\/\/[^/]*/;

/**
 * Every address in `text` as the request log would write it: token path segments and query strings redacted. An
 * envelope holds thousands of paths (asset names, spans): only those with a percent sign or the last segment of a token
 * path's prefix go through `redactUrl` (the others only lose their query), so a report costs a scan, not a parse per path.
 */
function scrubText(text: string, tokenPaths: readonly TokenPath[]): string {
  // A token path names every segment of its prefix, so also the last one (`case-file`, `digitale-fallakte`, `param`).
  const lastSegments = [...new Set(tokenPaths.map(({ prefix }) => prefix.split('/').filter(Boolean).pop()?.toLowerCase() ?? ''))].filter(Boolean);
  const mayNameTokenPath = (match: string) => {
    if (match.includes('%')) return true;
    const lower = match.toLowerCase();
    return lastSegments.some((segment) => lower.includes(segment));
  };
  return text.replace(PATH_IN_TEXT, (match) => {
    if (!mayNameTokenPath(match)) {
      const query = match.indexOf('?');
      return query === -1 ? match : `${match.slice(0, query)}?[redacted]`;
    }
    const host = HOST.exec(match)?.[0] ?? '';
    const rest = match.slice(host.length);
    // A host alone (`https://host`) has no path to redact.
    return rest === '' ? match : host + redactUrl(rest, tokenPaths);
  });
}

const NEWLINE = 0x0a;

/** A replay segment inflates to a few hundred KiB; a larger one is left out rather than scanned on the event loop. */
const MAX_RECORDING_BYTES = 4 * 1024 * 1024;

/** One envelope item: its header (JSON object) and payload bytes. */
interface Item {
  header: Record<string, unknown>;
  payload: Buffer;
}

function parseHeader(line: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Splits an envelope (https://develop.sentry.dev/sdk/envelopes/) into header line and items; undefined when malformed. */
function parseEnvelope(body: Buffer): { header: Buffer; items: Item[] } | undefined {
  const lineEnd = (from: number) => {
    const at = body.indexOf(NEWLINE, from);
    return at === -1 ? body.length : at;
  };
  const headerEnd = lineEnd(0);
  const items: Item[] = [];
  let at = headerEnd + 1;
  while (at < body.length) {
    const end = lineEnd(at);
    if (end === at) {
      at += 1; // blank line (trailing newline)
      continue;
    }
    const header = parseHeader(body.subarray(at, end));
    if (header === undefined) return undefined;
    at = end + 1;
    const { length } = header;
    let payload: Buffer;
    if (length === undefined) {
      const payloadEnd = lineEnd(at);
      payload = body.subarray(at, payloadEnd);
      at = payloadEnd + 1;
    } else {
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || at + length > body.length) return undefined;
      payload = body.subarray(at, at + length);
      at += length + 1;
    }
    items.push({ header, payload });
  }
  return { header: body.subarray(0, headerEnd), items };
}

/** A replay recording: `{"segment_id":n}` line, then rrweb events as JSON or zlib-compressed JSON. */
function scrubRecording(payload: Buffer, scrub: (text: string) => string): Buffer | undefined {
  const split = payload.indexOf(NEWLINE);
  if (split === -1) return undefined;
  const data = payload.subarray(split + 1);
  let events: string;
  const compressed = data[0] === 0x78;
  try {
    events = compressed ? inflateSync(data, { maxOutputLength: MAX_RECORDING_BYTES }).toString('utf8') : data.toString('utf8');
  } catch {
    return undefined;
  }
  const scrubbed = Buffer.from(scrub(events), 'utf8');
  return Buffer.concat([payload.subarray(0, split + 1), compressed ? deflateSync(scrubbed) : scrubbed]);
}

/**
 * The envelope with every address in it redacted (see `scrubText`); an item that cannot be read (a replay recording
 * that does not inflate) is left out. Undefined when the envelope's items cannot be parsed.
 */
export function scrubEnvelope(body: Buffer, tokenPaths: readonly TokenPath[]): Buffer | undefined {
  const parsed = parseEnvelope(body);
  if (parsed === undefined) return undefined;
  const scrub = (text: string) => scrubText(text, tokenPaths);
  const parts: Buffer[] = [Buffer.from(scrub(parsed.header.toString('utf8')), 'utf8')];
  for (const { header, payload } of parsed.items) {
    const scrubbed = header.type === 'replay_recording' ? scrubRecording(payload, scrub) : Buffer.from(scrub(payload.toString('utf8')), 'utf8');
    if (scrubbed === undefined) continue;
    const itemHeader = header.length === undefined ? header : { ...header, length: scrubbed.length };
    parts.push(Buffer.from(`\n${scrub(JSON.stringify(itemHeader))}\n`, 'utf8'), scrubbed);
  }
  parts.push(Buffer.from('\n'));
  return Buffer.concat(parts);
}
