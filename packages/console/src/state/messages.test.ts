import { describe, expect, it } from 'vitest';
import { MessageType } from '@rechtschat/core';
import { message } from '../test/fakes.js';
import { messageKind } from './messages.js';

describe('messageKind', () => {
  it('should tell the lawyer, the participant, the bot and information notices apart', () => {
    expect(messageKind(message('1', 'a', { Author: { Id: 'law-1', Name: 'Anna' } }), 'law-1')).toBe('lawyer');
    expect(messageKind(message('2', 'b'), 'law-1')).toBe('participant');
    expect(messageKind(message('3', 'c', { Type: MessageType.ChatbotMessage, Author: null }), 'law-1')).toBe('bot');
    expect(messageKind(message('4', 'd', { Type: MessageType.Information, Author: null }), 'law-1')).toBe('information');
    expect(messageKind(message('5', 'e', { Type: MessageType.ForwardedMessage }), 'law-1')).toBe('information');
  });
});
