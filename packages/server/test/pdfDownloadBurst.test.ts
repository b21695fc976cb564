// A burst of downloads of one case's PDF costs one drawing: the PDF worker draws one document at a time, so thirty
// drawings of one client's long protocol would queue every other client's documents behind them.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as pdf from '../src/platform/pdf/index.js';

type PdfModule = typeof pdf;
import { useAcceptedChat } from './support/flows.js';

vi.mock('../src/platform/pdf/index.js', async (importOriginal) => {
  const original = await importOriginal<PdfModule>();
  return {
    ...original,
    renderChatProtocolPdf: vi.fn(original.renderChatProtocolPdf),
    renderUsageConfirmationPdf: vi.fn(original.renderUsageConfirmationPdf),
  };
});

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

  it('should draw a protocol once for downloads that arrive while it is being drawn, and answer each with it', async () => {
    vi.mocked(pdf.renderChatProtocolPdf).mockClear();
    const answers = await Promise.all(Array.from({ length: 12 }, downloadProtocol));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.every((a) => a.bytes.subarray(0, 5).toString() === '%PDF-' && a.bytes.equals(answers[0]!.bytes))).toBe(true);
    expect(pdf.renderChatProtocolPdf).toHaveBeenCalledTimes(1);
  });

  it('should draw the protocol anew for a download after the drawing ended, so later messages are in it', async () => {
    vi.mocked(pdf.renderChatProtocolPdf).mockClear();
    await chat.lawyer.hub.connection.invoke('SendMessage', chat.ids.ChatId, 'Noch ein Hinweis nach dem ersten Protokoll.', 'burst-message-late');
    expect((await downloadProtocol()).status).toBe(200);
    expect(pdf.renderChatProtocolPdf).toHaveBeenCalledTimes(1);
    const drawn = vi.mocked(pdf.renderChatProtocolPdf).mock.calls[0]![0];
    expect(drawn.messages.at(-1)?.text).toBe('Noch ein Hinweis nach dem ersten Protokoll.');
  });

  it('should draw a usage confirmation once for a burst, and refuse more than thirty a minute from one address in German', async () => {
    vi.mocked(pdf.renderUsageConfirmationPdf).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 34 }, () => chat.participant.http.post(`${chat.app.webUrl}/api/chat/usage-confirmation`, { CaseId: chat.ids.CaseId })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body).toMatchObject({ Error: 'TooManyRequests', Message: expect.stringMatching(/^Zu viele Anfragen/) });
    expect(pdf.renderUsageConfirmationPdf).toHaveBeenCalledTimes(1);
  });
});
