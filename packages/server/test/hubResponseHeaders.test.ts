// The hub's HTTP answers (negotiate, long polling, Server-Sent Events, errors) are written outside Fastify and
// carried none of the platform's security headers (found from outside 2026-12-03); each now says `nosniff`, so no
// browser reads a poll's chat text or an error body as another type.
import { describe, expect, it } from 'vitest';
import { useAppWithParticipant } from './support/flows.js';

describe('security headers of the hub over HTTP', () => {
  const running = useAppWithParticipant();

  it('should send nosniff on negotiate, a long poll, a send, the preflight and every refusal', async () => {
    const negotiated = await running.participant.http.raw(`${running.app.chatUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(negotiated.status).toBe(200);
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const poll = `${running.app.chatUrl}/signalr?id=${encodeURIComponent(connectionToken)}`;
    // Long polling as the official client does it: the first poll opens the connection, then the handshake is sent
    // and the next poll carries the hub's answer.
    const opened = await running.participant.http.raw(poll);
    const sent = await running.participant.http.raw(poll, { method: 'POST', body: '{"protocol":"json","version":1}\u001e' });
    expect(sent.status).toBe(200);
    const polled = await running.participant.http.raw(poll);
    expect(polled.status).toBe(200);
    expect(polled.headers.get('content-type')).toBe('application/octet-stream');
    const answers = [
      negotiated,
      opened,
      sent,
      polled,
      await running.participant.http.raw(`${running.app.chatUrl}/signalr/negotiate`),
      await running.participant.http.raw(`${running.app.chatUrl}/signalr?id=unbekannt`),
      await running.participant.http.raw(`${running.app.chatUrl}/signalr/negotiate`, {
        method: 'OPTIONS',
        headers: { origin: running.app.webOrigin, 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 405, 404, 204]);
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    await running.participant.http.raw(poll, { method: 'DELETE' });
  });
});
