// Openings several chat journeys share: a consultation a lawyer has taken, and the chat link opened again in a tab.
import { expect, type Page } from '@playwright/test';
import type { QueueEntry } from '@rechtschat/core';
import { ChatPage } from './chatPage.js';
import type { LawyerDriver } from './lawyer.js';
import type { SeedData } from './server.js';

/**
 * The client opens the insurer's chat link, answers the bot without an e-mail address and waits; the lawyer takes the
 * chat and the client sees him join. Answers the link (to open it again) and the queue entry (its chat and case ids).
 */
export async function openAcceptedChat(chat: ChatPage, lawyer: LawyerDriver, seed: SeedData, problem: string): Promise<{ link: string; queued: QueueEntry }> {
  const link = await chat.open(seed);
  await chat.onboardWithoutEmail(problem);
  const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
  await lawyer.accept(queued.ChatId);
  await expect(chat.log.getByRole('listitem').filter({ hasText: /ist dem Chat beigetreten\.$/ })).toHaveCount(1);
  return { link, queued };
}

/** The link opened again in a new tab of the same browser (shared cookies, a tab of its own). */
export async function openLinkInNewTab(page: Page, link: string): Promise<ChatPage> {
  const tab = await page.context().newPage();
  await tab.goto(link);
  return new ChatPage(tab);
}
