import { describe, expect, it } from 'vitest';
import { MessageType } from '@rechtschat/core';
import { message } from '../testSupport/fakes.js';
import { messageKind } from './messages.js';

describe('messageKind', () => {
  it('should tell the lawyer, the participant, the bot and information notices apart', () => {
    expect(messageKind(message('1', 'a', { Author: { Id: 'law-1', Name: 'Anna' } }), 'law-1')).toBe('lawyer');
    expect(messageKind(message('2', 'b'), 'law-1')).toBe('participant');
    expect(messageKind(message('3', 'c', { Type: MessageType.ChatbotMessage, Author: null }), 'law-1')).toBe('bot');
    expect(messageKind(message('4', 'd', { Type: MessageType.Information, Author: null }), 'law-1')).toBe('information');
    expect(messageKind(message('5', 'e', { Type: MessageType.ForwardedMessage }), 'law-1')).toBe('information');
  });

  it("should name a colleague's answer from before a forward as the colleague's, not the client's", () => {
    const before = message('6', 'Ich leite Sie weiter.', { Author: { Id: 'law-2', Name: 'Dr. Markus Hoffmann' }, AuthorKind: 'lawyer' });
    expect(messageKind(before, 'law-1')).toBe('colleague');
    expect(messageKind(message('7', 'Danke', { AuthorKind: 'participant' }), 'law-1')).toBe('participant');
  });
});
