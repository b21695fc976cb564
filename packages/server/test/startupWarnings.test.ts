// Issue "Run the firm", point 7: a production server that starts half-configured says so in its log, once, with an event name.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { startupWarnings } from '../src/platform/startupWarnings.js';
import { startTestApp } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const production = { NODE_ENV: 'production', SESSION_SECRET: TEST_SESSION_SECRET, ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET };
const complete = {
  ...production,
  SMTP_URL: 'smtp://mail.kanzlei-muster.example:587',
  MAIL_FROM: 'Kanzlei Muster <chat@kanzlei-muster.example>',
  WEB_ORIGINS: 'https://chat.kanzlei-muster.example',
  CHAT_HOST_URL: 'https://chathost.kanzlei-muster.example/',
  IMPRINT_URL: 'https://kanzlei-muster.example/impressum',
};
const events = (env: Record<string, string>) => startupWarnings(loadConfig(env)).map((w) => w.event);

describe('start-up warnings', () => {
  it('should name every half-configured production setting: no SMTP, default WEB_ORIGINS, a local chat host, no imprint', () => {
    expect(events(production)).toEqual(['config.smtp_off', 'config.web_origins_default', 'config.chat_host_local', 'config.imprint_missing']);
  });

  it('should stay silent for a completely configured production server', () => {
    expect(events(complete)).toEqual([]);
  });

  it.each([
    ['SMTP_URL', 'config.smtp_off'],
    ['WEB_ORIGINS', 'config.web_origins_default'],
    ['CHAT_HOST_URL', 'config.chat_host_local'],
    ['IMPRINT_URL', 'config.imprint_missing'],
    ['ENTRY_TOKEN_SECRET', 'config.entry_token_default_off'],
  ])('should warn when only %s is missing', (name, event) => {
    expect(events({ ...complete, [name]: '' })).toEqual([event]);
  });

  it('should never warn in development or test, where the defaults are intended', () => {
    expect(events({})).toEqual([]);
    expect(events({ NODE_ENV: 'test' })).toEqual([]);
  });

  it('should log the warnings once when the production server starts', async () => {
    const lines: Array<{ level: number; event?: string; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; event?: string; msg: string });
        done();
      },
    });
    // startTestApp sets WEB_ORIGINS and a localhost CHAT_HOST_URL: the local chat host, no SMTP and no imprint remain.
    const app = await startTestApp({ env: production, logger: pino({ level: 'warn' }, sink) });
    try {
      const warnings = lines.filter((line) => line.event?.startsWith('config.'));
      expect(warnings.map((line) => line.event)).toEqual(['config.smtp_off', 'config.chat_host_local', 'config.imprint_missing']);
      expect(warnings.every((line) => line.level === 40)).toBe(true);
      expect(warnings[0]?.msg).toMatch(/SMTP_URL ist nicht gesetzt.*outbox/);
    } finally {
      await app.stop();
    }
  });
});
