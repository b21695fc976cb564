// Builds the factory that gives every chat screen its own core ChatController.
// Imported lazily (see container.ts), so the controller, the SignalR client and libphonenumber stay out of the first chunk.
import { asyncScheduler } from 'rxjs';
import { createChatController, type ChatControllerDeps, type ChatHub } from '@rechtschat/core';
import { SignalRChatHub } from '@rechtschat/adapters/signalr';
import type { ChatControllerFactory } from '../chat/screen/chatControllerContext.js';

/** The controller's ports; without `hub` the page's single SignalR hub is created here. */
export type ChatControllerPorts = Omit<ChatControllerDeps, 'scheduler' | 'hub'> & { readonly hub?: ChatHub | undefined };

/** Real time comes from asyncScheduler; every call creates a fresh controller, which its screen must dispose(). */
export function createChatControllerFactory({ hub, ...ports }: ChatControllerPorts): ChatControllerFactory {
  const chatHub = hub ?? new SignalRChatHub({ chatUrl: () => ports.productApi.getChatUrl(), logger: ports.logger });
  const deps: ChatControllerDeps = { ...ports, hub: chatHub, scheduler: asyncScheduler };
  return () => createChatController(deps);
}
