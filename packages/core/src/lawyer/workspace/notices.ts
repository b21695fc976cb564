// The one notice line of the console, shared by every slice.
import type { AppError } from '../../result.js';
import type { WorkspaceNoticeKey, WorkspaceState } from '../workspaceState.js';

/** Shows a notice; the server's explanation goes with it unless it is an internal error (500) or none came. */
export const withNotice = (state: WorkspaceState, key: WorkspaceNoticeKey, error?: AppError): WorkspaceState => ({
  ...state,
  notice: { key, detail: error && error._tag === 'HttpError' && error.status !== 500 ? error.message : null },
});

/**
 * "Could not load, retrying" (a network or server failure, no detail) is over once a load succeeds again, after a
 * reconnect say; other notices, such as a case file that was not found, stay.
 */
export const loadSucceeded = (state: WorkspaceState): WorkspaceState =>
  state.notice?.key === 'Workspace.LoadFailed' && state.notice.detail === null ? { ...state, notice: null } : state;
