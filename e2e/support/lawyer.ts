// Drives the lawyer side of a chat through the real lawyer API and hub,
// with the official SignalR client, as the lawyer console would.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { decode, Queue, type ChatMessage, type QueueEntry } from '@rechtschat/core';
import { isRight } from 'fp-ts/lib/Either.js';

export class LawyerDriver {
  readonly received: ChatMessage[] = [];
  private constructor(private readonly chatUrl: string, private readonly cookie: string, private readonly hub: HubConnection) {}

  static async login(chatUrl: string, email: string, password: string): Promise<LawyerDriver> {
    const res = await fetch(`${chatUrl}api/lawyer/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: email, Password: password }) });
    if (!res.ok) throw new Error(`lawyer login failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const hub = new HubConnectionBuilder()
      .withUrl(`${chatUrl}signalr`, { headers: { Cookie: cookie } })
      .withAutomaticReconnect([0, 500, 1000, 2000, 2000, 2000])
      .configureLogging(LogLevel.None)
      .build();
    const driver = new LawyerDriver(chatUrl, cookie, hub);
    hub.on('DistributeMessage', (m: ChatMessage) => driver.received.push(m));
    await hub.start();
    return driver;
  }

  async queue(): Promise<readonly QueueEntry[]> {
    const res = await fetch(`${this.chatUrl}api/lawyer/queue`, { headers: { Cookie: this.cookie } });
    const decoded = decode(Queue, await res.json());
    if (!isRight(decoded)) throw new Error(decoded.left.message);
    return decoded.right;
  }

  /** Waits until a chat is waiting in the queue and returns it. */
  async waitForQueuedChat(timeoutMs = 30_000): Promise<QueueEntry> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const entry = (await this.queue()).find((e) => e.AssignedLawyerId === null);
      if (entry) return entry;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('no chat arrived in the lawyer queue');
  }

  accept(chatId: string) { return this.hub.invoke('AcceptChat', chatId); }
  send(chatId: string, text: string) { return this.hub.invoke('SendMessage', chatId, text); }
  typing(chatId: string) { return this.hub.invoke('SendTypingNotification', chatId); }
  close(chatId: string, requestPhoneNumber: boolean) { return this.hub.invoke('CloseChat', chatId, requestPhoneNumber); }
  async waitForReconnected(): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (this.hub.state !== 'Connected' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
  async dispose(): Promise<void> { await this.hub.stop(); }
}
