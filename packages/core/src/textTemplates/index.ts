export * from './textTemplateText.js';
export * from './textTemplatesManager.js';
