// /healthz and /metrics tell an operator when the Redis backplane between the instances is down: the chat of a client
// on one instance and a lawyer on another stops then, while each instance still serves its own clients – so the
// answer stays 200 („degraded“), and monitoring alerts on the body or the gauge (docs/operations.md).
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/testApp.js';

const prefix = () => `health-${crypto.randomBytes(4).toString('hex')}:`;

async function health(origin: string): Promise<unknown> {
  const answer = await fetch(`${origin}/healthz`);
  expect(answer.status).toBe(200);
  return answer.json();
}

async function backplaneGauge(app: TestApp): Promise<string | undefined> {
  const text = await (await fetch(`${app.webUrl}/metrics`)).text();
  return text.split('\n').find((line) => line.startsWith('rechtschat_backplane_up '));
}

describe('health with a Redis backplane', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  it('should say ok and up on both origins while the backplane is live', async () => {
    const app = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix() } });
    apps.push(app);
    expect(await health(app.webUrl)).toEqual({ Status: 'ok', Backplane: 'up', Disk: 'ok' });
    expect(await health(app.chatUrl.replace(/\/$/, ''))).toEqual({ Status: 'ok', Backplane: 'up', Disk: 'ok' });
    expect(await backplaneGauge(app)).toBe('rechtschat_backplane_up 1');
  });

  it('should say degraded and down, still with 200, while Redis cannot be reached', async () => {
    // Port 1 answers nothing: the backplane never comes up (the server starts anyway after its wait).
    const app = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix() } });
    apps.push(app);
    expect(await health(app.webUrl)).toEqual({ Status: 'degraded', Backplane: 'down', Disk: 'ok' });
    expect(await health(app.chatUrl.replace(/\/$/, ''))).toEqual({ Status: 'degraded', Backplane: 'down', Disk: 'ok' });
    expect(await backplaneGauge(app)).toBe('rechtschat_backplane_up 0');
  }, 30_000);

  it('should name no backplane for a single instance', async () => {
    const app = await startTestApp();
    apps.push(app);
    expect(await health(app.webUrl)).toEqual({ Status: 'ok', Disk: 'ok' });
    expect(await backplaneGauge(app)).toBeUndefined();
  });

  it('should give the free bytes of DATA_DIR as a gauge', async () => {
    const app = await startTestApp();
    apps.push(app);
    const text = await (await fetch(`${app.webUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('rechtschat_data_dir_free_bytes '));
    expect(Number(line?.split(' ')[1])).toBeGreaterThan(0);
  });
});
