import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '../../result.js';
import { waiting } from '../lawyerFakes.testSupport.js';
import { isChatTaken, MUTED_KEY, queueStep } from './queueSlice.js';
import { modelWith, tab } from './workspaceFixtures.testSupport.js';

const TAKEN_TEXT = 'Dieser Chat wurde bereits von einer anderen Anwältin oder einem anderen Anwalt übernommen.';

describe('queue slice', () => {
  it('should not announce what waits at the first read, and announce a new chat in the background by count and sound', () => {
    const [first, quiet] = queueStep(modelWith(), { type: 'queue/loaded', queue: [waiting(1)], windowFocused: false });
    expect(quiet).toEqual([]);
    expect(first.state.queueLoaded).toBe(true);
    expect(first.state.attention).toBe(0);
    const [second, alerts] = queueStep(first, { type: 'queue/loaded', queue: [waiting(1), waiting(2)], windowFocused: false });
    expect(second.state.attention).toBe(1);
    expect(second.state.attentionMessages).toBe(0);
    expect(alerts).toEqual([{ type: 'playSound' }]);
    // Seen once is known for good: the same chat coming back is no news.
    expect(queueStep(second, { type: 'queue/loaded', queue: [waiting(2)], windowFocused: false })[0].state.attention).toBe(1);
  });

  it('should mark the forwarded tab of a case whose colleague did not take it, and keep that once the chat has left the queue', () => {
    const forwarded = tab(1, { ended: 'forwarded', forwardedTo: 'Markus Hoffmann' });
    const running = tab(2);
    const released = waiting(3, { CaseId: 'case-1', ForwardedBy: 'Dr. Anna Berger', ReleasedFrom: 'Markus Hoffmann' });
    // The same case waits for everyone again (its successor chat-3); a running tab of another case is left alone.
    const [back] = queueStep(modelWith({ tabs: [forwarded, { ...running, caseId: 'case-3' }] }), {
      type: 'queue/loaded',
      queue: [released],
      windowFocused: true,
    });
    expect(back.state.tabs.map((t) => t.notTakenBy)).toEqual(['Markus Hoffmann', null]);
    // Taken by someone from the queue: still not taken by Markus Hoffmann.
    const [taken] = queueStep(back, { type: 'queue/loaded', queue: [], windowFocused: true });
    expect(taken.state.tabs[0]?.notTakenBy).toBe('Markus Hoffmann');
  });

  it('should count but not sound while muted, and neither while the window has focus', () => {
    const known = modelWith({ muted: true }, { seenQueueIds: new Set() });
    const [muted, silent] = queueStep(known, { type: 'queue/loaded', queue: [waiting(1)], windowFocused: false });
    expect(muted.state.attention).toBe(1);
    expect(silent).toEqual([]);
    const [focused] = queueStep(modelWith({}, { seenQueueIds: new Set() }), { type: 'queue/loaded', queue: [waiting(1)], windowFocused: true });
    expect(focused.state.attention).toBe(0);
  });

  it('should recognise a chat a colleague took first by the code, or by the server text as long as no code comes', () => {
    expect(isChatTaken(httpError(409, 'ChatTaken', 'Vergeben'))).toBe(true);
    expect(isChatTaken(httpError(0, 'HubError', TAKEN_TEXT))).toBe(true);
    expect(isChatTaken(httpError(0, 'HubError', 'Etwas anderes'))).toBe(false);
    expect(isChatTaken(networkError(TAKEN_TEXT))).toBe(false);
  });

  it('should recognise a taken chat by its code alone, and read the text only of a refusal without a code', () => {
    expect(isChatTaken(httpError(0, 'ChatTaken', 'Diesen Chat hat jemand anderes.'))).toBe(true);
    expect(isChatTaken(httpError(0, 'Conflict', TAKEN_TEXT))).toBe(false);
    const [taken] = queueStep(modelWith(), { type: 'queue/acceptFailed', error: httpError(0, 'ChatTaken', TAKEN_TEXT) });
    expect(taken.state.notice).toEqual({ key: 'Workspace.ChatTaken', detail: TAKEN_TEXT });
  });

  it('should say why an accept failed and re-read the queue either way', () => {
    const [taken, effects] = queueStep(modelWith(), { type: 'queue/acceptFailed', error: httpError(0, 'HubError', TAKEN_TEXT) });
    expect(taken.state.notice).toEqual({ key: 'Workspace.ChatTaken', detail: TAKEN_TEXT });
    expect(effects).toEqual([{ type: 'loadQueue' }]);
    const [other] = queueStep(modelWith(), { type: 'queue/acceptFailed', error: networkError('weg') });
    expect(other.state.notice?.key).toBe('Workspace.ActionFailed');
  });

  it('should open an accepted chat and read the chats and the queue again', () => {
    expect(queueStep(modelWith(), { type: 'queue/accept', chatId: 'chat-1' })[1]).toEqual([{ type: 'acceptChat', chatId: 'chat-1' }]);
    const [accepted, effects] = queueStep(modelWith({ notice: { key: 'Workspace.ChatTaken', detail: null } }), { type: 'queue/accepted', chatId: 'chat-1' });
    expect(accepted.state.selectedChatId).toBe('chat-1');
    expect(accepted.state.notice).toBeNull();
    expect(effects).toEqual([{ type: 'loadChats' }, { type: 'loadQueue' }]);
  });

  it('should re-read queue and callbacks on a change, callbacks after marking one, and take back "could not load"', () => {
    expect(queueStep(modelWith(), { type: 'queue/changed' })[1]).toEqual([{ type: 'loadQueue' }, { type: 'loadCallbacks' }]);
    expect(queueStep(modelWith(), { type: 'queue/setCallbackDone', callbackId: 'cb-1', done: true })[1]).toEqual([
      { type: 'setCallbackDone', callbackId: 'cb-1', done: true },
    ]);
    expect(queueStep(modelWith(), { type: 'queue/callbackDoneSet' })[1]).toEqual([{ type: 'loadCallbacks' }]);
    expect(queueStep(modelWith(), { type: 'queue/callbacksDue' })[1]).toEqual([{ type: 'loadCallbacks' }]);
    const failing = modelWith({ notice: { key: 'Workspace.LoadFailed', detail: null } });
    expect(failing.state.callbacksLoaded).toBe(false);
    const [loaded] = queueStep(failing, { type: 'queue/callbacksLoaded', callbacks: [] });
    expect(loaded.state.notice).toBeNull();
    // Read once, even empty: a request seen after that is new, and the console announces it.
    expect(loaded.state.callbacksLoaded).toBe(true);
  });

  it('should remember the mute switch and clear the attention and the selected tab’s unread on focus', () => {
    expect(queueStep(modelWith(), { type: 'queue/setMuted', muted: true })).toEqual([
      expect.objectContaining({ state: expect.objectContaining({ muted: true }) }),
      [{ type: 'savePreference', key: MUTED_KEY, value: 'true' }],
    ]);
    const background = modelWith({ attention: 3, attentionMessages: 2, selectedChatId: 'chat-1', tabs: [tab(1, { unread: 2 }), tab(2, { unread: 1 })] });
    const [focused] = queueStep(background, { type: 'queue/windowFocused' });
    expect(focused.state.attention).toBe(0);
    expect(focused.state.tabs.map((t) => t.unread)).toEqual([0, 1]);
    expect(queueStep(modelWith({ attention: 1 }), { type: 'queue/windowFocused' })[0].state.attention).toBe(0);
  });

  it('should claim a callback, say it was taken and re-read the list, or keep a colleague’s 409 message for the entry', () => {
    const [asked, claimEffects] = queueStep(modelWith(), { type: 'queue/claimCallback', callbackId: 'cb-1' });
    expect(claimEffects).toEqual([{ type: 'claimCallback', callbackId: 'cb-1' }]);
    const [claimed, reread] = queueStep(asked, { type: 'queue/callbackClaimed', callbackId: 'cb-1' });
    expect(claimed.state.callbackClaim).toEqual({ callbackId: 'cb-1', claimed: true, message: null });
    expect(reread).toEqual([{ type: 'loadCallbacks' }]);
    const taken = httpError(409, 'Conflict', 'Diesen Rückruf hat bereits Markus Hoffmann übernommen.');
    const [refused, rereadAfter] = queueStep(claimed, { type: 'queue/claimFailed', callbackId: 'cb-2', error: taken });
    expect(refused.state.callbackClaim).toEqual({ callbackId: 'cb-2', claimed: false, message: 'Diesen Rückruf hat bereits Markus Hoffmann übernommen.' });
    expect(rereadAfter).toEqual([{ type: 'loadCallbacks' }]);
    // Any other failure carries no server text: the console says its own.
    const [failed] = queueStep(claimed, { type: 'queue/claimFailed', callbackId: 'cb-2', error: networkError('offline') });
    expect(failed.state.callbackClaim?.message).toBeNull();
  });

  it('should give a callback back, say it was given back and re-read the list, or keep the server’s 403/409 message for the entry', () => {
    const [asked, releaseEffects] = queueStep(modelWith(), { type: 'queue/releaseCallback', callbackId: 'cb-1' });
    expect(releaseEffects).toEqual([{ type: 'releaseCallback', callbackId: 'cb-1' }]);
    const [released, reread] = queueStep(asked, { type: 'queue/callbackReleased', callbackId: 'cb-1' });
    expect(released.state.callbackRelease).toEqual({ callbackId: 'cb-1', released: true, message: null });
    expect(reread).toEqual([{ type: 'loadCallbacks' }]);
    const done = httpError(409, 'Conflict', 'Ein erledigter Rückruf kann nicht zurückgegeben werden.');
    const [refused, rereadAfter] = queueStep(released, { type: 'queue/releaseFailed', callbackId: 'cb-2', error: done });
    expect(refused.state.callbackRelease).toEqual({ callbackId: 'cb-2', released: false, message: 'Ein erledigter Rückruf kann nicht zurückgegeben werden.' });
    expect(rereadAfter).toEqual([{ type: 'loadCallbacks' }]);
    const othersText = 'Diesen Rückruf hat Markus Hoffmann übernommen.';
    const [others] = queueStep(released, { type: 'queue/releaseFailed', callbackId: 'cb-2', error: httpError(403, 'Forbidden', othersText) });
    expect(others.state.callbackRelease?.message).toBe(othersText);
    const [failed] = queueStep(released, { type: 'queue/releaseFailed', callbackId: 'cb-2', error: networkError('offline') });
    expect(failed.state.callbackRelease?.message).toBeNull();
    // A new try forgets how the last one went.
    expect(queueStep(refused, { type: 'queue/releaseCallback', callbackId: 'cb-2' })[0].state.callbackRelease).toBeNull();
  });
});
