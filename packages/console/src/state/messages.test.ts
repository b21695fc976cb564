import { describe, expect, it } from 'vitest';
import { MessageType } from '@rechtschat/core';
import { message } from '../test/fakes.js';
import { belongsTo, mergeMessages, messageKind } from './messages.js';

describe('mergeMessages', () => {
  it('should append new messages in arrival order', () => {
    const merged = mergeMessages([message('1', 'a')], [message('2', 'b'), message('3', 'c')]);
    expect(merged.map((m) => m.Id)).toEqual(['1', '2', '3']);
  });

  it('should show a message that arrives twice (history and live) only once', () => {
    const merged = mergeMessages([message('1', 'a')], [message('1', 'a'), message('2', 'b'), message('2', 'b')]);
    expect(merged.map((m) => m.Id)).toEqual(['1', '2']);
  });

  it('should keep the same list when nothing is new', () => {
    const current = [message('1', 'a')];
    expect(mergeMessages(current, [message('1', 'a')])).toBe(current);
  });
});

describe('belongsTo', () => {
  it('should accept messages of the open chat or without a chat and refuse other chats', () => {
    expect(belongsTo(message('1', 'a', { ChatId: 'chat-1' }), 'chat-1')).toBe(true);
    expect(belongsTo(message('1', 'a', { ChatId: undefined }), 'chat-1')).toBe(true);
    expect(belongsTo(message('1', 'a', { ChatId: 'chat-9' }), 'chat-1')).toBe(false);
  });
});

describe('messageKind', () => {
  it('should tell the lawyer, the participant, the bot and information notices apart', () => {
    expect(messageKind(message('1', 'a', { Author: { Id: 'law-1', Name: 'Anna' } }), 'law-1')).toBe('lawyer');
    expect(messageKind(message('2', 'b'), 'law-1')).toBe('participant');
    expect(messageKind(message('3', 'c', { Type: MessageType.ChatbotMessage, Author: null }), 'law-1')).toBe('bot');
    expect(messageKind(message('4', 'd', { Type: MessageType.Information, Author: null }), 'law-1')).toBe('information');
    expect(messageKind(message('5', 'e', { Type: MessageType.ForwardedMessage }), 'law-1')).toBe('information');
  });
});
