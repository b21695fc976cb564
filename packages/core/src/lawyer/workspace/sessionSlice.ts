// Session slice: the hub connection, loading everything after (re)connecting, the end of the session, the clock and
// the notice line. A chat must never stay lost: whenever the connection comes back, everything is read again.
import type { ConnectionState } from '../../ports/chatHub.js';
import type { AppError } from '../../result.js';
import { unchanged, withState, type Step, type WorkspaceEffect, type WorkspaceModel } from './model.js';
import { withNotice } from './notices.js';
import { isConnectionCap } from '../../connection/connectionCap.js';

export type SessionEvent =
  /** Start, the lawyer's "connect again", or the periodic retry once the automatic reconnect gave up. */
  | { readonly type: 'session/connect' }
  | { readonly type: 'session/retryDue' }
  /** The next start by itself is scheduled, `waitMs` from now (the notice of the connection cap names the wait). */
  | { readonly type: 'session/retryScheduled'; readonly waitMs: number }
  | { readonly type: 'session/connected' }
  | { readonly type: 'session/connectFailed'; readonly error: AppError }
  | { readonly type: 'session/reconnected' }
  | { readonly type: 'session/connectionChanged'; readonly connection: ConnectionState }
  /** The server answered 401 anywhere: the console's session is over. */
  | { readonly type: 'session/expired' }
  | { readonly type: 'session/loadFailed'; readonly error: AppError }
  /** A command failed without a notice of its own; the server's text is not shown. */
  | { readonly type: 'session/actionFailed' }
  | { readonly type: 'session/dismissNotice' }
  | { readonly type: 'session/clockTicked'; readonly nowMs: number };

/** Everything the console shows, read again (start, reconnect, after the automatic reconnect). */
export const LOAD_ALL: readonly WorkspaceEffect[] = [
  { type: 'loadQueue' },
  { type: 'loadCallbacks' },
  { type: 'loadChats' },
  { type: 'loadColleagues' },
  { type: 'loadCaseFiles' },
  { type: 'loadProfile' },
];

export function sessionStep(model: WorkspaceModel, event: SessionEvent): Step {
  switch (event.type) {
    case 'session/connect':
      return [model, [{ type: 'connect' }]];
    case 'session/retryDue':
      return model.state.sessionExpired ? unchanged(model) : [model, [{ type: 'connect' }]];
    case 'session/retryScheduled':
      return model.state.connectionRetryMs === event.waitMs ? unchanged(model) : [withState(model, (s) => ({ ...s, connectionRetryMs: event.waitMs })), []];
    case 'session/connected':
    case 'session/reconnected': {
      if (model.state.notice?.key === 'Workspace.TooManyConnections') model = withState(model, (s) => ({ ...s, notice: null }));
      // The case file this tab was reading before a reload opens again, once.
      const reopen = model.reopenCaseFileId;
      if (reopen === null) return [model, LOAD_ALL];
      const again: readonly WorkspaceEffect[] = model.state.openedCaseFile === null ? [{ type: 'reopenCaseFile', caseFileId: reopen }] : [];
      return [{ ...model, reopenCaseFileId: null, ...(again.length > 0 ? { wantedCaseFileId: reopen } : {}) }, [...LOAD_ALL, ...again]];
    }
    case 'session/connectFailed':
      // The hub refused the start because the firm's address holds too many connections: said as such, without the
      // server's text beside it; the retries then wait longer (lawyerWorkspace › retryDelayMs).
      return isConnectionCap(event.error)
        ? [
            withState(model, (s) => ({
              ...s,
              connection: 'disconnected',
              connectionTried: true,
              notice: { key: 'Workspace.TooManyConnections', detail: null },
            })),
            [],
          ]
        : [withState(model, (s) => withNotice({ ...s, connection: 'disconnected', connectionTried: true }, 'Workspace.LoadFailed', event.error)), []];
    case 'session/connectionChanged':
      return [
        withState(model, (s) => ({
          ...s,
          connection: event.connection,
          connectionTried: s.connectionTried || event.connection === 'connected',
          connectionRetryMs: event.connection === 'disconnected' ? s.connectionRetryMs : null,
        })),
        [],
      ];
    case 'session/expired':
      return [withState(model, (s) => ({ ...s, sessionExpired: true })), []];
    case 'session/loadFailed':
      return [withState(model, (s) => withNotice(s, 'Workspace.LoadFailed', event.error)), []];
    case 'session/actionFailed':
      return [withState(model, (s) => withNotice(s, 'Workspace.ActionFailed')), []];
    case 'session/dismissNotice':
      return [withState(model, (s) => ({ ...s, notice: null })), []];
    case 'session/clockTicked':
      return [withState(model, (s) => ({ ...s, nowMs: event.nowMs })), []];
  }
}
