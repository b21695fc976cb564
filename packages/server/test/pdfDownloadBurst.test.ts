// A burst of downloads of one case's PDF costs one drawing: the PDF worker draws one document at a time, so thirty
// drawings of one client's long protocol would queue every other client's documents behind them.
import { randomBytes } from 'node:crypto';
import type { CreateCaseFileResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { useAcceptedChat } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** How many PDFs of `document` the app has drawn for downloads (rechtschat_pdf_downloads_drawn_total). */
async function drawn(app: Pick<TestApp, 'ctx'>, document: 'protocol' | 'usage-confirmation' | 'power-of-attorney'): Promise<number> {
  const metric = await app.ctx.metrics.pdfDownloadsDrawn.get();
  return metric.values.find((v) => v.labels.document === document)?.value ?? 0;
}

/** A fresh test app per describe block (its limits count per app) with one case file whose client is signed in. */
function useSignedInCaseFileClient(): { app: TestApp; client: CookieClient; created: CreateCaseFileResult } {
  const signedIn = {} as { app: TestApp; client: CookieClient; created: CreateCaseFileResult };
  beforeAll(async () => {
    signedIn.app = await startTestApp();
    signedIn.created = await createCaseFileAsLawyer(signedIn.app, await loginLawyerHttp(signedIn.app, 0));
    const login = await loginCaseFileClient(signedIn.app, signedIn.created);
    expect(login.status).toBe(204);
    signedIn.client = login.client;
  });
  afterAll(async () => {
    await signedIn.app?.stop();
  });
  return signedIn;
}

describe('PDF downloads in a burst', () => {
  const chat = useAcceptedChat();
  let reference: string;

  beforeAll(async () => {
    for (let i = 0; i < 8; i++)
      await chat.lawyer.hub.connection.invoke('SendMessage', chat.ids.ChatId, `Antwort Nummer ${i} zu Ihrer Kündigung.`, `burst-message-${i}`);
    reference = `RC-${chat.ids.CaseId.slice(0, 8).toUpperCase()}`;
  });

  const downloadProtocol = async () => {
    const response = await chat.participant.http.raw(`${chat.app.webUrl}/api/chat/protocol/by-reference/${reference}`);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  // Downloads that arrive while the first drawing runs share it. How many arrive in time depends on the machine (the
  // full suite runs beside this test), so a few drawings may happen; without sharing there would be one per download.
  let first: Buffer;

  it('should draw a protocol once for downloads that arrive while it is being drawn, and answer each with it', async () => {
    const before = await drawn(chat.app, 'protocol');
    const answers = await Promise.all(Array.from({ length: 12 }, downloadProtocol));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.every((a) => a.bytes.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    expect((await drawn(chat.app, 'protocol')) - before).toBeLessThanOrEqual(3);
    first = answers[0]!.bytes;
  });

  it('should draw the protocol anew for a download after the drawing ended, so later messages are in it', async () => {
    const before = await drawn(chat.app, 'protocol');
    await chat.lawyer.hub.connection.invoke('SendMessage', chat.ids.ChatId, 'Noch ein Hinweis nach dem ersten Protokoll.', 'burst-message-late');
    const later = await downloadProtocol();
    expect(later.status).toBe(200);
    expect((await drawn(chat.app, 'protocol')) - before).toBe(1);
    expect(later.bytes.length).toBeGreaterThan(first.length);
  });

  it('should draw a usage confirmation once for a burst, and refuse more than thirty a minute from one address in German', async () => {
    const before = await drawn(chat.app, 'usage-confirmation');
    const answers = await Promise.all(
      Array.from({ length: 34 }, () => chat.participant.http.post(`${chat.app.webUrl}/api/chat/usage-confirmation`, { CaseId: chat.ids.CaseId })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body).toMatchObject({ Error: 'TooManyRequests', Message: expect.stringMatching(/^Zu viele Anfragen/) });
    expect((await drawn(chat.app, 'usage-confirmation')) - before).toBeLessThanOrEqual(10);
  });
});

// The unsigned Vollmacht of the digitale Fallakte goes through the same worker: an outside tester's script with 300
// requests at once held another client's protocol for 17 s (2026-12-05).
describe('Vollmacht downloads in a burst', () => {
  const signedIn = useSignedInCaseFileClient();
  const download = async () => {
    const response = await signedIn.client.raw(`${signedIn.app.webUrl}/api/case-file/${signedIn.created.Token}/power-of-attorney`);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('should draw the unsigned Vollmacht once for requests that arrive while it is being drawn, and refuse more than thirty a minute for one case file', async () => {
    const before = await drawn(signedIn.app, 'power-of-attorney');
    const answers = await Promise.all(Array.from({ length: 34 }, download));
    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(30);
    expect(served.every((a) => a.bytes.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect((await drawn(signedIn.app, 'power-of-attorney')) - before).toBeLessThanOrEqual(10);
    // Another client's case file from the same address (an office, a carrier's NAT) is not held up by it.
    const other = await createCaseFileAsLawyer(signedIn.app, await loginLawyerHttp(signedIn.app, 0));
    const otherLogin = await loginCaseFileClient(signedIn.app, other);
    const response = await otherLogin.client.raw(`${signedIn.app.webUrl}/api/case-file/${other.Token}/power-of-attorney`);
    expect(response.status).toBe(200);
  });
});

// Found from outside (2026-12-07, second pass): the Vollmacht's per-link limit was the route's own rate limit, keyed by
// the link in the path. It replaced the platform's 600 a minute per address for this route – every made-up link had 30
// a minute of its own – and it counted before the session was checked, so whoever held a client's link without the PIN
// used up the client's Vollmacht downloads.
describe("Vollmacht requests without the link's session", () => {
  const signedIn = useSignedInCaseFileClient();

  it("should not count requests without the session against the client's thirty a minute", async () => {
    const strangers = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${signedIn.app.webUrl}/api/case-file/${signedIn.created.Token}/power-of-attorney`).then((r) => r.status)),
    );
    expect(strangers).toEqual(Array(40).fill(401));
    const own = await signedIn.client.raw(`${signedIn.app.webUrl}/api/case-file/${signedIn.created.Token}/power-of-attorney`);
    expect(own.status).toBe(200);
  });

  it("should count requests under made-up links against the platform's 600 a minute per address", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 7; round++) {
      const made = Array.from({ length: 100 }, () => `${signedIn.app.webUrl}/api/case-file/${randomBytes(32).toString('base64url')}/power-of-attorney`);
      statuses.push(...(await Promise.all(made.map((url) => fetch(url).then((r) => r.status)))));
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });
});
