// The participant's side of the chat screen, addressed by role and German label as a user perceives it.
import { expect, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { SeedData } from './server.js';

/** German texts the journeys look for (packages/web/src/i18n/de-DE/bot.ts, chat/screen/i18n.de.ts). */
export const Texts = {
  welcome: 'herzlich willkommen bei der Rechtsberatung im Chat',
  problemNotice: 'Bitte beschreiben Sie Ihr Anliegen',
  emailRequest: 'Unter welcher E-Mail-Adresse möchten Sie es erhalten?',
  invalidEmail: /Bitte geben Sie eine gültige E-Mail-Adresse ein/,
  emailRetype: 'Bitte geben Sie Ihre E-Mail-Adresse noch einmal ein.',
  chatConsultation: 'Ihr Anliegen betrifft voraussichtlich das Rechtsgebiet',
  forward: 'Ich leite Ihr Anliegen jetzt weiter.',
  queueTitle: 'Warten auf eine Anwältin oder einen Anwalt',
  callbackOffer: 'Sie möchten nicht länger warten? Wir rufen Sie gerne zurück.',
  callbackRequested: 'Ihr Rückrufwunsch wurde übermittelt',
  // The lawyer's name once known („Dr. Anna Berger schreibt …“), else „Ihre Anwältin oder Ihr Anwalt schreibt …“ – never the bot's line.
  lawyerTyping: /^(?!Der Chatbot ).+ schreibt …$/,
  reconnecting: 'Die Verbindung wird wiederhergestellt …',
  // Once a lawyer took the chat the closing words name them ("Die Beratung mit Dr. Anna Berger ist beendet."), else neutral.
  offboardingWelcomeBack: /Die Beratung (mit .+ )?ist beendet\. Vielen Dank für Ihr Vertrauen\./,
  phoneRequested: /möchte Ihr Anliegen gern telefonisch mit Ihnen weiter besprechen\./,
  ratingLegend: 'Wie zufrieden waren Sie mit der Beratung?',
  chatDone: 'Der Chat ist beendet. Vielen Dank, dass Sie unsere Rechtsberatung genutzt haben.',
  inactivityTitle: 'Sind Sie noch da?',
  closedByTimeout: 'Der Chat wurde automatisch beendet, weil längere Zeit keine Antwort kam.',
  usageDownload: 'Nutzungsbestätigung herunterladen',
} as const;

/** Entry link as the insurer sends it: `InsuranceNumber` is already base64 in the seed. */
export function newChatPath(seed: Pick<SeedData, 'insuranceNumber'>): string {
  return `/chat/new?InsuranceNumber=${encodeURIComponent(seed.insuranceNumber)}`;
}

export class ChatPage {
  constructor(readonly page: Page) {}

  get log(): Locator {
    return this.page.getByRole('log', { name: 'Chatverlauf' });
  }

  /** The one message bubble (list item) whose text contains `text`. */
  messages(text: string): Locator {
    return this.log.getByRole('listitem').filter({ hasText: text });
  }

  get messageInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Ihre Nachricht' });
  }

  get emailInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Ihre E-Mail-Adresse' });
  }

  get phoneInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Ihre Telefonnummer' });
  }

  get queue(): Locator {
    return this.page.getByRole('region', { name: Texts.queueTitle });
  }

  get inactivityDialog(): Locator {
    return this.page.getByRole('dialog', { name: Texts.inactivityTitle });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /**
   * Opens the insurer's entry link and waits for the bot's welcome. By default each journey is a
   * new insured person (demo mode accepts any bare number): the seed's person keeps the cases of
   * earlier journeys, and a closed one would rightly greet them with the usage-confirmation dialog.
   * Returns the link, to open it again as the insurer's e-mail would.
   */
  async open(seed: SeedData, person: 'new insured person' | 'seed insured person' = 'new insured person'): Promise<string> {
    const insuranceNumber = person === 'seed insured person' ? seed.insuranceNumber : Buffer.from(`E2E-${randomUUID().slice(0, 18)}`).toString('base64');
    const link = newChatPath({ insuranceNumber });
    await this.page.goto(link);
    await expect(this.log).toContainText(Texts.welcome);
    return link;
  }

  async expectBotSays(text: string | RegExp): Promise<void> {
    await expect(this.log).toContainText(text);
  }

  async sendMessage(text: string): Promise<void> {
    await this.messageInput.fill(text);
    await this.button('Senden').click();
  }

  async sendEmail(address: string): Promise<void> {
    await this.emailInput.fill(address);
    await this.button('Senden').click();
  }

  async sendPhone(phone: string): Promise<void> {
    await this.phoneInput.fill(phone);
    await this.button('Senden').click();
  }

  async answer(choice: 'Ja' | 'Nein'): Promise<void> {
    await this.button(choice).click();
  }

  /** Problem text, e-mail skipped: the shortest way to the lawyer queue. */
  async onboardWithoutEmail(problem: string): Promise<void> {
    await this.messageInput.fill(problem);
    await this.button('Senden').click();
    await expect(this.emailInput).toBeVisible();
    await this.button('Überspringen').click();
    await this.expectWaitingForLawyer();
  }

  async expectWaitingForLawyer(): Promise<void> {
    await this.expectBotSays(Texts.forward);
    await expect(this.queue).toBeVisible();
  }

  /** How often `text` appears as a message in the log (each must be shown exactly once). */
  async countMessages(text: string): Promise<number> {
    return this.log.getByRole('listitem').filter({ hasText: text }).count();
  }
}

/** A description unique to one journey, so the lawyer picks exactly this chat from the shared queue. */
export function uniqueProblem(topic: string): string {
  return `${topic} – Fall ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Longest clock step: below SignalR's 30 s server timeout, so the page's hub connection stays up. */
const CLOCK_STEP_MS = 20_000;

/**
 * Runs the page's fake clock forward while the lawyer is present but silent (only typing).
 * The browser's SignalR client drops a connection that hears nothing for 30 s of its (fake) time;
 * a typing notification before each step is real traffic that keeps it up, and waiting until the
 * indicator shows proves it arrived. Typing is no answer, so it does not reset the participant's silence.
 */
export async function runClockWithLawyerPresent(chat: ChatPage, lawyerTyping: () => Promise<unknown>, totalMs: number): Promise<void> {
  // By text, not role: an open modal dialog hides the rest of the page from the accessibility tree.
  const indicator = chat.page.getByText(Texts.lawyerTyping);
  for (let left = totalMs; left > 0; left -= CLOCK_STEP_MS) {
    await lawyerTyping();
    await expect(indicator).toBeVisible();
    await chat.page.clock.runFor(Math.min(CLOCK_STEP_MS, left));
  }
}

/** Stops the page's naturally flowing fake time (a moment ahead, as time flows while we ask). */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}
