import { describe, expect, it } from 'vitest';
import { SELECTION_KEY_PREFIX } from './tabMemorySlice.js';
import { workspaceStep } from './workspaceStep.js';
import { context, held, modelWith, tab } from './workspaceFixtures.testSupport.js';
import type { WorkspaceModel } from './model.js';
import type { WorkspaceEvent } from './workspaceStep.js';

describe('workspace step', () => {
  it('should hand each event to its slice and keep a changed selection whichever slice changed it', () => {
    const [selected, effects] = workspaceStep(modelWith({ tabs: [tab(1)] }), { type: 'tabs/select', chatId: 'chat-1' }, context);
    expect(selected.state.selectedChatId).toBe('chat-1');
    expect(effects).toEqual([{ type: 'rememberInTab', key: `${SELECTION_KEY_PREFIX}${context.lawyerId}`, value: 'chat:chat-1' }]);
    const [accepted, more] = workspaceStep(selected, { type: 'queue/accepted', chatId: 'chat-2' }, context);
    expect(accepted.state.selectedChatId).toBe('chat-2');
    expect(more).toContainEqual({ type: 'rememberInTab', key: `${SELECTION_KEY_PREFIX}${context.lawyerId}`, value: 'chat:chat-2' });
  });

  it('should route session, case-file, profile and tab-memory events', () => {
    expect(workspaceStep(modelWith(), { type: 'session/connect' }, context)[1]).toEqual([{ type: 'connect' }]);
    expect(workspaceStep(modelWith(), { type: 'caseFiles/load' }, context)[1]).toEqual([{ type: 'loadCaseFiles' }]);
    expect(workspaceStep(modelWith(), { type: 'profile/removePhoto' }, context)[1]).toEqual([{ type: 'removePhoto' }]);
    expect(workspaceStep(modelWith(), { type: 'memory/forget' }, context)[0].forgotten).toBe(true);
  });

  it('should keep the queue in front while the lawyer presses „Annehmen“ there as the held chats are restored, and then open the accepted chat', () => {
    const run = (model: WorkspaceModel, ...events: WorkspaceEvent[]) => events.reduce((m, event) => workspaceStep(m, event, context)[0], model);
    // After a reload that remembered chat 1: the lawyer presses „Annehmen“ on chat 9 (focused or pressed, not released).
    const pressing = run(modelWith({}, { remembered: { chatId: 'chat-1' } }), { type: 'tabs/holdView' });
    const restored = run(pressing, { type: 'tabs/chatsLoaded', active: [held(1)], storedDrafts: new Map() });
    // The restored chat waits in its tab; the queue under the pointer stays.
    expect(restored.state.tabs.map((t) => t.chatId)).toEqual(['chat-1']);
    expect([restored.state.selectedChatId, restored.state.view]).toEqual([null, 'queue']);
    // The click completes: the accepted chat opens, and stays in front when the chats are read again.
    const [accepting, effects] = workspaceStep(restored, { type: 'queue/accept', chatId: 'chat-9' }, context);
    expect(effects).toContainEqual({ type: 'acceptChat', chatId: 'chat-9' });
    const accepted = run(
      accepting,
      { type: 'queue/accepted', chatId: 'chat-9' },
      { type: 'tabs/chatsLoaded', active: [held(1), held(9)], storedDrafts: new Map() },
    );
    expect(accepted.state.selectedChatId).toBe('chat-9');
    expect(accepted.state.tabs.map((t) => t.chatId)).toEqual(['chat-1', 'chat-9']);
  });

  it('should still open a restored chat in front of the queue the lawyer has not reached for', () => {
    const [restored] = workspaceStep(
      modelWith({}, { remembered: { chatId: 'chat-1' } }),
      { type: 'tabs/chatsLoaded', active: [held(1)], storedDrafts: new Map() },
      context,
    );
    expect(restored.state.selectedChatId).toBe('chat-1');
  });
});
