// Drives the lawyer side of a chat through the real lawyer API and hub,
// with the official SignalR client, as the lawyer console would.
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { CallbackEntry, ChatMessage, decode, Notification, Queue, StartJoinResult, type QueueEntry } from '@rechtschat/core';
import * as t from 'io-ts';
import { isRight } from 'fp-ts/lib/Either.js';

const poll = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class LawyerDriver {
  readonly received: ChatMessage[] = [];
  readonly notifications: Notification[] = [];
  private constructor(
    private readonly chatUrl: string,
    private readonly cookie: string,
    private readonly hub: HubConnection,
  ) {}

  static async login(chatUrl: string, credentials: { readonly email: string; readonly password: string }): Promise<LawyerDriver> {
    const res = await fetch(`${chatUrl}api/lawyer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: credentials.email, Password: credentials.password }),
    });
    if (!res.ok) throw new Error(`lawyer login failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const hub = new HubConnectionBuilder()
      .withUrl(`${chatUrl}signalr`, { headers: { Cookie: cookie } })
      // Generous retries: the reconnect journey kills the server and waits for its restart.
      .withAutomaticReconnect([0, 500, 1000, 2000, 2000, 2000, 2000, 2000, 2000, 2000])
      .configureLogging(LogLevel.None)
      .build();
    const driver = new LawyerDriver(chatUrl, cookie, hub);
    hub.on('DistributeMessage', (raw: unknown) => {
      const message = decode(ChatMessage, raw);
      if (isRight(message)) driver.received.push(message.right);
    });
    hub.on('SendNotification', (raw: unknown) => {
      const notification = decode(Notification, raw);
      if (isRight(notification)) driver.notifications.push(notification.right);
    });
    await hub.start();
    return driver;
  }

  async queue(): Promise<readonly QueueEntry[]> {
    const res = await fetch(`${this.chatUrl}api/lawyer/queue`, { headers: { Cookie: this.cookie } });
    if (!res.ok) throw new Error(`queue failed: ${res.status}`);
    const decoded = decode(Queue, await res.json());
    if (!isRight(decoded)) throw new Error(decoded.left.message);
    return decoded.right;
  }

  /** The signed-in lawyer's own name, as colleagues see it. */
  async name(): Promise<string> {
    const res = await fetch(`${this.chatUrl}api/lawyer/me`, { headers: { Cookie: this.cookie } });
    if (!res.ok) throw new Error(`profile failed: ${res.status}`);
    const decoded = decode(t.type({ Name: t.string }), await res.json());
    if (!isRight(decoded)) throw new Error(decoded.left.message);
    return decoded.right.Name;
  }

  /** The other lawyers of the firm (forwarding targets). */
  async colleagues(): Promise<ReadonlyArray<{ readonly Id: string; readonly Name: string; readonly Email: string }>> {
    const res = await fetch(`${this.chatUrl}api/lawyer/colleagues`, { headers: { Cookie: this.cookie } });
    if (!res.ok) throw new Error(`colleagues failed: ${res.status}`);
    const decoded = decode(t.array(t.type({ Id: t.string, Name: t.string, Email: t.string })), await res.json());
    if (!isRight(decoded)) throw new Error(decoded.left.message);
    return decoded.right;
  }

  /** Callback requests of all participants, newest as the server orders them. */
  async callbacks(): Promise<readonly CallbackEntry[]> {
    const res = await fetch(`${this.chatUrl}api/lawyer/callbacks`, { headers: { Cookie: this.cookie } });
    if (!res.ok) throw new Error(`callbacks failed: ${res.status}`);
    const decoded = decode(t.array(CallbackEntry), await res.json());
    if (!isRight(decoded)) throw new Error(decoded.left.message);
    return decoded.right;
  }

  /** Waits until the unassigned chat whose description contains `marker` is queued. */
  async waitForQueuedChat(marker: string, timeoutMs = 20_000): Promise<QueueEntry> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const entry = (await this.queue()).find((e) => e.AssignedLawyerId === null && e.Description.includes(marker));
      if (entry) return entry;
      await poll(200);
    }
    throw new Error(`no chat "${marker}" arrived in the lawyer queue`);
  }

  /** Waits until the participant's message with this text reached the lawyer. */
  async waitForMessage(text: string, timeoutMs = 15_000): Promise<ChatMessage> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const message = this.received.find((m) => m.Message === text);
      if (message) return message;
      await poll(100);
    }
    throw new Error(`the lawyer did not receive "${text}"`);
  }

  /** Waits until the server told the lawyer about this chat, e.g. that it was closed. */
  async waitForNotification(chatId: string, type: Notification['Type'], timeoutMs = 15_000): Promise<Notification> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.notifications.find((n) => n.ChatId === chatId && n.Type === type);
      if (found) return found;
      await poll(100);
    }
    throw new Error(`the lawyer was not notified "${type}" for chat ${chatId}`);
  }

  accept(chatId: string): Promise<unknown> {
    return this.hub.invoke('AcceptChat', chatId);
  }

  send(chatId: string, text: string): Promise<unknown> {
    return this.hub.invoke('SendMessage', chatId, text);
  }

  /** Hands the chat to a colleague; the case continues in the returned new chat. */
  async forward(chatId: string, lawyerId: string): Promise<StartJoinResult> {
    const decoded = decode(StartJoinResult, await this.hub.invoke('ForwardChat', chatId, lawyerId));
    if (!isRight(decoded)) throw new Error(decoded.left.message);
    return decoded.right;
  }

  typing(chatId: string): Promise<unknown> {
    return this.hub.invoke('SendTypingNotification', chatId);
  }

  close(chatId: string, requestPhoneNumber: boolean): Promise<unknown> {
    return this.hub.invoke('CloseChat', chatId, requestPhoneNumber);
  }

  /** After a server restart: waits until the automatic reconnect succeeded. */
  async waitForReconnected(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.hub.state !== HubConnectionState.Connected) {
      if (Date.now() > deadline) throw new Error(`lawyer hub still ${this.hub.state}`);
      await poll(100);
    }
  }

  async dispose(): Promise<void> {
    await this.hub.stop();
    await fetch(`${this.chatUrl}api/lawyer/logout`, { method: 'POST', headers: { Cookie: this.cookie } }).catch(() => undefined);
  }
}
