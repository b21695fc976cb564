// Found from outside (2026-12-03, third pass): an upload above the size limit was refused only once the client had sent
// all of it. The multipart reader stopped keeping bytes at MAX_UPLOAD_BYTES but went on reading the rest of the part to
// its end: a signed-in client sent 500 MB into the case file's document upload, was answered only after the last byte,
// and a chunked body that never ends kept the request (and the server reading it) going for as long as the client liked.
// Now the answer 413 comes at the limit and the connection is closed, on each of the three upload paths.
import net from 'node:net';
import type { StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const MB = 1024 * 1024;

/**
 * Sends a multipart upload of up to `maxBytes` over a raw socket, 64 KiB at a time – a chunked body, or with
 * `declaredLength` one that declares that length (and never reaches it) – and reports the answer's status line, how
 * much had been sent when it came, and whether the server then closed the connection.
 */
function sendEndlessUpload(
  method: 'POST' | 'PUT',
  url: string,
  origin: string,
  cookie: string,
  maxBytes: number,
  contentType = 'multipart/form-data; boundary=grenze',
  declaredLength?: number,
  withFilePart = true,
): Promise<{ status: string; sentWhenAnswered: number; closed: boolean; sent: number }> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    let sent = 0;
    let status = '';
    let sentWhenAnswered = -1;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, sentWhenAnswered, closed, sent });
    };
    socket.on('error', () => undefined);
    socket.on('data', (data: Buffer) => {
      if (status !== '') return;
      status = data.toString('latin1').split('\r\n')[0] ?? '';
      sentWhenAnswered = sent;
      // The server has answered; the client goes on sending until the server closes the connection.
    });
    socket.on('close', () => finish(true));
    socket.write(
      `${method} ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: ${contentType}\r\n${declaredLength === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${declaredLength}`}\r\n\r\n`,
    );
    const asChunk = (bytes: Buffer) =>
      declaredLength === undefined ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
    const head = Buffer.from(
      '--grenze\r\nContent-Disposition: form-data; name="file"; filename="gross.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    // Without a file part the body is one endless preamble that never reaches a boundary.
    if (withFilePart) socket.write(asChunk(head));
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const frame = asChunk(chunk);
    const pump = () => {
      // After an early answer the client goes on sending, as a browser does with the rest of its upload.
      while (sent < maxBytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          return;
        }
      }
      // Everything sent but no answer (or no close) yet: the server waits for, or reads, the rest of a body that never ends.
      if (sent >= maxBytes) timer = setTimeout(() => finish(false), 3000);
    };
    pump();
  });
}

describe('uploads above the size limit', () => {
  let app: TestApp;
  let participant: Participant;
  let lawyer: Participant;
  let ids: StartJoinResult;

  beforeAll(async () => {
    // MAX_UPLOAD_BYTES is 64 KiB in the test app.
    app = await startTestApp();
    [participant, lawyer] = await Promise.all([connectParticipant(app), connectLawyer(app)]);
    ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await lawyer?.hub.stop();
    await app?.stop();
  });

  it('should answer a chat upload with 413 at the limit, not after the client sent everything, and close the connection', async () => {
    const outcome = await sendEndlessUpload(
      'POST',
      `${app.chatUrl}/api/chat/file/${ids.ChatId}`,
      app.webOrigin,
      participant.http.cookieHeader(app.chatUrl),
      40 * MB,
    );
    expect(outcome.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.sentWhenAnswered).toBeLessThan(8 * MB);
    expect(outcome.closed).toBe(true);
  });

  it("should answer the lawyer's photo upload with 413 at the limit and close the connection", async () => {
    const outcome = await sendEndlessUpload('PUT', `${app.chatUrl}/api/lawyer/me/photo`, app.webOrigin, lawyer.http.cookieHeader(app.chatUrl), 40 * MB);
    expect(outcome.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.sentWhenAnswered).toBeLessThan(8 * MB);
    expect(outcome.closed).toBe(true);
  });

  it('should answer a case-file document upload with 413 at the limit and close the connection', async () => {
    const created = await createCaseFileAsLawyer(app, await loginLawyerHttp(app));
    const { client } = await loginCaseFileClient(app, created);
    const outcome = await sendEndlessUpload(
      'POST',
      `${app.webUrl}/api/case-file/${created.Token}/documents`,
      app.webOrigin,
      client.cookieHeader(app.webUrl),
      40 * MB,
    );
    expect(outcome.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.sentWhenAnswered).toBeLessThan(8 * MB);
    expect(outcome.closed).toBe(true);
    // The client's next (normal) request still works: nothing of the refused upload was kept.
    expect((await client.get(`${app.webUrl}/api/case-file/${created.Token}/documents`)).body).toEqual([]);
  });

  it.each([
    ['an upload without a session (401)', 'chat', '/api/chat/file/unbekannt', 'multipart/form-data; boundary=grenze', 'HTTP/1.1 401 Unauthorized'],
    ['a body of a type no route reads (415)', 'web', '/api/authentication/logout', 'text/plain', 'HTTP/1.1 415 Unsupported Media Type'],
    ["a long poll's send to an unknown connection (404)", 'chat', '/signalr?id=unbekannt', 'text/plain', 'HTTP/1.1 404 Not Found'],
  ])('should stop reading %s once its answer is out, not read the rest of an endless body', async (_what, origin, path, contentType, status) => {
    const base = origin === 'chat' ? app.chatUrl : app.webUrl;
    const outcome = await sendEndlessUpload('POST', `${base}${path}`, app.webOrigin, '', 40 * MB, contentType);
    expect(outcome.status).toBe(status);
    expect(outcome.closed).toBe(true);
    // At most the largest upload and a little more is read after the answer (the socket buffers hold a few MB more).
    expect(outcome.sent).toBeLessThan(12 * MB);
  });

  it('should refuse an upload that declares a body far above the limit before reading it, and close the connection', async () => {
    const created = await createCaseFileAsLawyer(app, await loginLawyerHttp(app));
    const { client } = await loginCaseFileClient(app, created);
    const outcome = await sendEndlessUpload(
      'POST',
      `${app.webUrl}/api/case-file/${created.Token}/documents`,
      app.webOrigin,
      client.cookieHeader(app.webUrl),
      40 * MB,
      'multipart/form-data; boundary=grenze',
      100 * 1024 * MB,
    );
    expect(outcome.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(outcome.closed).toBe(true);
    expect(outcome.sent).toBeLessThan(12 * MB);
  });

  it('should cut off a chunked upload body that never reaches its file part', async () => {
    const created = await createCaseFileAsLawyer(app, await loginLawyerHttp(app));
    const { client } = await loginCaseFileClient(app, created);
    const outcome = await sendEndlessUpload(
      'POST',
      `${app.webUrl}/api/case-file/${created.Token}/documents`,
      app.webOrigin,
      client.cookieHeader(app.webUrl),
      40 * MB,
      'multipart/form-data; boundary=grenze',
      undefined,
      false,
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.sent).toBeLessThan(12 * MB);
    expect((await client.get(`${app.webUrl}/api/case-file/${created.Token}/documents`)).body).toEqual([]);
  });
});
