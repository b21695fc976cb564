// The web origin serves the built apps with an SPA fallback; API paths stay JSON.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { freePort, tempDir } from './helpers/testApp.js';

describe('static web app and console', () => {
  const dir = tempDir();
  let app: RunningApp;
  const html = (url: string) => fetch(`${app.webUrl}${url}`, { headers: { accept: 'text/html' } });

  beforeAll(async () => {
    for (const [name, title] of [['web', 'Rechtschat'], ['console', 'Konsole']] as const) {
      fs.mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dir, name, 'index.html'), `<!doctype html><title>${title}</title>`);
      fs.writeFileSync(path.join(dir, name, 'assets', 'app-1234.js'), 'console.log(1)');
    }
    const [port, chatPort] = [await freePort(), await freePort()];
    const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), CHAT_PORT: String(chatPort), DATA_DIR: path.join(dir, 'data') });
    app = await startApp({ config, logger: pino({ level: 'silent' }), staticDirs: { web: path.join(dir, 'web'), console: path.join(dir, 'console') } });
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should answer client routes with the web index.html and its CSP', async () => {
    for (const route of ['/chat/new?InsuranceNumber=abc', '/digitale-fallakte/token/uebersicht', '/']) {
      const response = await html(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Rechtschat</title>');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('should serve the console under /konsole/ with its own fallback', async () => {
    expect(await (await html('/konsole/warteschlange')).text()).toContain('<title>Konsole</title>');
    expect(await (await html('/konsole/')).text()).toContain('<title>Konsole</title>');
  });

  it('should serve hashed assets as immutable and keep unknown API paths JSON', async () => {
    const asset = await fetch(`${app.webUrl}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await html('/api/unbekannt');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ Error: 'NotFound' });
  });
});
