export * from './workspaceState.js';
export * from './lawyerWorkspace.js';
