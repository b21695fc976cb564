import { describe, expect, it } from 'vitest';
import type { ChatMessage, Notification } from '@rechtschat/core';
import { fakeConnection, message } from '../test/fakes.js';
import { createLawyerHub, lawyerHubUrl } from './lawyerHub.js';

function setUp(answers: Record<string, unknown> = {}) {
  const fake = fakeConnection(answers);
  const seen = { queue: 0, messages: [] as ChatMessage[], notifications: [] as Notification[] };
  const hub = createLawyerHub(fake.connection, {
    queueChanged: () => seen.queue++,
    message: (m) => seen.messages.push(m),
    notification: (n) => seen.notifications.push(n),
  });
  return { fake, seen, hub };
}

describe('lawyer hub', () => {
  it('should connect as a lawyer on the chat host', () => {
    expect(lawyerHubUrl('http://chat.test/')).toBe('http://chat.test/signalr?as=lawyer');
  });

  it('should pass decoded events on and drop ones that break the contract', () => {
    const { fake, seen } = setUp();
    fake.emit('QueueChanged');
    fake.emit('DistributeMessage', message('1', 'Hallo'));
    fake.emit('DistributeMessage', { Id: 1, Message: '<b>kaputt</b>' });
    fake.emit('SendNotification', { ChatId: 'chat-1', Type: 'Closed' });
    fake.emit('SendNotification', { ChatId: 'chat-1', Type: 'Explodiert' });
    expect(seen.queue).toBe(1);
    expect(seen.messages.map((m) => m.Message)).toEqual(['Hallo']);
    expect(seen.notifications).toEqual([{ ChatId: 'chat-1', Type: 'Closed' }]);
  });

  it('should invoke the lawyer methods with the documented arguments', async () => {
    const joined = { CaseId: 'case-1', ChatId: 'chat-1' };
    const { fake, hub } = setUp({ AcceptChat: joined, ForwardChat: { CaseId: 'case-1', ChatId: 'chat-2' } });
    expect(await hub.acceptChat('chat-1')).toEqual(joined);
    await hub.sendMessage('chat-1', 'Guten Tag');
    await hub.sendTyping('chat-1');
    await hub.closeChat('chat-1', true);
    expect(await hub.forwardChat('chat-1', 'law-2')).toEqual({ CaseId: 'case-1', ChatId: 'chat-2' });
    expect(fake.invocations).toEqual([
      ['AcceptChat', 'chat-1'],
      ['SendMessage', 'chat-1', 'Guten Tag'],
      ['SendTypingNotification', 'chat-1'],
      ['CloseChat', 'chat-1', true],
      ['ForwardChat', 'chat-1', 'law-2'],
    ]);
  });

  it('should fail an accept whose answer breaks the contract', async () => {
    const { hub } = setUp({ AcceptChat: { nope: true } });
    await expect(hub.acceptChat('chat-1')).rejects.toThrow(/StartJoinResult/);
  });
});
