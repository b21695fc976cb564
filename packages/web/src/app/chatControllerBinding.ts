// Builds the factory that gives every chat screen its own core ChatController.
// Imported lazily (see container.ts), so the controller and the SignalR client stay out of the first chunk.
// libphonenumber is one step further away: its plan is imported only when the controller first needs it.
import { asyncScheduler, defer, map } from 'rxjs';
import { createChatController, type ChatControllerDeps, type ChatHub } from '@rechtschat/core';
import { createBrowserChatTabs } from '@rechtschat/adapters';
import { SignalRChatHub } from '@rechtschat/adapters/signalr';
import type { ChatControllerFactory } from '../chat/screen/chatControllerContext.js';

/**
 * The controller's ports; without `hub` the page's single SignalR hub is created here, without `chatTabs` the page's
 * channel to its other tabs (a second tab of the chat learns there that the callback number was given).
 */
export type ChatControllerPorts = Omit<ChatControllerDeps, 'scheduler' | 'hub' | 'loadPhoneNumberPlan' | 'chatTabs'> & {
  readonly hub?: ChatHub | undefined;
  readonly chatTabs?: ChatControllerDeps['chatTabs'] | undefined;
  readonly loadPhoneNumberPlan?: ChatControllerDeps['loadPhoneNumberPlan'];
};

/** The numbering plan as its own chunk, fetched when a phone number is about to be asked for (never on the way to a usable chat). */
export const loadPhoneNumberPlan: ChatControllerDeps['loadPhoneNumberPlan'] = () =>
  defer(() => import('@rechtschat/core/phone-plan')).pipe(map((module) => module.libphonenumberPlan));

/** The factory, with the page's hub it hands to every controller (which a logout ends first). */
type ChatControllerFactoryWithHub = ChatControllerFactory & { readonly hub: ChatHub };

/** Real time comes from asyncScheduler; every call creates a fresh controller, which its screen must dispose(). */
export function createChatControllerFactory({ hub, chatTabs, ...ports }: ChatControllerPorts): ChatControllerFactoryWithHub {
  const chatHub = hub ?? new SignalRChatHub({ chatUrl: () => ports.productApi.getChatUrl(), logger: ports.logger });
  const tabs = chatTabs ?? createBrowserChatTabs(window);
  const deps: ChatControllerDeps = { loadPhoneNumberPlan, ...ports, hub: chatHub, chatTabs: tabs, scheduler: asyncScheduler };
  return Object.assign(() => createChatController(deps), { hub: chatHub });
}
