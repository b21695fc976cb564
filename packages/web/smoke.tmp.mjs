import { chromium } from 'playwright-core';
import { preview } from 'vite';
const server = await preview({ root: '/work/main/packages/web', configFile: '/work/main/packages/web/vite.config.ts', preview: { port: 0, host: '127.0.0.1' } });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
for (const path of ['chat/new', 'digitale-fallakte', 'agb', 'nix']) {
  await page.goto(url + path);
  await page.waitForSelector('h1', { timeout: 10000 }).catch(() => null);
  console.log(path, '→', new URL(page.url()).pathname, '|', await page.locator('h1').first().textContent().catch(() => '(kein h1)'), '|', await page.locator('[role=alert]').first().textContent().catch(() => ''));
  await page.screenshot({ path: `/tmp/smoke-${path.replace('/', '_')}.png` });
}
console.log(logs.join('\n'));
await browser.close();
await server.close();
