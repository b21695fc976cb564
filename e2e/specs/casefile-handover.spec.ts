// „Fallakte übergeben“: Dr. Anna Berger opens a case file in the console and hands it over to her colleague Markus
// Hoffmann with a note; the dialog is checked with axe, and back in her list a status says „Fallakte … an … übergeben.“
// while the file is gone from it. Her second tab, which has the same file open, closes it at the hub's CaseFileChanged
// and says why (focused, checked with axe). Markus signs in, finds the file in his list, opens it and reads who handed
// it over and the note.
import { createCaseFile } from '../support/caseFile.js';
import { uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { focusedIn } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** The second demo lawyer (packages/server/src/seed.ts); same demo password as the first. */
const COLLEAGUE_EMAIL = 'markus.hoffmann@demo.rechtschat.de';
const COLLEAGUE_NAME = 'Markus Hoffmann';

test('lawyer A hands a case file over to lawyer B, who finds it in the list and opens it', async ({ page, browser, server }) => {
  const access = await createCaseFile(server, uniqueProblem('Übergabe Mietkaution'));
  const fileName = `Fallakte öffnen: ${access.title} – Erika Musterfrau`;
  const anna = new ConsoleWorkspace(page);
  await anna.open(server.webUrl);
  await anna.login(server.seed.lawyer.email, server.seed.lawyer.password);
  const fileButton = page.getByRole('button', { name: fileName });
  await anna.showCaseFiles(fileButton);
  let caseNumber = '';
  // Anna's second tab of the same browser (the session is a cookie), reading the same file.
  const otherTab = await page.context().newPage();
  const otherDetail = otherTab.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
  await test.step('Anna opens the same file in a second tab', async () => {
    await otherTab.goto(`${server.webUrl}/konsole/`);
    const otherButton = otherTab.getByRole('button', { name: fileName });
    await new ConsoleWorkspace(otherTab).showCaseFiles(otherButton);
    await otherButton.click();
    await expect(otherDetail.getByRole('button', { name: 'Fallakte übergeben' })).toBeVisible();
  });

  await test.step('Anna hands the file over to Markus with a note', async () => {
    await fileButton.click();
    const detail = page.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
    caseNumber = /FA-[\w-]+/.exec((await detail.getByRole('heading').first().textContent()) ?? '')?.[0] ?? '';
    await detail.getByRole('button', { name: 'Fallakte übergeben' }).click();
    const dialog = page.getByRole('dialog', { name: /^Fallakte FA-.* übergeben$/ });
    const colleague = dialog.getByRole('combobox', { name: /Kollegin oder Kollege/ });
    await expect(colleague).toBeFocused();
    await expect(colleague.getByRole('option', { name: COLLEAGUE_NAME })).toBeAttached();
    await colleague.selectOption({ label: COLLEAGUE_NAME });
    await dialog.getByRole('textbox', { name: /Notiz/ }).fill('Die Frist läuft am Freitag ab.');
    await expectAccessible(page, 'console hand-over dialog');
    await dialog.getByRole('button', { name: 'Übergeben' }).click();
    await expect(dialog).toBeHidden();
    await expect(anna.statusText(`an ${COLLEAGUE_NAME} übergeben.`)).toBeVisible();
    await expect(fileButton).toHaveCount(0);
    await expectAccessible(page, 'console case-file list after a hand-over');
  });

  await test.step('Anna’s second tab closes the file, drops it from the list and says why', async () => {
    const notice = new ConsoleWorkspace(otherTab).statusText(`Die Fallakte ${caseNumber} ist Ihnen nicht mehr zugeordnet`);
    await expect(notice).toBeVisible();
    await expect(focusedIn(notice)).toHaveCount(1);
    await expect(otherDetail).toHaveCount(0);
    await expect(otherTab.getByRole('button', { name: fileName })).toHaveCount(0);
    await expectAccessible(otherTab, 'console case-file list after a hand-over in another tab');
    await otherTab.close();
  });

  const colleagueContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT, baseURL: server.webUrl });
  try {
    const markusPage = await colleagueContext.newPage();
    const markus = new ConsoleWorkspace(markusPage);
    await test.step('Markus finds the file in his list, opens it and reads who handed it over and the note', async () => {
      await markus.open(server.webUrl);
      await markus.login(COLLEAGUE_EMAIL, server.seed.lawyer.password);
      const received = markusPage.getByRole('button', { name: fileName });
      await markus.showCaseFiles(received);
      await received.click();
      const detail = markusPage.getByRole('region', { name: `Fallakte ${access.title}`, exact: false });
      await expect(detail.getByRole('heading').first()).toContainText(caseNumber);
      await expect(detail).toContainText('Übergeben von Dr. Anna Berger am ');
      await expect(detail).toContainText('Notiz: Die Frist läuft am Freitag ab.');
      await expectAccessible(markusPage, 'console case file received by hand-over');
    });
  } finally {
    await colleagueContext.close();
  }
});
