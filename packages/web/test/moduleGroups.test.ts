import { describe, expect, it } from 'vitest';
import { moduleGroup } from '../bench/moduleGroups.js';

describe('moduleGroup', () => {
  it('should group npm modules by package name, scoped or not', () => {
    expect(moduleGroup('node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(moduleGroup('node_modules/@mui/material/Button/Button.mjs')).toBe('@mui/material');
  });

  it('should group a nested node_modules copy under the innermost package', () => {
    expect(moduleGroup('node_modules/@sentry/react/node_modules/@sentry/core/build/esm/index.js')).toBe('@sentry/core');
  });

  it('should group our own sources by workspace package and top-level folder', () => {
    expect(moduleGroup('packages/web/src/chat/pages/ChatArea.tsx')).toBe('@rechtschat/web src/chat');
    expect(moduleGroup('packages/core/src/result.ts')).toBe('@rechtschat/core src');
  });

  it('should accept Windows separators and keep unknown paths as they are', () => {
    expect(moduleGroup('node_modules\\i18next\\dist\\esm\\i18next.js')).toBe('i18next');
    expect(moduleGroup('\0vite/modulepreload-polyfill')).toBe('\0vite/modulepreload-polyfill');
  });
});
