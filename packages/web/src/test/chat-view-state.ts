// The chat view state before anything happened, shared by the app-shell and the chat-screen test support.
import type { ChatViewState } from '@rechtschat/core';

export const initialChatState: ChatViewState = {
  phase: 0,
  caseId: null,
  chatId: null,
  messages: [],
  botTyping: false,
  lawyerTyping: false,
  responseType: null,
  lawyerConnected: false,
  caseClosed: false,
  connection: 'connected',
  waitingForLawyer: false,
  callbackOffered: false,
  callbackRequested: false,
  callbackConfirmation: null,
  fileForwardingQuestion: false,
  inactivity: null,
  minTextLength: 15,
  maxTextLength: 750,
  busy: false,
  errorKey: null,
  requestPhoneNumber: false,
  secondLevelEnabled: false,
  ratingSaved: false,
  usageConfirmationAvailable: false,
};
