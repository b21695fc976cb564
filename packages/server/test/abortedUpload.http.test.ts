// An upload the client aborts (the „Abbrechen“ of the chat and of the case file's documents, or a lost mobile line)
// leaves nothing behind: the file is held in memory until its last byte, so a body cut off halfway is refused (400,
// logged) and neither bytes under DATA_DIR nor a row nor a chat message are written. Over real HTTP: the request's
// headers and a part of its body go out, then the socket is destroyed, as a browser's abort does.
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { CreateCaseFileResult } from '@rechtschat/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp, uploadForm } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { waitForItem } from './support/waitForItem.js';

interface LogLine {
  readonly reqId?: string;
  readonly event?: string;
  readonly msg?: string;
  readonly req?: { readonly url?: string };
}

/** A PDF of some 60 KB (the test app's MAX_UPLOAD_BYTES is 64 KiB). */
const pdf = new Uint8Array(Buffer.concat([PDF_MINI, Buffer.alloc(60 * 1024, 0x20)]));

/** Every file below `dir`, recursively (none when it does not exist yet). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('an aborted upload', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let lawyerHttp: CookieClient;
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  /** Request ids already aborted: each aborted POST waits for its own request. */
  const seen = new Set<string>();
  const logged = (predicate: (line: LogLine) => boolean) => new Promise<LogLine>((resolve) => void waitForItem(logs, waiters, predicate, resolve));

  beforeAll(async () => {
    const sink = {
      write(line: string) {
        logs.push(JSON.parse(line) as LogLine);
        [...waiters].forEach((check) => check());
      },
    };
    app = await startTestApp({ logger: pino({ level: 'info' }, sink) });
    [participant, lawyer] = await Promise.all([connectParticipant(app), connectLawyer(app, 0)]);
    lawyerHttp = await loginLawyerHttp(app, 0);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  /**
   * Sends the headers of a multipart upload of `form` (its full Content-Length) and `sent` bytes of its body, waits
   * until the server has taken up the request (its log names `loggedPath`: a token in the path is redacted there), then
   * destroys the socket. Resolves with the request id the server gave it.
   */
  async function abortedPost(url: string, cookie: string, form: FormData, sent: number, loggedPath = new URL(url).pathname): Promise<string> {
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const pathname = loggedPath;
    const incoming = logged((line) => line.msg === 'incoming request' && line.req?.url === pathname && !seen.has(line.reqId ?? ''));
    const request = httpRequest(url, {
      method: 'POST',
      headers: { cookie, 'content-type': encoded.headers.get('content-type') ?? '', 'content-length': String(body.length) },
    });
    request.on('error', () => undefined);
    request.flushHeaders();
    if (sent > 0) await new Promise<void>((resolve) => request.write(body.subarray(0, sent), () => resolve()));
    const { reqId = '' } = await incoming;
    seen.add(reqId);
    request.destroy();
    return reqId;
  }
  /** The server's answer to the aborted request (no client hears it any more): the refusal it logged. */
  const refusal = (reqId: string) => logged((line) => line.reqId === reqId && line.msg === 'request refused');

  it('should store no file, no row and no message of a chat upload aborted halfway or right after its headers', async () => {
    const ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const url = `${app.chatUrl}/api/chat/file/${ids.ChatId}`;
    const cookie = participant.http.cookieHeader(url);
    const filesBefore = filesUnder(path.join(app.dataDir, 'uploads'));
    const rowsBefore = await app.ctx.db.selectFrom('files').select('id').execute();

    for (const sent of [30 * 1024, 0]) {
      const reqId = await abortedPost(url, cookie, uploadForm('Foto.pdf', pdf), sent);
      await refusal(reqId);
      expect(logs.some((line) => line.reqId === reqId && line.event === 'upload.unreadable')).toBe(true);
    }

    expect(filesUnder(path.join(app.dataDir, 'uploads'))).toEqual(filesBefore);
    expect(await app.ctx.db.selectFrom('files').select('id').execute()).toEqual(rowsBefore);
    const messages = await participant.http.get<{ Type: number }[]>(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`);
    expect(messages.body.filter((m) => m.Type === 4)).toEqual([]);
    // The chat takes the next file as before.
    const next = await participant.http.raw(url, { method: 'POST', body: uploadForm('Richtig.pdf', pdf) });
    expect(next.status).toBe(200);
    expect(filesUnder(path.join(app.dataDir, 'uploads'))).toHaveLength(filesBefore.length + 1);
  });

  it('should store no document and no bytes of a case-file upload aborted halfway or right after its headers', async () => {
    const created: CreateCaseFileResult = await createCaseFileAsLawyer(app, lawyerHttp);
    const { client, status } = await loginCaseFileClient(app, created);
    expect(status).toBe(204);
    const url = `${app.webUrl}/api/case-file/${created.Token}/documents`;
    const cookie = client.cookieHeader(url);
    const documents = () => app.ctx.db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', created.CaseId).execute();
    const filesBefore = filesUnder(path.join(app.dataDir, 'casefiles'));

    for (const sent of [30 * 1024, 0]) {
      const reqId = await abortedPost(url, cookie, uploadForm('Mietvertrag.pdf', pdf), sent, '/api/case-file/[redacted]/documents');
      await refusal(reqId);
      expect(logs.some((line) => line.reqId === reqId && line.event === 'casefile.upload.broken')).toBe(true);
    }

    expect(await documents()).toEqual([]);
    expect(filesUnder(path.join(app.dataDir, 'casefiles'))).toEqual(filesBefore);
    const next = await client.raw(url, { method: 'POST', body: uploadForm('Mietvertrag.pdf', pdf) });
    expect(next.status).toBe(201);
    expect(await documents()).toHaveLength(1);
  });
});
