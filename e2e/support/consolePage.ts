// The lawyer console (/konsole/) as a lawyer perceives it: by role and German label.
import { expect, type Locator, type Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The accessible name of a chat tab that still runs: none of an ended tab's endings („, beendet“, „, weitergeleitet …“). */
const RUNNING_CHAT_TAB = /^(?!.*, (beendet|weitergeleitet( an .+)?)$)/;

export class ConsolePage {
  constructor(readonly page: Page) {}

  get log(): Locator {
    return this.page.getByRole('log', { name: 'Chatverlauf' });
  }

  /** The answer field of the chat shown; its label names the case it writes to ("Ihre Nachricht an Fall RC-…"). */
  get messageInput(): Locator {
    return this.page.getByRole('textbox', { name: /^Ihre Nachricht an Fall RC-/ });
  }

  get queue(): Locator {
    return this.page.getByRole('region', { name: 'Warteschlange' });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The queue entry whose description contains `text`. */
  queueEntry(text: string): Locator {
    return this.queue.getByRole('listitem').filter({ hasText: text });
  }

  async open(webUrl: string): Promise<void> {
    await this.page.goto(`${webUrl}/konsole/`);
    await expect(this.page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
  }

  /**
   * „Abmelden“ until the login shows. Other journeys on the same server may have left this lawyer a running chat (the
   * demo lawyers are shared): then the console asks first, and the lawyer signs out anyway.
   */
  async signOut(): Promise<void> {
    const login = this.page.getByRole('heading', { name: 'Anmeldung' });
    const question = this.page.getByRole('dialog', { name: 'Abmelden, obwohl Chats laufen?' });
    await this.button('Abmelden').click();
    await expect(login.or(question)).toBeVisible();
    if (await question.isVisible()) await question.getByRole('button', { name: 'Trotzdem abmelden' }).click();
    await expect(login).toBeVisible();
  }

  async login(email: string, password: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await this.page.getByLabel('Passwort', { exact: false }).fill(password);
    await this.button('Anmelden').click();
  }
}

/** The signed-in workspace's navigation and chat tabs (additions for the working-day journeys). */
export class ConsoleWorkspace extends ConsolePage {
  tab(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }

  /**
   * Shows the Fallakten tab and waits for this file's button. A click once had to be retried: a held chat restored after
   * the login opened in front while the tab was pressed, took the focus and scrolled the page under the pointer. A
   * pressed tab now holds the view (workspace.holdView), and a chat that opens by itself leaves the focus alone.
   */
  async showCaseFiles(file: Locator): Promise<void> {
    await this.tab(/Fallakten/).click();
    await expect(file).toBeVisible();
  }

  /** Shows the queue (held chats restored after a login may have opened in front of it). */
  async showQueue(): Promise<void> {
    await this.tab(/Warteschlange/).click();
    await expect(this.queue).toBeVisible();
  }

  /**
   * The open chat tab whose label names the client's description. Chats the lawyer ended in the last hours come back
   * as ended tabs after a login or reload – closed („…, beendet“) or forwarded („…, weitergeleitet an …“) – and an
   * earlier journey's chat may start alike: not those.
   */
  chatTab(description: string): Locator {
    return this.page
      .getByRole('tab')
      .filter({ hasText: description.slice(0, 20) })
      .and(this.page.getByRole('tab', { name: RUNNING_CHAT_TAB }));
  }

  /** The closed chat tab (also shown again after a reload) whose accessible name is `name` plus „, beendet“. */
  endedChatTab(name: string): Locator {
    return this.page.getByRole('tab', { name: sameChatTab(name, ', beendet') });
  }

  /**
   * The tab of the chat with this description that the lawyer forwarded to `colleague`: its name ends in
   * „, weitergeleitet an {colleague}“ (not „, beendet“ like a closed one), and it shows „weitergeleitet an …“ too.
   */
  forwardedChatTab(description: string, colleague: string): Locator {
    return this.page
      .getByRole('tab')
      .filter({ hasText: description.slice(0, 20) })
      .filter({ hasText: `weitergeleitet an ${colleague}` })
      .and(this.page.getByRole('tab', { name: new RegExp(`, weitergeleitet an ${escapeRegExp(colleague)}$`) }));
  }

  get fileInput(): Locator {
    return this.page.locator('input[type="file"]');
  }

  statusText(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}

/**
 * The accessible name of a chat tab as a pattern that ignores its number: „Chat 4, Fall RC-…, angenommen um …: …“ is
 * the tab's place in the row, which a reload may change (active chats first, then the ones that ended earlier in the
 * day); the case, the time and the problem name the chat. `suffix`: e.g. „, beendet“.
 */
export function sameChatTab(name: string, suffix = ''): RegExp {
  return new RegExp(`^Chat \\d+, ${escapeRegExp(name.replace(/^Chat \d+, /, ''))}${escapeRegExp(suffix)}$`);
}
