// Found from outside (2026-12-04): with SENTRY_DSN set, an error on the Fallakte page sent the link token to Sentry
// (the event's `request.url`, the breadcrumbs of `/api/case-file/<token>/check` …), and an error in the chat sent the
// entry link `?InsuranceNumber=<token>` in the session replay's navigation – the tunnel passed envelopes on unread.
import { createServer, type Server } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deflateSync, gzipSync, inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testApp.js';

const TOKEN = 'Bd3LelkcQqSfzRJHUIv6nDG2nrI5RxQatucCFlEpENQ';
const ENTRY = Buffer.from('VN-2026-4711').toString('base64');

async function fakeSentry(): Promise<{ server: Server; port: number; bodies: Buffer[] }> {
  const bodies: Buffer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, bodies };
}

/** An envelope as the browser SDK sends it from the Fallakte and the chat: an event and a compressed replay. */
function browserEnvelope(dsn: string, webOrigin: string): Buffer {
  const event = {
    exception: { values: [{ type: 'Error', value: 'Testfehler' }] },
    request: { url: `${webOrigin}/digitale-fallakte/${TOKEN}`, headers: { 'User-Agent': 'Chrome' } },
    breadcrumbs: [
      { category: 'fetch', data: { method: 'GET', url: `/api/case-file/${TOKEN}/check`, status_code: 200 } },
      { category: 'fetch', data: { method: 'POST', url: `/api/chat/secondLevel/param/geheim123`, status_code: 204 } },
      { category: 'navigation', data: { from: `/chat/new?InsuranceNumber=${ENTRY}&secondLevel=geheim123`, to: '/chat/RC-1' } },
    ],
  };
  const recording = deflateSync(
    JSON.stringify([
      { type: 5, data: { tag: 'performanceSpan', payload: { description: `${webOrigin}/chat/new?InsuranceNumber=${ENTRY}` } } },
      { type: 2, data: { node: { attributes: { href: `/digitale-fallakte/${TOKEN}/dokumente` } } } },
    ]),
  );
  const replay = Buffer.concat([Buffer.from('{"segment_id":0}\n'), recording]);
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: 'c5a0786620484b5cae0b5074127451cf', dsn })}\n{"type":"event"}\n${JSON.stringify(event)}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_recording', length: replay.length })}\n`),
    replay,
    Buffer.from('\n'),
  ]);
}

/** The items of an envelope, replay recordings inflated. */
function readItems(body: Buffer): string {
  const parts: string[] = [];
  let at = body.indexOf(0x0a) + 1;
  while (at < body.length) {
    const end = body.indexOf(0x0a, at);
    const header = JSON.parse(body.subarray(at, end).toString()) as { type: string; length?: number };
    at = end + 1;
    const stop = header.length === undefined ? body.indexOf(0x0a, at) : at + header.length;
    const payload = body.subarray(at, stop === -1 ? body.length : stop);
    at = stop + 1;
    if (header.type === 'replay_recording') {
      const split = payload.indexOf(0x0a);
      parts.push(inflateSync(payload.subarray(split + 1)).toString());
    } else parts.push(payload.toString());
  }
  return parts.join('\n');
}

