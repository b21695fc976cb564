// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeyboardAwareHeight, VISUAL_HEIGHT_PROPERTY } from './useKeyboardAwareHeight.js';

/** A visual viewport as Safari has it: the keyboard covers the page, so it is lower than the window. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  scale = 1;
  resize(height: number, scale = 1) {
    this.height = height;
    this.scale = scale;
    this.dispatchEvent(new Event('resize'));
  }
}

function Probe() {
  useKeyboardAwareHeight();
  return null;
}

const property = () => document.documentElement.style.getPropertyValue(VISUAL_HEIGHT_PROPERTY);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useKeyboardAwareHeight', () => {
  it('should give the chat the visual viewport’s height while a keyboard covers the page, and nothing otherwise', () => {
    const viewport = new FakeVisualViewport();
    vi.stubGlobal('visualViewport', viewport);
    vi.stubGlobal('innerHeight', 844);
    const { unmount } = render(<Probe />);
    expect(property()).toBe('');
    act(() => viewport.resize(508.4));
    expect(property()).toBe('508px');
    // Pinch-zoomed, the visual viewport is lower too – but no keyboard takes room.
    act(() => viewport.resize(422, 2));
    expect(property()).toBe('');
    act(() => viewport.resize(508));
    unmount();
    expect(property()).toBe('');
  });
});
