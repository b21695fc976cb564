import type { Backplane, HubLogger } from './hub.types.js';
import type { HubConnection } from './hubConnection.js';
import { OutgoingRecords } from './transportSink.js';

type Handler = (payload: string) => void;

/**
 * Backplane payloads are a one-letter kind followed by data, so that a pre-serialised
 * record travels unchanged and is written to every local socket as the same string.
 * On a scope channel the data starts with the groups it is for (comma-separated), then a space.
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
const sessionPayload = (group: string, match: SessionMatch, reason: string): string =>
  'only' in match ? `${Kind.closeSession}${group} ${match.only} ${reason}` : `${Kind.closeOtherSessions}${group} ${match.except} ${reason}`;

/**
 * A group named `scope/rest` shares the backplane channel of its scope (`case:1/chat:2` that of `case:1`), so a send
 * to several groups of one scope – a chat message to its client's case group and its lawyer's chat group – is one
 * publish, not one per group. Any other group is a scope of its own.
 */
export const scopeOf = (group: string): string => {
  const slash = group.indexOf('/');
  return slash < 0 ? group : group.slice(0, slash);
};
export const scopeChannel = (scope: string): string => `hub:scope:${scope}`;
export const connectionChannel = (connectionId: string): string => `hub:conn:${connectionId}`;

/** Group names travel in payloads, separated by commas and ended by a space. */
const UNFIT_GROUP_NAME = /[\s,]/;

/** The groups of `groups` by the channel of their scope, in their first order. */
function byChannel(groups: readonly string[]): Map<string, string[]> {
  const channels = new Map<string, string[]>();
  for (const group of groups) {
    const channel = scopeChannel(scopeOf(group));
    const list = channels.get(channel);
    if (list === undefined) channels.set(channel, [group]);
    else list.push(group);
  }
  return channels;
}

/**
 * Local connections, group membership and routing. With a backplane every group send is
 * published (including to this process, as ASP.NET does) and each process delivers to its
 * local members; a process subscribes to a scope's channel while one of the scope's groups has local members.
 */
export class MessageRouter {
  private readonly connections = new Map<string, HubConnection>();
  private readonly groups = new Map<string, Set<HubConnection>>();
  /** Per scope, how many of its groups have local members: the scope's channel is subscribed while any has. */
  private readonly scopes = new Map<string, number>();
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
    if (this.backplane !== undefined) await this.publishToGroup(group, Kind.message, record);
    else this.deliverToGroup(group, record);
  }

  /**
   * The same record to several groups, to every member but the connection `except` (if given).
   * It is encoded to UTF-8 once and that one buffer goes to every member of every group (a chat
   * message: the case and the chat group); through a backplane it is one publish per scope.
   */
  sendToGroups(groups: readonly string[], record: string, except?: string): Promise<void> {
    if (this.backplane !== undefined) {
      const backplane = this.backplane;
      const rest = except === undefined ? record : `${except} ${record}`;
      const kind = except === undefined ? Kind.message : Kind.others;
      const sends = [...byChannel(groups)].map(([channel, members]) => backplane.publish(channel, `${kind}${members.join(',')} ${rest}`));
      return (sends.length === 1 ? (sends[0] as Promise<void>) : Promise.all(sends)).then(() => undefined);
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
    if (this.backplane !== undefined) await this.publishToGroup(group, Kind.close, reason);
    else this.closeLocalGroup(group, reason);
  }

  /**
   * Closes the members of `group` opened with one session (`context.session`), or all but those, on every process,
   * without automatic reconnect: one device's session ended, the principal's other connections stay.
   */
  async closeGroupSession(group: string, match: SessionMatch, reason: string): Promise<void> {
    if (this.backplane !== undefined) await this.backplane.publish(scopeChannel(scopeOf(group)), sessionPayload(group, match, reason));
    else this.closeLocalSession(group, match, reason);
  }

  /**
   * Closes every member of `group` on every process with a Close that allows automatic reconnect: the client
   * reconnects at once and the server rebuilds its groups (e.g. a lawyer who was handed chats of a colleague).
   */
  async reconnectGroup(group: string, reason: string, except?: string): Promise<void> {
    if (this.backplane !== undefined)
      await (except === undefined
        ? this.publishToGroup(group, Kind.reconnect, reason)
        : this.publishToGroup(group, Kind.reconnectOthers, `${except} ${reason}`));
    else this.closeLocalGroup(group, reason, true, except);
  }

  private publishToGroup(group: string, kind: string, rest: string): Promise<void> {
    return (this.backplane as Backplane).publish(scopeChannel(scopeOf(group)), `${kind}${group} ${rest}`);
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
    if (UNFIT_GROUP_NAME.test(group)) throw new Error(`hub group names hold no spaces or commas: ${JSON.stringify(group)}`);
    if (connection.state === 'closed' || connection.groups.has(group)) return;
    connection.groups.add(group);
    const members = this.groups.get(group);
    if (members !== undefined) {
      members.add(connection);
      return this.subscriptions.get(scopeChannel(scopeOf(group)))?.ready;
    }
    this.groups.set(group, new Set([connection]));
    const scope = scopeOf(group);
    this.scopes.set(scope, (this.scopes.get(scope) ?? 0) + 1);
    await this.subscribe(scopeChannel(scope), (payload) => this.onScopePayload(payload));
  }

  private async leaveLocal(connection: HubConnection, group: string): Promise<void> {
    if (!connection.groups.delete(group)) return;
    const members = this.groups.get(group);
    members?.delete(connection);
    if (members !== undefined && members.size > 0) return;
    this.groups.delete(group);
    const scope = scopeOf(group);
    const left = (this.scopes.get(scope) ?? 1) - 1;
    if (left > 0) {
      this.scopes.set(scope, left);
      return;
    }
    this.scopes.delete(scope);
    await this.unsubscribe(scopeChannel(scope));
  }

  /** A payload of a scope channel: the kind, the groups it is for, then what the kind carries. */
  private onScopePayload(payload: string): void {
    const kind = payload.charAt(0);
    const end = payload.indexOf(' ');
    if (end <= 1) return;
    const groups = payload.slice(1, end).split(',');
    const data = payload.slice(end + 1);
    if (kind === Kind.message || kind === Kind.others) {
      const space = kind === Kind.others ? data.indexOf(' ') : -1;
      if (kind === Kind.others && space <= 0) return;
      const except = space > 0 ? data.slice(0, space) : undefined;
      const local = groups.filter((group) => this.groups.has(group));
      if (local.length === 0) return;
      // Encoded once for every local member of every group, as without a backplane.
      const records = new OutgoingRecords(space > 0 ? data.slice(space + 1) : data);
      for (const group of local) this.deliverRecords(group, records, except);
      return;
    }
    for (const group of groups) this.onGroupCommand(group, kind, data);
  }

  private onGroupCommand(group: string, kind: string, data: string): void {
    if (kind === Kind.close) this.closeLocalGroup(group, data);
    else if (kind === Kind.reconnect) this.closeLocalGroup(group, data, true);
    else if (kind === Kind.reconnectOthers) {
      const space = data.indexOf(' ');
      if (space > 0) this.closeLocalGroup(group, data.slice(space + 1), true, data.slice(0, space));
    } else if (kind === Kind.closeSession || kind === Kind.closeOtherSessions) {
      const space = data.indexOf(' ');
      if (space <= 0) return;
      const session = data.slice(0, space);
      const reason = data.slice(space + 1);
      this.closeLocalSession(group, kind === Kind.closeSession ? { only: session } : { except: session }, reason);
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
