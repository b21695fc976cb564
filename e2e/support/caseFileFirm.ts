// What the firm adds to a client's Fallakte, done over the lawyer API (as the console does) while the client's page
// stays open: share a document, answer a message, end the mandate. And the page events the Fallakte's live refresh
// listens to.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import type { ServerHandle } from './server.js';

/** „Dokument bereitstellen“ (`POST api/lawyer/case-files/{id}/documents`) as the lawyer whose `cookie` it is. */
export async function shareDocument(server: ServerHandle, cookie: string, caseId: string, file: { name: string; bytes: Buffer; note?: string }): Promise<void> {
  const form = new FormData();
  if (file.note) form.append('note', file.note);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  const res = await fetch(`${server.chatUrl}api/lawyer/case-files/${caseId}/documents`, { method: 'POST', headers: { Cookie: cookie }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Answers the client's message with `subject` (`POST api/lawyer/case-files/{id}/contacts/{contactId}/reply`). */
export async function answerMessage(server: ServerHandle, cookie: string, caseId: string, subject: string, text: string): Promise<void> {
  const detail = await fetch(`${server.chatUrl}api/lawyer/case-files/${caseId}`, { headers: { Cookie: cookie } });
  expect(detail.status).toBe(200);
  const contact = ((await detail.json()) as { Contacts: { Id: string; Subject: string }[] }).Contacts.find((c) => c.Subject === subject);
  expect(contact, `message „${subject}“`).toBeDefined();
  const res = await fetch(`${server.chatUrl}api/lawyer/case-files/${caseId}/contacts/${contact?.Id}/reply`, {
    method: 'POST',
    headers: { Cookie: cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ Text: text }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** „Mandat beenden“ (`POST api/lawyer/case-files/{id}/close`) as the lawyer whose `cookie` it is. */
export async function endMandate(server: ServerHandle, cookie: string, caseId: string): Promise<void> {
  const res = await fetch(`${server.chatUrl}api/lawyer/case-files/${caseId}/close`, { method: 'POST', headers: { Cookie: cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The phone puts the tab in the background and brings it back (visibilitychange to hidden, then to visible). */
export async function hideAndShowAgain(page: Page): Promise<void> {
  await page.evaluate(() => {
    const become = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    become('hidden');
    become('visible');
  });
}

/** Another window was in front, and this one gets the focus back (blur, then focus). */
export async function focusAgain(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
  });
}
