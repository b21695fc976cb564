// Small models and messages for the slice tests: plain data, no ports, no scheduler.
import { libphonenumberPlan } from '../../validation/libphonenumberPlan.js';
import { MessageType, type ActiveChatEntry, type ChatMessage } from '../../wire/index.js';
import { initialWorkspaceState, newTab, type ChatTab, type WorkspaceState } from '../workspaceState.js';
import { FakeLawyerBackend, ME, waiting } from '../lawyerFakes.testSupport.js';
import type { StepContext, WorkspaceModel } from './model.js';
import { restoredModel } from './tabMemorySlice.js';

export const context: StepContext = { lawyerId: ME.Id, phonePlan: libphonenumberPlan };

/** A fresh workspace, with state fields replaced as given. */
export const modelWith = (state: Partial<WorkspaceState> = {}, rest: Partial<Omit<WorkspaceModel, 'state'>> = {}): WorkspaceModel => {
  const fresh = restoredModel(initialWorkspaceState(0, false), { selection: null, caseFileForm: null });
  return { ...fresh, ...rest, state: { ...fresh.state, ...state } };
};

/** The n-th chat as the server lists it among the lawyer's active chats. */
export const held = (n: number): ActiveChatEntry => new FakeLawyerBackend(() => 0).hold(waiting(n));

export const tab = (n: number, over: Partial<ChatTab> = {}): ChatTab => ({ ...newTab(held(n)), ...over });

export const clientMessage = (n: number, id: string, text = 'Hallo'): ChatMessage => ({
  Id: id,
  ChatId: `chat-${n}`,
  Message: text,
  Type: MessageType.Message,
  Author: { Id: 'p-1', Name: 'Ratsuchende Person' },
  Created: '2026-11-22T10:00:00.000Z',
});
