// One soak run: connects the clients, drives the chats, injects the faults on a timeline and checks the
// outcome against the database (see run.ts for the whole story).
import { setTimeout as sleep } from 'node:timers/promises';
import { HubConnectionState } from '@microsoft/signalr';
import type { Db } from '../src/platform/storage/database.js';
import { connectResyncingClient, type ResyncingClient } from '../test/support/resyncingClient.js';
import { serverErrors, type Cluster } from './cluster.js';
import { LoopbackHttp } from './loopbackHttp.js';
import { startPausableProxy, type PausableProxy } from './pausableProxy.js';
import type { SoakChat, SoakLawyer } from './population.js';
import { buildReport, type SoakFigures, type SoakReport, type SoakSettings } from './report.js';

export type { SoakSettings } from './report.js';

interface Sent {
  readonly chat: number;
  readonly k: number;
  readonly side: 'participant' | 'lawyer';
  readonly startedAt: number;
  acked: boolean;
}

/** The paused client's chat: its participant is on instance B, which is never killed. */
const PAUSED_CHAT = 1;
/** The lawyer's burst must stay under the hub's 20 invocations per second and connection. */
const BURST_SPACING_MS = 70;
const HARD_STOP_AFTER_END_MS = 90_000;

export class SoakRun {
  private readonly participants: ResyncingClient[] = [];
  private readonly lawyerClients: ResyncingClient[] = [];
  private readonly sent = new Map<string, Sent>();
  private proxy: PausableProxy | undefined;
  private stopping = false;
  private hardDeadline = Number.POSITIVE_INFINITY;
  private pauseRequested: (() => void) | null = null;
  private readonly counters = { connectionRetries: 0, serverErrors: 0, sendsGivenUp: 0 };
  private readonly timeline: string[] = [];
  private readonly faults: SoakFigures['faults'] = {
    killDownMs: 0,
    killRecoveredMs: null,
    redisDownMs: 0,
    redisRecoveredMs: null,
    pauseMessages: 0,
    pauseHeldMs: 0,
    pauseReceivedWhileHeld: 0,
    pauseDrainedMs: null,
  };
  private startedAt = 0;

  constructor(
    private readonly settings: SoakSettings,
    private readonly cluster: Cluster,
    private readonly population: { chats: SoakChat[]; lawyers: SoakLawyer[] },
    private readonly db: Db,
  ) {}

  private log(text: string): void {
    const line = `${((Date.now() - this.startedAt) / 1000).toFixed(1).padStart(6)} s  ${text}`;
    this.timeline.push(line);
    console.info(line);
  }

  async execute(): Promise<SoakReport> {
    this.startedAt = Date.now();
    await this.connectAll();
    this.log(`${this.participants.length + this.lawyerClients.length} Verbindungen offen`);
    this.startedAt = Date.now();
    const loops = this.population.chats.map((chat) => this.chatLoop(chat));
    const faults = this.runFaults();
    // The run lasts its duration, and in any case until every fault has happened and been followed by normal
    // traffic: on a loaded machine a restart can push the timeline past the end (the reconnect steps are 0/2/10/30 s).
    await Promise.all([sleep(this.settings.durationMs), faults.then(() => sleep(Math.min(30_000, this.settings.durationMs * 0.1)))]);
    this.stopping = true;
    this.hardDeadline = Date.now() + HARD_STOP_AFTER_END_MS;
    // A pause that never got its turn must not hold the fault timeline open.
    this.pauseRequested?.();
    this.pauseRequested = null;
    this.log('Ende der Laufzeit: keine neuen Nachrichten mehr, offene werden noch bestätigt');
    await faults;
    await Promise.all(loops);
    const drained = await this.drain();
    this.log(drained ? 'alle Nachrichten bei allen Clients angekommen' : 'Wartezeit für die Zustellung abgelaufen');
    const figures = await this.collect();
    await Promise.allSettled([...this.participants, ...this.lawyerClients].map((c) => c.stop()));
    await this.proxy?.close();
    return buildReport(this.settings, figures, this.timeline);
  }

