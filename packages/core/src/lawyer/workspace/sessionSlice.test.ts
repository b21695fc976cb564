import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '../../result.js';
import { LOAD_ALL, sessionStep } from './sessionSlice.js';
import { modelWith } from './workspaceFixtures.testSupport.js';

describe('session slice', () => {
  it('should read everything again once connected or reconnected', () => {
    expect(sessionStep(modelWith(), { type: 'session/connected' })[1]).toEqual(LOAD_ALL);
    expect(sessionStep(modelWith(), { type: 'session/reconnected' })[1]).toEqual(LOAD_ALL);
  });

  it('should retry the connection unless the session has expired', () => {
    expect(sessionStep(modelWith(), { type: 'session/retryDue' })[1]).toEqual([{ type: 'connect' }]);
    expect(sessionStep(modelWith({ sessionExpired: true }), { type: 'session/retryDue' })[1]).toEqual([]);
    const [expired] = sessionStep(modelWith(), { type: 'session/expired' });
    expect(expired.state.sessionExpired).toBe(true);
  });

  it('should show a failed connect as disconnected with the server text, but no text of an internal error', () => {
    const [failed] = sessionStep(modelWith({ connection: 'connected' }), { type: 'session/connectFailed', error: httpError(503, 'Down', 'Wartung') });
    expect(failed.state.connection).toBe('disconnected');
    expect(failed.state.notice).toEqual({ key: 'Workspace.LoadFailed', detail: 'Wartung' });
    const [internal] = sessionStep(modelWith(), { type: 'session/loadFailed', error: httpError(500, 'Internal', 'Stack') });
    expect(internal.state.notice).toEqual({ key: 'Workspace.LoadFailed', detail: null });
    const [offline] = sessionStep(modelWith(), { type: 'session/loadFailed', error: networkError('offline') });
    expect(offline.state.notice?.detail).toBeNull();
  });

  it('should show a failed action without detail, dismiss notices, follow the connection and move the clock', () => {
    const [failed] = sessionStep(modelWith(), { type: 'session/actionFailed' });
    expect(failed.state.notice).toEqual({ key: 'Workspace.ActionFailed', detail: null });
    expect(sessionStep(failed, { type: 'session/dismissNotice' })[0].state.notice).toBeNull();
    expect(sessionStep(modelWith(), { type: 'session/connectionChanged', connection: 'reconnecting' })[0].state.connection).toBe('reconnecting');
    expect(sessionStep(modelWith(), { type: 'session/clockTicked', nowMs: 30_000 })[0].state.nowMs).toBe(30_000);
    expect(sessionStep(modelWith(), { type: 'session/connect' })[1]).toEqual([{ type: 'connect' }]);
  });
});
