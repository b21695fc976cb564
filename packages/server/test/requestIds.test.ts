// The log's request ids tell the two listeners and the processes apart (Fastify's default counted req-1, req-2… on each).
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestIds } from '../src/platform/http/requestIds.js';
import { startTestApp, tempDir, type TestApp } from './support/testApp.js';

describe('request ids', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it('should name the listener and the process in every id and count on from there', () => {
    const web = createRequestIds('web', 'abc123');
    const chat = createRequestIds('chatHost', 'abc123');
    expect([web(), web(), chat()]).toEqual(['web-abc123-1', 'web-abc123-2', 'chatHost-abc123-1']);
    expect(createRequestIds('web', 'zzz999')()).not.toBe(createRequestIds('web', 'abc123')());
  });

  it('should log the first request of the web origin and of the chat host under different ids', async () => {
    const lines: Array<{ reqId?: string; url?: string }> = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString())), done()) }));
    app = await startTestApp({ dataDir: tempDir(), logger });
    await fetch(new URL('/healthz', app.webUrl));
    await fetch(new URL('/healthz', app.chatUrl));
    const ids = [...new Set(lines.map((line) => line.reqId).filter((id): id is string => id !== undefined))];
    expect(ids).toHaveLength(2);
    expect(ids.find((id) => id.startsWith('web-'))).toMatch(/^web-[0-9a-z]{6}-1$/);
    expect(ids.find((id) => id.startsWith('chatHost-'))).toMatch(/^chatHost-[0-9a-z]{6}-1$/);
  });
});
