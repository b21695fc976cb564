import { describe, expect, it } from 'vitest';
import { SELECTION_KEY_PREFIX } from './tabMemorySlice.js';
import { workspaceStep } from './workspaceStep.js';
import { context, modelWith, tab } from './workspaceFixtures.testSupport.js';

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
});
