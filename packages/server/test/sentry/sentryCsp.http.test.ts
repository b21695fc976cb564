// Found from outside (2026-12-04): with SENTRY_DSN set, every page logged „Creating a worker from 'blob:…' violates
// the following Content Security Policy directive: "script-src 'self'"“ – Sentry's session replay compresses in a
// worker made from a blob: URL, and the policy had no worker-src, so script-src applied.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testApp.js';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('CSP worker-src and Sentry', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it("should allow blob: workers only when Sentry is configured, scripts staying 'self'", async () => {
    app = await startTestApp({ env: { SENTRY_DSN: 'http://publickey@127.0.0.1:9/42' } });
    for (const url of [`${app.webUrl}/api/service-hours`, `${app.webUrl}/digitale-fallakte/x`, `${app.chatUrl}/api/lawyer/me`]) {
      const csp = (await fetch(url)).headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'worker-src'), url).toBe("worker-src 'self' blob:");
      expect(directive(csp, 'script-src'), url).toBe("script-src 'self'");
    }
    await app.stop();
    app = await startTestApp();
    const csp = (await fetch(`${app.webUrl}/api/service-hours`)).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'worker-src')).toBe("worker-src 'self'");
  });
});
