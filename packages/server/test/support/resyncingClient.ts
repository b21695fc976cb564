// The official @microsoft/signalr client with the product client's delivery rules (as in core
// chatSession.rejoin): live messages and re-read ones are merged by server id; after every automatic
// reconnect the client joins again (participant: JoinLatestChat; lawyer: the server rejoins its chats) and
// re-reads each followed case. Used by the Redis outage test and the soak.
import { HubConnectionBuilder, HubConnectionState, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { ChatMessage } from '@rechtschat/core';

/** What the client needs of HTTP: the session cookie for the hub and GET for re-reads (CookieClient fits). */
export interface ResyncHttp {
  cookieHeader(url: string): string;
  get<T>(url: string): Promise<{ status: number; body: T }>;
}

/** The web client's reconnect policy (adapters RECONNECT_DELAYS_MS). */
export const PRODUCT_RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000];

export interface ResyncingClient {
  readonly role: 'participant' | 'lawyer';
  readonly connection: HubConnection;
  /** Per chat: every message the client shows, by server id. */
  readonly transcripts: Map<string, Map<string, ChatMessage>>;
  /** Per chat: live DistributeMessage arrivals in arrival order (duplicates kept, to be counted). */
  readonly live: Map<string, ChatMessage[]>;
  /** Per message id: when it first arrived live (ms since epoch), for latency figures. */
  readonly arrivals: Map<string, number>;
  readonly stats: { reconnects: number; resyncs: number; resyncFailures: number; closes: number; duplicateFrames: number; httpStatus: number[] };
  /** Like the web adapter's ensureConnection: a connection whose reconnect attempts ran out is started again (and resynced). */
  ensureConnected(): Promise<void>;
  follow(caseId: string): void;
  /** Re-reads every followed case now (also runs after each reconnect). */
  resync(): Promise<void>;
  /**
   * SendMessage as the product client sends it: the completion carries the stored message and is
   * merged into the transcript (the sending connection gets no DistributeMessage of its own message).
   */
  sendMessage(chatId: string, text: string, clientId: string): Promise<ChatMessage>;
  stop(): Promise<void>;
}

export interface ResyncingClientOptions {
  readonly role: 'participant' | 'lawyer';
  readonly delays?: number[];
  /** Where the hub connection goes (e.g. a pausable proxy); HTTP re-reads always use chatUrl. */
  readonly hubBaseUrl?: string;
}

export async function connectResyncingClient(chatUrl: string, http: ResyncHttp, options: ResyncingClientOptions): Promise<ResyncingClient> {
  const connection = new HubConnectionBuilder()
    .withUrl(`${options.hubBaseUrl ?? chatUrl}/signalr?as=${options.role}`, {
      transport: HttpTransportType.WebSockets,
      withCredentials: true,
      headers: { Cookie: http.cookieHeader(chatUrl) },
    })
    .withAutomaticReconnect(options.delays ?? PRODUCT_RECONNECT_DELAYS_MS)
    .configureLogging(LogLevel.None)
    .build();
  const transcripts = new Map<string, Map<string, ChatMessage>>();
  const live = new Map<string, ChatMessage[]>();
  const stats = { reconnects: 0, resyncs: 0, resyncFailures: 0, closes: 0, duplicateFrames: 0, httpStatus: [] as number[] };
  const arrivals = new Map<string, number>();
  const followed = new Set<string>();
  const transcript = (chatId: string) => {
    const existing = transcripts.get(chatId);
    if (existing) return existing;
    const created = new Map<string, ChatMessage>();
    transcripts.set(chatId, created);
    return created;
  };
  connection.on('DistributeMessage', (m: ChatMessage) => {
    const chatId = m.ChatId ?? '';
    const list = live.get(chatId) ?? [];
    list.push(m);
    live.set(chatId, list);
    if (arrivals.has(m.Id)) stats.duplicateFrames += 1;
    else arrivals.set(m.Id, Date.now());
    transcript(chatId).set(m.Id, m);
  });

  async function resyncCase(caseId: string): Promise<void> {
    if (options.role === 'participant') await connection.invoke('JoinLatestChat', caseId);
    else await connection.invoke('Ping', 'resync'); // waits until the server's onConnected rejoined the chats
    const res = await http.get<ChatMessage[]>(`${chatUrl}/api/chat/message/for-case/${caseId}`);
    stats.httpStatus.push(res.status);
    if (res.status !== 200) throw new Error(`re-read failed: ${res.status}`);
    for (const m of res.body) transcript(m.ChatId ?? '').set(m.Id, m);
  }

  async function resync(): Promise<void> {
    stats.resyncs += 1;
    for (const caseId of followed) {
      try {
        await resyncCase(caseId);
      } catch {
        stats.resyncFailures += 1;
      }
    }
  }

  connection.onreconnected(() => {
    stats.reconnects += 1;
    void resync();
  });
  connection.onclose(() => void (stats.closes += 1));
  await connection.start();
  let restarting: Promise<void> | null = null;
  async function ensureConnected(): Promise<void> {
    if (connection.state !== HubConnectionState.Disconnected) return;
    restarting ??= connection
      .start()
      .then(resync)
      .finally(() => {
        restarting = null;
      });
    await restarting;
  }
  return {
    role: options.role,
    connection,
    transcripts,
    live,
    arrivals,
    stats,
    ensureConnected,
    follow: (caseId) => void followed.add(caseId),
    resync,
    async sendMessage(chatId, text, clientId) {
      const stored = await connection.invoke<ChatMessage>('SendMessage', chatId, text, clientId);
      transcript(stored.ChatId ?? chatId).set(stored.Id, stored);
      return stored;
    },
    stop: () => connection.stop(),
  };
}
