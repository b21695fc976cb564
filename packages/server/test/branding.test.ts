// The firm's name, imprint, phone and e-mail are runtime settings (FIRM_NAME, IMPRINT_URL, FIRM_PHONE, FIRM_EMAIL): the public settings carry them and every
// web page has them in its JSON island `branding`, so a restart with other values changes them without a rebuild.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { saveFirmDetails } from '../src/features/firmDetails/firmDetailsAdmin.js';
import { firmDetailsDepsOf } from '../src/features/firmDetails/firmDetailsDeps.js';
import { defaultDetails } from '../src/features/firmDetails/firmDetailsStore.js';
import { freePort, tempDir } from './support/testApp.js';

async function startWithWebBuild(dir: string, env: Record<string, string>): Promise<RunningApp> {
  const [port, chatPort] = [await freePort(), await freePort()];
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), CHAT_PORT: String(chatPort), DATA_DIR: path.join(dir, 'data'), ...env });
  return startApp({ config, logger: pino({ level: 'silent' }), staticDirs: { web: path.join(dir, 'web'), console: path.join(dir, 'console') } });
}

const island = (html: string) => JSON.parse(/<script type="application\/json" id="branding">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

describe('runtime branding', () => {
  const dir = tempDir();
  let app: RunningApp | undefined;
  const page = async (url: string) => (await fetch(`${app?.webUrl}${url}`, { headers: { accept: 'text/html' } })).text();

  beforeAll(() => {
    fs.mkdirSync(path.join(dir, 'web'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'web', 'index.html'),
      '<!doctype html><html><head><title>Rechtschat</title></head><body><div id="root"></div></body></html>',
    );
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should deliver FIRM_NAME and IMPRINT_URL in the public settings and in every web page, the root included', async () => {
    app = await startWithWebBuild(dir, {
      FIRM_NAME: 'Kanzlei Muster </script> & Partner',
      IMPRINT_URL: 'https://kanzlei-muster.example/impressum',
      FIRM_PHONE: '+49 30 1234567',
      FIRM_EMAIL: 'info@kanzlei-muster.example',
    });
    const expected = {
      FirmName: 'Kanzlei Muster </script> & Partner',
      ImprintUrl: 'https://kanzlei-muster.example/impressum',
      FirmPhone: '+49 30 1234567',
      FirmEmail: 'info@kanzlei-muster.example',
    };
    const settings = (await (await fetch(`${app.webUrl}/api/dl/public-settings`)).json()) as Record<string, unknown>;
    expect(settings).toMatchObject(expected);
    for (const url of ['/', '/chat/new', '/impressum', '/digitale-fallakte/abc']) {
      const html = await page(url);
      expect(island(html), url).toMatchObject({
        ...expected,
        FirmDetails: { Name: expected.FirmName, Phone: expected.FirmPhone, Email: expected.FirmEmail, Street: '' },
      });
      // The name cannot end the island early: as many closing tags as script elements.
      expect(html.match(/<\/script>/g)?.length, url).toBe(html.match(/<script /g)?.length);
      expect(html).not.toContain('Muster </script>');
    }
  });

  it('should answer the root with the web page for any client, as the file from disk was before', async () => {
    const response = await fetch(`${app?.webUrl}/`, { headers: { accept: '*/*' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(island(await response.text())).toMatchObject({ FirmName: 'Kanzlei Muster </script> & Partner' });
  });

  it('should change with a restart under other settings, the build untouched', async () => {
    await app?.close();
    app = await startWithWebBuild(dir, {});
    expect(island(await page('/chat/new'))).toMatchObject({ FirmName: 'Rechtschat', ImprintUrl: null, FirmPhone: null, FirmEmail: null });
    expect(await (await fetch(`${app.webUrl}/api/dl/public-settings`)).json()).toMatchObject({
      FirmName: 'Rechtschat',
      ImprintUrl: null,
      FirmPhone: null,
      FirmEmail: null,
    });
  });

  it('should write the firm details an administrator saved into the next page, without a restart', async () => {
    const running = app!;
    await page('/impressum'); // the page as it was, built and kept
    const details = {
      ...defaultDetails({ name: 'Rechtschat', phone: null, email: null }),
      Name: 'Berger & Partner',
      Street: 'Musterstraße 12',
      PostalCode: '10115',
      City: 'Berlin',
    };
    await saveFirmDetails(firmDetailsDepsOf(running.ctx), { id: null, name: 'Test' }, details);
    expect(island(await page('/impressum'))).toMatchObject({ FirmName: 'Berger & Partner', FirmDetails: details });
    expect(await (await fetch(`${running.webUrl}/api/dl/public-settings`)).json()).toMatchObject({ FirmName: 'Berger & Partner', FirmDetails: details });
  });
});