  private async connectAll(): Promise<void> {
    const { chats, lawyers } = this.population;
    const [a, b] = this.cluster.instances;
    const urlOf = (instance: 0 | 1) => (instance === 0 ? a : b).chatUrl;
    const paused = chats[PAUSED_CHAT];
    if (paused) this.proxy = await startPausableProxy(Number(new URL(urlOf(paused.participantInstance)).port));
    const batch = 20;
    for (let i = 0; i < chats.length; i += batch) {
      const clients = await Promise.all(
        chats.slice(i, i + batch).map(async (chat) => {
          const http = new LoopbackHttp(chat.participantCookie, LoopbackHttp.addressFor(chat.index));
          const viaProxy = chat.index === PAUSED_CHAT && this.proxy ? { hubBaseUrl: `http://127.0.0.1:${this.proxy.port}` } : {};
          const client = await connectResyncingClient(urlOf(chat.participantInstance), http, { role: 'participant', ...viaProxy });
          client.follow(chat.caseId);
          return client;
        }),
      );
      this.participants.push(...clients);
    }
    for (const lawyer of lawyers) {
      const http = new LoopbackHttp(lawyer.cookie, LoopbackHttp.addressFor(chats.length + lawyer.index));
      const client = await connectResyncingClient(urlOf(lawyer.instance), http, { role: 'lawyer' });
      for (const index of lawyer.chats) client.follow(chats[index]?.caseId ?? '');
      this.lawyerClients.push(client);
    }
  }

  private clientOf(chat: SoakChat, side: 'participant' | 'lawyer'): ResyncingClient {
    const client = side === 'participant' ? this.participants[chat.index] : this.lawyerClients[chat.lawyer];
    if (!client) throw new Error('client missing');
    return client;
  }

  /** Sends like the product client: on failure it waits for the connection and resends with the same clientId. */
  private async sendReliably(client: ResyncingClient, chatId: string, text: string, clientId: string): Promise<boolean> {
    while (Date.now() < this.hardDeadline) {
      if (client.connection.state === HubConnectionState.Disconnected) await client.ensureConnected().catch(() => undefined);
      if (client.connection.state !== HubConnectionState.Connected) {
        await sleep(200);
        continue;
      }
      try {
        await client.sendMessage(chatId, text, clientId);
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (message.includes('Bei der Verarbeitung')) this.counters.serverErrors += 1;
        else this.counters.connectionRetries += 1;
        await sleep(200);
      }
    }
    this.counters.sendsGivenUp += 1;
    return false;
  }

  private async send(chat: SoakChat, k: number, side: 'participant' | 'lawyer'): Promise<void> {
    const clientId = `soak-${chat.index}-${k}`;
    const record: Sent = { chat: chat.index, k, side, startedAt: Date.now(), acked: false };
    this.sent.set(clientId, record);
    record.acked = await this.sendReliably(
      this.clientOf(chat, side),
      chat.chatId,
      `${side === 'participant' ? 'Mandant' : 'Anwalt'} ${chat.index}/${k}`,
      clientId,
    );
  }

  private async chatLoop(chat: SoakChat): Promise<void> {
    let k = 0;
    // Spread the chats' first messages over one interval.
    await sleep(Math.random() * this.settings.intervalMs);
    while (!this.stopping) {
      if (chat.index === PAUSED_CHAT && this.pauseRequested) {
        k = await this.pausedBurst(chat, k);
        continue;
      }
      await this.send(chat, k, k % 2 === 0 ? 'participant' : 'lawyer');
      k += 1;
      await sleep(this.settings.intervalMs * (0.5 + Math.random()));
    }
  }

