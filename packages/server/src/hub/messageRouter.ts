import type { Backplane, HubLogger } from './hub.types.js';
import type { HubConnection } from './hubConnection.js';
import { OutgoingRecords } from './transportSink.js';

type Handler = (payload: string) => void;

/**
 * Backplane payloads are a one-letter kind followed by data, so that a pre-serialised
 * record travels unchanged and is written to every local socket as the same string.
 */
const Kind = {
  message: 'm',
  others: 'o',
  close: 'x',
  closeSession: 's',
  closeOtherSessions: 'S',
  reconnect: 'r',
  reconnectOthers: 'R',
  join: '+',
  leave: '-',
} as const;

/** Which connections of a group `closeGroupSession` closes: those opened with one session, or all but those. */
export type SessionMatch = { readonly only: string } | { readonly except: string };

/** `s`/`S` payloads carry the session reference, then a space (never part of it), then the reason. */
const sessionPayload = (match: SessionMatch, reason: string): string =>
  'only' in match ? `${Kind.closeSession}${match.only} ${reason}` : `${Kind.closeOtherSessions}${match.except} ${reason}`;

/** `o` payloads carry the connection left out, then a space (never part of a connection id), then the record. */
const othersPayload = (except: string, record: string): string => `${Kind.others}${except} ${record}`;

export const groupChannel = (group: string): string => `hub:group:${group}`;
export const connectionChannel = (connectionId: string): string => `hub:conn:${connectionId}`;

/**
 * Local connections, group membership and routing. With a backplane every group send is
 * published (including to this process, as ASP.NET does) and each process delivers to its
 * local members; a process subscribes to a group channel while it has local members.
 */
export class MessageRouter {
  private readonly connections = new Map<string, HubConnection>();
  private readonly groups = new Map<string, Set<HubConnection>>();
  private readonly subscriptions = new Map<string, { handler: Handler; ready: Promise<void> }>();

  constructor(
    private readonly backplane: Backplane | undefined,
    private readonly logger: HubLogger,
  ) {}

  get size(): number {
    return this.connections.size;
  }

  get(connectionId: string): HubConnection | undefined {
    return this.connections.get(connectionId);
  }

  all(): IterableIterator<HubConnection> {
    return this.connections.values();
  }

  /** Makes the connection addressable on this process (and through its backplane channel). */
  async register(connection: HubConnection): Promise<void> {
    this.connections.set(connection.connectionId, connection);
    await this.subscribe(connectionChannel(connection.connectionId), (payload) => this.onConnectionPayload(connection, payload));
  }

  /** Removes the connection from every group and stops routing to it. */
  async unregister(connection: HubConnection): Promise<void> {
    if (this.connections.get(connection.connectionId) !== connection) return;
    this.connections.delete(connection.connectionId);
    const leaving = [...connection.groups].map((group) => this.leaveLocal(connection, group));
    await Promise.all([...leaving, this.unsubscribe(connectionChannel(connection.connectionId))]);
  }

  async addToGroup(connectionId: string, group: string): Promise<void> {
    const local = this.connections.get(connectionId);
    if (local !== undefined) return this.joinLocal(local, group);
    if (this.backplane !== undefined) await this.backplane.publish(connectionChannel(connectionId), Kind.join + group);
  }

  async removeFromGroup(connectionId: string, group: string): Promise<void> {
    const local = this.connections.get(connectionId);
    if (local !== undefined) return this.leaveLocal(local, group);
    if (this.backplane !== undefined) await this.backplane.publish(connectionChannel(connectionId), Kind.leave + group);
  }

  /** `record` is serialised once and written to every member unchanged. */
  async sendToGroup(group: string, record: string): Promise<void> {
    if (this.backplane !== undefined) await this.backplane.publish(groupChannel(group), Kind.message + record);
    else this.deliverToGroup(group, record);
  }

  /**
   * The same record to several groups, to every member but the connection `except` (if given).
   * Without a backplane it is encoded to UTF-8 once and that one buffer goes to every member of
   * every group (a chat message: the case and the chat group).
   */
  sendToGroups(groups: readonly string[], record: string, except?: string): Promise<void> {
    if (this.backplane !== undefined) {
      const payload = except === undefined ? Kind.message + record : othersPayload(except, record);
      const backplane = this.backplane;
      return Promise.all(groups.map((group) => backplane.publish(groupChannel(group), payload))).then(() => undefined);
    }
    const records = new OutgoingRecords(record);
    for (const group of groups) this.deliverRecords(group, records, except);
    return Promise.resolve();
  }

  async sendToConnection(connectionId: string, record: string): Promise<void> {
    const local = this.connections.get(connectionId);
    if (local !== undefined) local.send(record);
    else if (this.backplane !== undefined) await this.backplane.publish(connectionChannel(connectionId), Kind.message + record);
  }

  /** Closes every member of `group` on every process, without automatic reconnect. */
  async closeGroup(group: string, reason: string): Promise<void> {
    if (this.backplane !== undefined) await this.backplane.publish(groupChannel(group), Kind.close + reason);
    else this.closeLocalGroup(group, reason);
  }

