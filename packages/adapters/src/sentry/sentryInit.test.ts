// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Sentry from '@sentry/react';
import { initSentry, SENTRY_TUNNEL } from './sentryInit.js';

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const settings = {
  SentryDsn: 'https://public@sentry.example.invalid/7',
  SentryProject: 'web',
  VersionTag: '1.4.2',
  Environment: 'staging',
  FirmName: 'Rechtschat',
  ImprintUrl: null,
};

afterEach(async () => {
  await Sentry.getClient()?.close(0);
});

describe('initSentry', () => {
  it('should do nothing without a DSN', async () => {
    expect(await initSentry({ ...settings, SentryDsn: '' }, logger())).toBeNull();
    expect(Sentry.getClient()).toBeUndefined();
  });

  it('should configure tunnel, release, environment and on-error replay of at most 60 s', async () => {
    const sink = await initSentry(settings, logger());
    expect(sink).toBeTypeOf('function');
    const client = Sentry.getClient();
    const options = client?.getOptions();
    expect(options).toMatchObject({
      tunnel: SENTRY_TUNNEL,
      release: '1.4.2',
      environment: 'staging',
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 1,
    });
    const replay = client?.getIntegrationByName<ReturnType<typeof Sentry.replayIntegration>>('Replay');
    expect(replay).toBeDefined();
    // The SDK keeps the duration only in its internal options; it is fixed at 60 s.
    const internals = replay as unknown as { _initialOptions: { maxReplayDuration: number } };
    expect(internals._initialOptions.maxReplayDuration).toBe(60_000);
  });

  it('should use an absolute tunnel path, so reports from /chat/… do not resolve under /chat/', () => {
    expect(SENTRY_TUNNEL).toBe('/api/sentry-tunnel');
    expect(new URL(SENTRY_TUNNEL, 'http://localhost:8080/chat/abc').pathname).toBe('/api/sentry-tunnel');
  });
});
