import WebSocket from 'ws';
import type { TestHubServer } from '../support/hubTestServer.js';
import { waitForItem } from './waitForItem.js';

export const RS = '\u001e';

/** A hand-driven WebSocket client speaking (or deliberately breaking) the JSON hub protocol. */
export interface RawHubClient {
  readonly ws: WebSocket;
  /** Every record received so far, parsed. */
  readonly records: Record<string, unknown>[];
  send(text: string): void;
  /** Resolves with the next record matching `predicate` (already received ones count). */
  waitFor(predicate: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

export async function connectRaw(server: TestHubServer, who = 'participant:raw'): Promise<RawHubClient> {
  const res = await fetch(`${server.hubUrl}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { cookie: `who=${who}` } });
  const { connectionToken } = (await res.json()) as { connectionToken: string };
  // The upgrade carries the same cookie: a token opens nothing without its principal's session.
  const ws = new WebSocket(`${server.hubUrl.replace('http', 'ws')}?id=${connectionToken}`, { headers: { cookie: `who=${who}` } });
  const records: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    if (!text.endsWith(RS)) throw new Error(`incomplete record: ${text}`);
    for (const part of text.split(RS).slice(0, -1)) records.push(JSON.parse(part) as Record<string, unknown>);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => ws.once('close', resolve));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const client: RawHubClient = {
    ws,
    records,
    closed,
    send: (text) => ws.send(text),
    waitFor(predicate) {
      return new Promise((resolve, reject) => {
        const check = waitForItem(records, waiters, predicate, resolve);
        void closed.then(() => {
          check();
          if (waiters.delete(check)) reject(new Error(`closed before expected record; got ${JSON.stringify(records)}`));
        });
      });
    },
  };
  return client;
}

export async function connectWithHandshake(server: TestHubServer, who?: string): Promise<RawHubClient> {
  const client = await connectRaw(server, who);
  client.send(`{"protocol":"json","version":1}${RS}`);
  await client.waitFor((record) => Object.keys(record).length === 0);
  return client;
}

export const completionFor = (id: string) => (record: Record<string, unknown>) => record.type === 3 && record.invocationId === id;
