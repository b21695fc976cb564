import { describe, expect, it } from 'vitest';
import { ONBOARDING_DRAFT_KEY, PENDING_MESSAGES_KEY } from '@rechtschat/core';
import { memoryStorage } from '../../testSupport/app.js';
import { chatDrafts } from './chatDrafts.js';
import { forgetChatPersonData } from './chatTabData.js';

describe('chat drafts in the tab', () => {
  it('should keep each chat’s unsent text under its own key', () => {
    const drafts = chatDrafts(memoryStorage());
    drafts.set('rc.chat.draft.neu', 'Mein Vermieter');
    drafts.set('rc.chat.draft.chat-2', 'Seit März');
    expect(drafts.get('rc.chat.draft.neu')).toBe('Mein Vermieter');
    expect(drafts.get('rc.chat.draft.chat-2')).toBe('Seit März');
    drafts.remove('rc.chat.draft.neu');
    expect(drafts.get('rc.chat.draft.neu')).toBeNull();
    expect(drafts.get('rc.chat.draft.chat-2')).toBe('Seit März');
  });

  it('should survive a new view over the same storage (a reload of the tab)', () => {
    const storage = memoryStorage();
    chatDrafts(storage).set('rc.chat.draft.case-1', 'Kündigung erhalten');
    expect(chatDrafts(storage).get('rc.chat.draft.case-1')).toBe('Kündigung erhalten');
  });

  it('should read a damaged entry as no drafts', () => {
    const storage = memoryStorage();
    storage.set('rechtschat.chat.drafts', '{kaputt');
    expect(chatDrafts(storage).get('rc.chat.draft.neu')).toBeNull();
    storage.set('rechtschat.chat.drafts', '["a"]');
    expect(chatDrafts(storage).get('0')).toBeNull();
  });

  it('should forget the onboarding, every unsent text and every message still to be sent of the person, whatever chat it was typed in', () => {
    const storage = memoryStorage();
    const drafts = chatDrafts(storage);
    drafts.set('rc.chat.draft.neu', 'Mein Arbeitgeber hat mir gekündigt');
    drafts.set('rc.chat.draft.chat-7', 'Ich bin schwanger');
    storage.set(ONBOARDING_DRAFT_KEY, '{"v":1}');
    storage.set(PENDING_MESSAGES_KEY, '{"case-7":[["c-1","Bitte rufen Sie mich an"]]}');
    forgetChatPersonData(storage);
    expect(storage.get(PENDING_MESSAGES_KEY)).toBeNull();
    expect(drafts.get('rc.chat.draft.neu')).toBeNull();
    expect(drafts.get('rc.chat.draft.chat-7')).toBeNull();
    expect(storage.get(ONBOARDING_DRAFT_KEY)).toBeNull();
  });
});
