export * from './chatController.js';
export * from './chatErrorKeys.js';
export * from './chatUploadRules.js';
export * from './chatTimings.js';
export * from './chatSession.js';
export * from './chatSessionState.js';
export * from './classify.js';
export { ONBOARDING_DRAFT_KEY } from './botTranscriptStore.js';
export { NEW_MESSAGE_TITLE } from './timers/titleToggle.js';
