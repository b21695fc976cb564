import { describe, expect, it } from 'vitest';
import { defer, firstValueFrom, of } from 'rxjs';
import { ok } from '@rechtschat/core';
import { fakeChatHostApi } from '../../testSupport/app.js';
import { endChatHostSession } from './endChatHostSession.js';

describe('endChatHostSession', () => {
  it('should end the page’s own chat connection before the chat host’s logout, so the server has none to close with an error', async () => {
    const order: string[] = [];
    const result = await firstValueFrom(
      endChatHostSession(
        () => defer(() => (order.push('chat-connection'), of(ok(undefined)))),
        fakeChatHostApi({ logout: () => (order.push('chat-host'), of(ok(undefined))) }),
      ),
    );
    expect(result).toEqual(ok(undefined));
    expect(order).toEqual(['chat-connection', 'chat-host']);
  });
});
