import { createContext } from 'react';
import type { ChatController } from '@rechtschat/core';

/** Creates a fresh chat controller; the composition root provides it (one controller per chat screen). */
export type ChatControllerFactory = () => ChatController;

/** Supplies the controller factory to `ChatScreenRoute`. Null means the app forgot to provide it. */
export const ChatControllerContext = createContext<ChatControllerFactory | null>(null);