  /**
   * Closes the members of `group` opened with one session (`context.session`), or all but those, on every process,
   * without automatic reconnect: one device's session ended, the principal's other connections stay.
   */
  async closeGroupSession(group: string, match: SessionMatch, reason: string): Promise<void> {
    if (this.backplane !== undefined) await this.backplane.publish(groupChannel(group), sessionPayload(match, reason));
    else this.closeLocalSession(group, match, reason);
  }

  /**
   * Closes every member of `group` on every process with a Close that allows automatic reconnect: the client
   * reconnects at once and the server rebuilds its groups (e.g. a lawyer who was handed chats of a colleague).
   */
  async reconnectGroup(group: string, reason: string, except?: string): Promise<void> {
    if (this.backplane !== undefined)
      await this.backplane.publish(groupChannel(group), except === undefined ? Kind.reconnect + reason : `${Kind.reconnectOthers}${except} ${reason}`);
    else this.closeLocalGroup(group, reason, true, except);
  }

  private deliverToGroup(group: string, text: string, except?: string): void {
    if (this.groups.has(group)) this.deliverRecords(group, new OutgoingRecords(text), except);
  }

  private deliverRecords(group: string, records: OutgoingRecords, except?: string): void {
    const members = this.groups.get(group);
    if (members === undefined) return;
    for (const member of members) if (member.connectionId !== except) member.send(records);
  }

  private closeLocalGroup(group: string, reason: string, allowReconnect = false, except?: string): void {
    for (const member of [...(this.groups.get(group) ?? [])]) {
      if (member.connectionId !== except) member.close(reason, allowReconnect, allowReconnect ? 1000 : 1008);
    }
  }

  private closeLocalSession(group: string, match: SessionMatch, reason: string): void {
    for (const member of [...(this.groups.get(group) ?? [])]) {
      const session = member.context.session;
      const hit = 'only' in match ? session === match.only : session !== match.except;
      if (hit) member.close(reason, false, 1008);
    }
  }

  private async joinLocal(connection: HubConnection, group: string): Promise<void> {
    if (connection.state === 'closed' || connection.groups.has(group)) return;
    connection.groups.add(group);
    const members = this.groups.get(group) ?? new Set<HubConnection>();
    members.add(connection);
    this.groups.set(group, members);
    await this.subscribe(groupChannel(group), (payload) => this.onGroupPayload(group, payload));
  }

  private async leaveLocal(connection: HubConnection, group: string): Promise<void> {
    if (!connection.groups.delete(group)) return;
    const members = this.groups.get(group);
    members?.delete(connection);
    if (members !== undefined && members.size > 0) return;
    this.groups.delete(group);
    await this.unsubscribe(groupChannel(group));
  }

  private onGroupPayload(group: string, payload: string): void {
    const data = payload.slice(1);
    if (payload.startsWith(Kind.message)) this.deliverToGroup(group, data);
    else if (payload.startsWith(Kind.others)) {
      const space = data.indexOf(' ');
      if (space > 0) this.deliverToGroup(group, data.slice(space + 1), data.slice(0, space));
    } else if (payload.startsWith(Kind.close)) this.closeLocalGroup(group, data);
    else if (payload.startsWith(Kind.reconnect)) this.closeLocalGroup(group, data, true);
    else if (payload.startsWith(Kind.reconnectOthers)) {
      const space = data.indexOf(' ');
      if (space > 0) this.closeLocalGroup(group, data.slice(space + 1), true, data.slice(0, space));
    } else if (payload.startsWith(Kind.closeSession) || payload.startsWith(Kind.closeOtherSessions)) {
      const space = data.indexOf(' ');
      if (space <= 0) return;
      const session = data.slice(0, space);
      const reason = data.slice(space + 1);
      this.closeLocalSession(group, payload.startsWith(Kind.closeSession) ? { only: session } : { except: session }, reason);
    }
  }

  private onConnectionPayload(connection: HubConnection, payload: string): void {
    const data = payload.slice(1);
    const done = (promise: Promise<void>) => promise.catch((err: unknown) => this.logger.error({ err }, 'hub group change failed'));
    if (payload.startsWith(Kind.message)) connection.send(data);
    else if (payload.startsWith(Kind.join)) void done(this.joinLocal(connection, data));
    else if (payload.startsWith(Kind.leave)) void done(this.leaveLocal(connection, data));
    else if (payload.startsWith(Kind.close)) connection.close(data, false, 1008);
  }

  /** Reference-free: one subscription per channel, made once and awaited by every joiner. */
  private async subscribe(channel: string, handler: Handler): Promise<void> {
    if (this.backplane === undefined) return;
    const existing = this.subscriptions.get(channel);
    if (existing !== undefined) return existing.ready;
    const ready = this.backplane.subscribe(channel, handler);
    this.subscriptions.set(channel, { handler, ready });
    return ready;
  }

  private async unsubscribe(channel: string): Promise<void> {
    const subscription = this.subscriptions.get(channel);
    if (subscription === undefined || this.backplane?.unsubscribe === undefined) return;
    this.subscriptions.delete(channel);
    await subscription.ready.catch(() => undefined);
    await this.backplane.unsubscribe(channel, subscription.handler);
  }
}
