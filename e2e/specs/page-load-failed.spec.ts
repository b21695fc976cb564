// A phone that loses the network while the page's JavaScript arrives, or a page of an older release whose chunks are
// gone: the app's start chunk cannot load. The page must not show its loading indicator for ever; it says what
// happened and offers the reload, which brings the page once the chunks load again.
import { expect, expectAccessible, test } from '../support/fixtures.js';

test('a start chunk that cannot load shows the notice with „Seite neu laden“ instead of loading for ever, and the reload brings the page', async ({ page }) => {
  let failing = true;
  // The start chunk (src/app/start.ts) is fetched by the tiny entry after the first paint.
  await page.route(/\/assets\/start-[\w-]+\.js$/, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/chat/nutzungsbedingungen');
  const notice = page.getByRole('alert').filter({ hasText: 'Die Seite konnte nicht vollständig geladen werden.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page, 'the notice for a start that could not load');

  failing = false;
  await notice.getByRole('button', { name: 'Seite neu laden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
