import { describe, expect, it } from 'vitest';
import { FakeLawyerBackend, waiting } from './lawyerFakes.test-support.js';
import { initialWorkspaceState, syncTabs } from './workspaceState.js';

describe('restoring held chats', () => {
  const held = () => {
    const backend = new FakeLawyerBackend(() => 0);
    return [backend.hold(waiting(1)), backend.hold(waiting(2))];
  };

  it('should open the first held chat when the console starts and the lawyer has not chosen a view yet', () => {
    expect(syncTabs(initialWorkspaceState(0, false), held()).selectedChatId).toBe('chat-1');
  });

  it('should keep the queue open when the lawyer chose it before the held chats came back', () => {
    const choseQueue = { ...initialWorkspaceState(0, false), viewChosen: true };
    const restored = syncTabs(choseQueue, held());
    expect(restored.tabs.map((tab) => tab.chatId)).toEqual(['chat-1', 'chat-2']);
    expect(restored.selectedChatId).toBeNull();
  });
});