describe('sentry tunnel: link tokens and entry links never leave the server', () => {
  let app: TestApp | undefined;
  let upstream: Server | undefined;

  afterEach(async () => {
    await app?.stop();
    upstream?.close();
    app = undefined;
    upstream = undefined;
  });

  const post = (target: TestApp, body: Buffer) =>
    fetch(`${target.webUrl}/api/sentry-tunnel`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: target.webOrigin },
      body,
    });

  it('should redact the case-file token, the second-level parameter and every query string before forwarding', async () => {
    const sentry = await fakeSentry();
    upstream = sentry.server;
    const dsn = `http://publickey@127.0.0.1:${sentry.port}/42`;
    app = await startTestApp({ env: { SENTRY_DSN: dsn } });
    const res = await post(app, browserEnvelope(dsn, app.webOrigin));
    expect(res.status).toBe(200);
    expect(sentry.bodies).toHaveLength(1);
    const forwarded = sentry.bodies[0] ?? Buffer.alloc(0);
    const text = readItems(forwarded);
    expect(forwarded.toString('latin1')).not.toContain(TOKEN);
    for (const secret of [TOKEN, ENTRY, 'geheim123', 'InsuranceNumber=']) expect(text).not.toContain(secret);
    expect(text).toContain(`${app.webOrigin}/digitale-fallakte/[redacted]`);
    expect(text).toContain('/api/case-file/[redacted]/check');
    expect(text).toContain('/chat/new?[redacted]');
    expect(text).toContain('/digitale-fallakte/[redacted]/dokumente');
    // Everything else arrives as sent.
    expect(text).toContain('"value":"Testfehler"');
    expect(text).toContain('"to":"/chat/RC-1"');
  });

  it('should store the envelope without them when Sentry is unreachable', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/42';
    app = await startTestApp({ env: { SENTRY_DSN: dsn } });
    const res = await post(app, browserEnvelope(dsn, app.webOrigin));
    expect(res.status).toBe(202);
    const dir = path.join(app.dataDir, 'sentry');
    const [file] = await readdir(dir);
    const stored = await readFile(path.join(dir, file ?? ''));
    expect(stored.toString('latin1')).not.toContain(TOKEN);
    const text = readItems(stored);
    for (const secret of [TOKEN, ENTRY, 'geheim123']) expect(text).not.toContain(secret);
    expect(text).toContain('"value":"Testfehler"');
  });

  it('should refuse a compressed envelope with 415 and the German message, as every route does, not with a 500', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/42';
    app = await startTestApp({ env: { SENTRY_DSN: dsn } });
    const res = await fetch(`${app.webUrl}/api/sentry-tunnel`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Encoding': 'gzip', Origin: app.webOrigin },
      body: gzipSync(browserEnvelope(dsn, app.webOrigin)),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      Error: 'UnsupportedMediaType',
      Message: 'Komprimierte Anfragen werden nicht angenommen. Bitte senden Sie den Inhalt unkomprimiert.',
    });
  });

  it('should redact a crafted 1 MiB envelope in linear time', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/42';
    app = await startTestApp({ env: { SENTRY_DSN: dsn } });
    // A long run of letters made the first pattern (an optional scheme before the path) quadratic: minutes for 660 KB.
    for (const filler of ['x'.repeat(1_000_000), '/digitale-fallakte/T '.repeat(45_000)]) {
      const started = Date.now();
      const res = await post(app, Buffer.from(`${JSON.stringify({ dsn })}\n{"type":"event"}\n{"message":"${filler}"}\n`));
      expect(res.status).toBe(202);
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it('should take 30 envelopes a minute from one address', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/42';
    app = await startTestApp({ env: { SENTRY_DSN: dsn } });
    const target = app;
    const small = Buffer.from(`${JSON.stringify({ dsn })}\n{"type":"event"}\n{"message":"Fehler"}\n`);
    const answers = await Promise.all(Array.from({ length: 31 }, () => post(target, small)));
    // Sentry unreachable: each envelope goes to the local store, which takes 20 a day from one address (no Retry-After:
    // waiting a minute does not help); the 31st is over the rate limit itself.
    expect(answers.filter((res) => res.status === 202)).toHaveLength(20);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(11);
    const limited = refused.filter((res) => res.headers.get('retry-after') !== null);
    expect(limited).toHaveLength(1);
    expect(limited[0]?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited[0]?.json()).toMatchObject({ Error: 'TooManyRequests' });
  });

  it('should refuse an envelope whose items cannot be read', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/42';
    app = await startTestApp({ env: { SENTRY_DSN: dsn } });
    const broken = Buffer.from(`${JSON.stringify({ dsn })}\n{"type":"event","length":9999}\n{"request":{"url":"/digitale-fallakte/${TOKEN}"}}\n`);
    const res = await post(app, broken);
    expect(res.status).toBe(400);
    expect(await readdir(path.join(app.dataDir, 'sentry')).catch(() => [])).toEqual([]);
  });
});