  /** Holds the participant's network while the lawyer sends K messages, then releases it. */
  private async pausedBurst(chat: SoakChat, firstK: number): Promise<number> {
    const done = this.pauseRequested;
    this.pauseRequested = null;
    const participant = this.clientOf(chat, 'participant');
    this.proxy?.pause();
    const heldAt = Date.now();
    this.log(`Netz des Mandanten von Chat ${chat.index} angehalten`);
    let k = firstK;
    for (let i = 0; i < this.settings.pauseMessages; i += 1, k += 1) {
      await this.send(chat, k, 'lawyer');
      await sleep(BURST_SPACING_MS);
    }
    const ids = await this.storedIds(chat.chatId, firstK, k);
    // Proof that the network really was held: nothing of the burst may have reached the client yet.
    this.faults.pauseReceivedWhileHeld = ids.filter((id) => participant.transcripts.get(chat.chatId)?.has(id)).length;
    this.proxy?.resume();
    this.faults.pauseMessages = this.settings.pauseMessages;
    this.faults.pauseHeldMs = Date.now() - heldAt;
    const releasedAt = Date.now();
    this.log(`${this.settings.pauseMessages} Nachrichten gesendet, Netz wieder frei nach ${(this.faults.pauseHeldMs / 1000).toFixed(1)} s`);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !ids.every((id) => participant.transcripts.get(chat.chatId)?.has(id))) await sleep(20);
    if (ids.every((id) => participant.transcripts.get(chat.chatId)?.has(id))) this.faults.pauseDrainedMs = Date.now() - releasedAt;
    this.log(`angehaltener Client hat ${ids.filter((id) => participant.transcripts.get(chat.chatId)?.has(id)).length}/${ids.length} Nachrichten`);
    done?.();
    return k;
  }

  private async storedIds(chatId: string, fromK: number, toK: number): Promise<string[]> {
    const wanted = new Set(Array.from({ length: toK - fromK }, (_, i) => `soak-${PAUSED_CHAT}-${fromK + i}`));
    const rows = await this.db.selectFrom('messages').select(['id', 'client_id']).where('chat_id', '=', chatId).execute();
    return rows.filter((r) => r.client_id !== null && wanted.has(r.client_id)).map((r) => r.id);
  }

  private async waitConnected(clients: ResyncingClient[], timeoutMs: number): Promise<number | null> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (clients.every((c) => c.connection.state === HubConnectionState.Connected)) return Date.now() - started;
      await sleep(50);
    }
    return null;
  }

  private async runFaults(): Promise<void> {
    const { durationMs } = this.settings;
    const [a] = this.cluster.instances;
    // 1. kill -9 of instance A at a quarter of the run, restart after killDownMs.
    await sleep(durationMs * 0.2);
    const onA = [
      ...this.participants.filter((_, i) => this.population.chats[i]?.participantInstance === 0),
      ...this.lawyerClients.filter((_, i) => this.population.lawyers[i]?.instance === 0),
    ];
    this.log(`kill -9 Instanz A (${onA.length} Clients verbunden)`);
    const killedAt = Date.now();
    await a.kill9();
    await sleep(this.settings.killDownMs);
    await a.restart();
    this.faults.killDownMs = Date.now() - killedAt;
    this.log(`Instanz A neu gestartet nach ${(this.faults.killDownMs / 1000).toFixed(1)} s`);
    const back = await this.waitConnected(onA, 90_000);
    this.faults.killRecoveredMs = back === null ? null : Date.now() - killedAt;
    this.log(
      back === null
        ? 'nicht alle Clients von A wieder verbunden'
        : `alle Clients von A wieder verbunden, ${((this.faults.killRecoveredMs ?? 0) / 1000).toFixed(1)} s nach dem kill`,
    );

    // 2. Redis down for redisDownMs at half time.
    await sleep(Math.max(0, this.startedAt + durationMs * 0.45 - Date.now()));
    const resyncsBefore = this.totalResyncs();
    this.log('Redis beendet (kill -9)');
    const redisDownAt = Date.now();
    await this.cluster.redis.stop();
    await sleep(this.settings.redisDownMs);
    await this.cluster.redis.start();
    this.faults.redisDownMs = Date.now() - redisDownAt;
    const restoredAt = Date.now();
    this.log(`Redis wieder gestartet nach ${(this.faults.redisDownMs / 1000).toFixed(1)} s`);
    const all = [...this.participants, ...this.lawyerClients];
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && all.some((c) => c.stats.resyncs === 0 || c.connection.state !== HubConnectionState.Connected)) await sleep(50);
    this.faults.redisRecoveredMs = Date.now() < deadline ? Date.now() - restoredAt : null;
    this.log(
      `nach Redis: ${this.totalResyncs() - resyncsBefore} Resyncs, alle Clients wieder verbunden ${this.faults.redisRecoveredMs === null ? 'NICHT' : `nach ${(this.faults.redisRecoveredMs / 1000).toFixed(1)} s`}`,
    );

    // 3. One client's network held at 70 % while its lawyer sends K messages.
    await sleep(Math.max(0, this.startedAt + durationMs * 0.7 - Date.now()));
    if (!this.stopping) await new Promise<void>((resolve) => (this.pauseRequested = resolve));
  }

  private totalResyncs(): number {
    return [...this.participants, ...this.lawyerClients].reduce((n, c) => n + c.stats.resyncs, 0);
  }

  /** Waits until each side of every chat shows every stored soak message (or gives up after 60 s). */
  private async drain(): Promise<boolean> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const missing = await this.missingCount();
      if (missing === 0) return true;
      await sleep(500);
    }
    return false;
  }

  private async storedSoakMessages(): Promise<{ id: string; chat_id: string; client_id: string | null; seq: number }[]> {
    return this.db.selectFrom('messages').select(['id', 'chat_id', 'client_id', 'seq']).where('client_id', 'like', 'soak-%').orderBy('seq').execute();
  }

  private async missingCount(): Promise<number> {
    const rows = await this.storedSoakMessages();
    const byChat = new Map(this.population.chats.map((c) => [c.chatId, c]));
    let missing = 0;
    for (const row of rows) {
      const chat = byChat.get(row.chat_id);
      if (!chat) continue;
      for (const side of ['participant', 'lawyer'] as const) if (!this.clientOf(chat, side).transcripts.get(row.chat_id)?.has(row.id)) missing += 1;
    }
    return missing;
  }

  private async collect(): Promise<SoakFigures> {
    const rows = await this.storedSoakMessages();
    const byChat = new Map(this.population.chats.map((c) => [c.chatId, c]));
    const storedByClientId = new Map<string, number>();
    for (const row of rows) if (row.client_id) storedByClientId.set(row.client_id, (storedByClientId.get(row.client_id) ?? 0) + 1);
    const doubleStored = [...storedByClientId.values()].filter((n) => n > 1).length;
    const ackedLost = [...this.sent.entries()].filter(([id, s]) => s.acked && !storedByClientId.has(id)).length;
    let missing = 0;
    let live = 0;
    let byResync = 0;
    let outOfOrder = 0;
    const latencies: number[] = [];
    const idToClientId = new Map(rows.map((r) => [r.id, r.client_id ?? '']));
    for (const row of rows) {
      const chat = byChat.get(row.chat_id);
      const sent = row.client_id ? this.sent.get(row.client_id) : undefined;
      if (!chat) continue;
      for (const side of ['participant', 'lawyer'] as const) {
        const client = this.clientOf(chat, side);
        if (!client.transcripts.get(row.chat_id)?.has(row.id)) missing += 1;
        const arrived = client.arrivals.get(row.id);
        if (arrived === undefined) byResync += 1;
        else {
          live += 1;
          if (sent && sent.side !== side) latencies.push(arrived - sent.startedAt);
        }
      }
    }
    // In order: within each chat every client's live arrivals follow the sending order (k), which is the seq order.
    for (const client of [...this.participants, ...this.lawyerClients]) {
      for (const [, arrivals] of client.live) {
        let last = -1;
        const seen = new Set<string>();
        for (const m of arrivals) {
          if (seen.has(m.Id)) continue;
          seen.add(m.Id);
          const k = Number((idToClientId.get(m.Id) ?? m.ClientId ?? '').split('-')[2] ?? -1);
          if (k < last) outOfOrder += 1;
          last = Math.max(last, k);
        }
      }
    }
    const all = [...this.participants, ...this.lawyerClients];
    const [a, b] = this.cluster.instances;
    const clientHttp5xx = all.reduce((n, c) => n + c.stats.httpStatus.filter((s) => s >= 500).length, 0);
    return {
      durationMs: Date.now() - this.startedAt,
      chats: this.population.chats.length,
      connections: all.length,
      sent: this.sent.size,
      acked: [...this.sent.values()].filter((s) => s.acked).length,
      stored: rows.length,
      deliveriesExpected: rows.length * 2,
      deliveredLive: live,
      recoveredByResync: byResync,
      missing,
      doubleStored,
      ackedLost,
      duplicateFrames: all.reduce((n, c) => n + c.stats.duplicateFrames, 0),
      outOfOrder,
      latencies,
      reconnects: all.reduce((n, c) => n + c.stats.reconnects, 0),
      resyncs: all.reduce((n, c) => n + c.stats.resyncs, 0),
      resyncFailures: all.reduce((n, c) => n + c.stats.resyncFailures, 0),
      connectionRetries: this.counters.connectionRetries,
      hubServerErrors: this.counters.serverErrors,
      sendsGivenUp: this.counters.sendsGivenUp,
      clientHttp5xx,
      serverErrors: { A: serverErrors(a.log()), B: serverErrors(b.log()) },
      faults: this.faults,
    };
  }
}
