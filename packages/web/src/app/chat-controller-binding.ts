// Builds the factory that gives every chat screen its own core ChatController.
// Imported lazily (see container.ts), so the controller and libphonenumber stay out of the first chunk.
import { asyncScheduler } from 'rxjs';
import { createChatController, type ChatControllerDeps } from '@rechtschat/core';
import type { ChatControllerFactory } from '../chat/screen/chatControllerContext.js';

/** Real time comes from asyncScheduler; every call creates a fresh controller, which its screen must dispose(). */
export function createChatControllerFactory(ports: Omit<ChatControllerDeps, 'scheduler'>): ChatControllerFactory {
  const deps: ChatControllerDeps = { ...ports, scheduler: asyncScheduler };
  return () => createChatController(deps);
}
