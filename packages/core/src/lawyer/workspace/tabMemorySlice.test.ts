import { describe, expect, it } from 'vitest';
import { initialWorkspaceState } from '../workspaceState.js';
import { EMPTY_CASE_FILE_FORM } from '../caseFileForm.js';
import {
  CASE_FILE_FORM_KEY_PREFIX,
  DRAFT_KEY_PREFIX,
  OPEN_CASE_FILE_KEY_PREFIX,
  SELECTION_KEY_PREFIX,
  decodeDismissed,
  decodeStoredCaseFileForm,
  restoredModel,
  selectionMemory,
  tabMemoryStep,
  withStoredDrafts,
} from './tabMemorySlice.js';
import { context, modelWith, tab } from './workspaceFixtures.testSupport.js';

const SELECTION_KEY = `${SELECTION_KEY_PREFIX}${context.lawyerId}`;

describe('tab memory slice', () => {
  it('should start from the remembered view and form of this tab, and from nothing for values that do not fit', () => {
    const form = JSON.stringify({ values: { ...EMPTY_CASE_FILE_FORM, Title: 'Miete' }, prefill: null });
    const restored = restoredModel(initialWorkspaceState(0, false), { selection: 'view:casefiles', caseFileForm: form });
    expect(restored.state).toMatchObject({ view: 'casefiles', viewChosen: true });
    expect(restored.state.caseFile.values?.Title).toBe('Miete');
    const chat = restoredModel(initialWorkspaceState(0, false), { selection: 'chat:chat-2', caseFileForm: '{kaputt' });
    expect(chat.remembered).toEqual({ chatId: 'chat-2' });
    expect(chat.state.viewChosen).toBe(false);
    expect(chat.state.caseFile.values).toBeNull();
    expect(decodeStoredCaseFileForm(JSON.stringify({ values: null, prefill: null }))).toBeNull();
    expect(decodeStoredCaseFileForm(JSON.stringify({ values: { Title: 1 }, prefill: null }))).toBeNull();
  });

  it('should reopen only a stored case-file id that fits the server’s form', () => {
    const restore = (openCaseFile: string | null) => restoredModel(initialWorkspaceState(0, false), { selection: null, caseFileForm: null, openCaseFile });
    expect(restore('3f2a9c1e-77b0-4c1d-9e55-0b6c3d2a1f00').reopenCaseFileId).toBe('3f2a9c1e-77b0-4c1d-9e55-0b6c3d2a1f00');
    expect(restore('../../admin').reopenCaseFileId).toBeNull();
    expect(restore('').reopenCaseFileId).toBeNull();
    expect(restore(null).reopenCaseFileId).toBeNull();
  });

  it('should keep a changed selection, but not before anything was chosen nor after signing out', () => {
    const before = modelWith().state;
    expect(selectionMemory(before, modelWith({ selectedChatId: 'chat-1' }), context)).toEqual([
      { type: 'rememberInTab', key: SELECTION_KEY, value: 'chat:chat-1' },
    ]);
    expect(selectionMemory(before, modelWith(), context)).toEqual([]);
    expect(selectionMemory(before, modelWith({ selectedChatId: 'chat-1' }, { forgotten: true }), context)).toEqual([]);
    const chosen = modelWith({ viewChosen: true });
    expect(selectionMemory(chosen.state, chosen, context)).toEqual([]);
  });

  it('should give back kept drafts only to tabs without one', () => {
    const state = modelWith({ tabs: [tab(1), tab(2, { draft: 'neu' })] }).state;
    const drafts = new Map([
      ['chat-1', 'alt 1'],
      ['chat-2', 'alt 2'],
    ]);
    expect(withStoredDrafts(state, drafts).tabs.map((t) => t.draft)).toEqual(['alt 1', 'neu']);
  });

  it('should forget drafts, selection and form when the lawyer signs out, keep the closed tabs, and write nothing afterwards', () => {
    const [forgotten, effects] = tabMemoryStep(modelWith({ tabs: [tab(1)] }), { type: 'memory/forget' }, context);
    expect(forgotten.forgotten).toBe(true);
    expect(effects).toEqual([
      { type: 'rememberInTab', key: `${DRAFT_KEY_PREFIX}chat-1`, value: null },
      { type: 'rememberInTab', key: SELECTION_KEY, value: null },
      { type: 'rememberInTab', key: `${CASE_FILE_FORM_KEY_PREFIX}${context.lawyerId}`, value: null },
      { type: 'rememberInTab', key: `${OPEN_CASE_FILE_KEY_PREFIX}${context.lawyerId}`, value: null },
    ]);
  });

  it('should read back the closed tabs of a finished chat, and ignore a stored value that does not fit', () => {
    expect(decodeDismissed('["chat-1","chat-2"]')).toEqual(new Set(['chat-1', 'chat-2']));
    for (const stored of [null, '', 'chat-1', '{"chat-1":true}', '[1,2]']) expect(decodeDismissed(stored)).toEqual(new Set());
    const restored = restoredModel(initialWorkspaceState(0, false), { selection: null, caseFileForm: null, dismissed: '["chat-9"]' });
    expect(restored.dismissed).toEqual(new Set(['chat-9']));
  });
});
