export * from './workspaceState.js';
export * from './lawyerWorkspace.js';
export * from './caseFileFromChat.js';
export * from './caseFileForm.js';
export * from './account/index.js';
export * from './forwarding.js';
