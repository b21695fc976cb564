// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEVER, of } from 'rxjs';
import type { ChatHub } from '@rechtschat/core';
import { fakeChatHostApi, fakeProductApi, memoryStorage } from '../testSupport/app.js';
import { createChatControllerFactory, type ChatControllerPorts } from './chatControllerBinding.js';

const createdHubs = vi.hoisted(() => [] as unknown[]);

// The real client would try to connect; the test only needs to see how often the binding builds one.
vi.mock('@rechtschat/adapters/signalr', () => ({
  SignalRChatHub: class {
    constructor(options: unknown) {
      createdHubs.push(options);
      return recordingHub([]);
    }
  },
}));

/** A hub that records which members the controller touches and never answers. */
function recordingHub(touched: string[]): ChatHub {
  return new Proxy({} as ChatHub, {
    get: (_target, name) => {
      const member = String(name);
      if (member === 'then') return undefined;
      touched.push(member);
      return member.endsWith('$') ? (member === 'connectionState$' ? of('connected') : NEVER) : () => NEVER;
    },
  });
}

function ports(hub?: ChatHub): ChatControllerPorts {
  return {
    productApi: fakeProductApi({ getCurrentUser: () => NEVER }),
    chatHostApi: fakeChatHostApi(),
    hub,
    window: {
      focused$: of(true),
      visible$: of(true),
      isFocused: () => true,
      getTitle: () => '',
      setTitle: () => undefined,
      playNotificationSound: () => undefined,
    },
    network: { online$: of(true) },
    ids: { next: () => 'id-1' },
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    errorReporter: { captureException: () => undefined },
    overrideDomain: null,
    translate: (key) => key,
    storage: memoryStorage(),
  };
}

afterEach(() => {
  createdHubs.length = 0;
});

describe('createChatControllerFactory', () => {
  it('should hand an injected hub to every controller instead of creating a SignalR hub', () => {
    const touched: string[] = [];
    const create = createChatControllerFactory(ports(recordingHub(touched)));
    const controller = create();
    controller.start({ route: '/chat/new' });
    expect(touched).toContain('connectionState$');
    expect(createdHubs).toEqual([]);
    controller.dispose();
  });

  it('should create one SignalR hub for the page when the chunk loads and share it between controllers', () => {
    const create = createChatControllerFactory(ports());
    expect(createdHubs).toHaveLength(1);
    const first = create();
    const second = create();
    expect(createdHubs).toHaveLength(1);
    first.dispose();
    second.dispose();
  });
});
