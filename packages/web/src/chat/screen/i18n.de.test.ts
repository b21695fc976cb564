import { describe, expect, it } from 'vitest';
import { ChatErrorKeys, ChatUploadErrorKeys, ChatUploadRefusalKeys, VALIDATION_MESSAGE_KEYS } from '@rechtschat/core';
import { chatScreenDe } from './i18n.de.js';

describe('chatScreenDe', () => {
  it('should have a German text for every chat key core can report', () => {
    const coreKeys = [
      ...VALIDATION_MESSAGE_KEYS.filter((key) => key.startsWith('Chat.')),
      ...Object.values(ChatErrorKeys),
      ...Object.values(ChatUploadErrorKeys),
      ...Object.values(ChatUploadRefusalKeys),
    ];
    const missing = coreKeys.filter((key) => !(key in chatScreenDe));
    expect(missing).toEqual([]);
  });

  it('should address the participant politely (no informal du/dein)', () => {
    const informal = Object.entries(chatScreenDe).filter(([, text]) => /\b(du|dein\w*|dich|dir)\b/i.test(text));
    expect(informal).toEqual([]);
  });
});
