// Prometheus metrics (prom-client). One registry per app instance so tests can run several apps in one process.
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

export interface AppMetrics {
  readonly registry: Registry;
  readonly messages: Counter<'author'>;
  readonly logins: Counter<'kind' | 'result'>;
  readonly lockouts: Counter<'kind'>;
  readonly uploads: Counter<'result'>;
  /** Refused chat links by reason (features/product/customers.ts EntryRefused). */
  readonly entryTokenRejections: Counter<'reason'>;
  /** Chats the server's lifecycle closed, by reason (`abandoned`, `timeout`; features/chat/lifecycle). */
  readonly chatsClosedByServer: Counter<'reason'>;
  /** PDFs drawn for a client's download, by document (`protocol`, `usage-confirmation`, `power-of-attorney`); downloads sharing a drawing count once. */
  readonly pdfDownloadsDrawn: Counter<'document'>;
}

export interface MetricSources {
  connections(): number;
  queueLength(): Promise<number>;
  /** With REDIS_URL: whether the backplane between the instances is live (the gauge exists only then). */
  backplaneUp?(): boolean;
  /** DATA_DIR's free bytes (platform/diskSpace.ts, cached); null when they cannot be read. */
  dataDirFreeBytes(): Promise<number | null>;
}

export function createMetrics(sources: MetricSources, withDefaults: boolean): AppMetrics {
  const registry = new Registry();
  if (withDefaults) collectDefaultMetrics({ register: registry, prefix: 'rechtschat_' });
  new Gauge({
    name: 'rechtschat_hub_connections',
    help: 'Open hub connections on this process',
    registers: [registry],
    collect() {
      this.set(sources.connections());
    },
  });
  new Gauge({
    name: 'rechtschat_queue_length',
    help: 'Chats waiting for a lawyer',
    registers: [registry],
    async collect() {
      this.set(await sources.queueLength());
    },
  });
  new Gauge({
    name: 'rechtschat_data_dir_free_bytes',
    help: "Free bytes on DATA_DIR's file system (for this process; NaN when unreadable): /healthz answers 503 disk-full below 1 % of its size, at least 64 MiB, at most 1 GiB",
    registers: [registry],
    async collect() {
      this.set((await sources.dataDirFreeBytes()) ?? Number.NaN);
    },
  });
  const { backplaneUp } = sources;
  if (backplaneUp)
    new Gauge({
      name: 'rechtschat_backplane_up',
      help: "Redis backplane between the instances live (1) or down (0): while 0, chats whose two sides are on different instances do not get each other's messages",
      registers: [registry],
      collect() {
        this.set(backplaneUp() ? 1 : 0);
      },
    });
  return {
    registry,
    messages: new Counter({ name: 'rechtschat_messages_total', help: 'Stored chat messages', labelNames: ['author'], registers: [registry] }),
    logins: new Counter({ name: 'rechtschat_logins_total', help: 'Login attempts', labelNames: ['kind', 'result'], registers: [registry] }),
    lockouts: new Counter({
      name: 'rechtschat_lockouts_total',
      help: 'Requests refused by a lockout or rate limit',
      labelNames: ['kind'],
      registers: [registry],
    }),
    uploads: new Counter({ name: 'rechtschat_uploads_total', help: 'Chat uploads', labelNames: ['result'], registers: [registry] }),
    entryTokenRejections: new Counter({
      name: 'rechtschat_entry_token_rejections_total',
      help: 'Chat links refused, by reason (malformed, signature, algorithm, expired, lifetime, unknownKid, revokedKey, replay, unsigned)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    chatsClosedByServer: new Counter({
      name: 'rechtschat_chats_closed_by_server_total',
      help: 'Chats the server closed because the client was gone, by reason (abandoned, timeout)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    pdfDownloadsDrawn: new Counter({
      name: 'rechtschat_pdf_downloads_drawn_total',
      help: "PDFs drawn for a client's download, by document (protocol, usage-confirmation, power-of-attorney); downloads that share a drawing in progress count once",
      labelNames: ['document'],
      registers: [registry],
    }),
  };
}
