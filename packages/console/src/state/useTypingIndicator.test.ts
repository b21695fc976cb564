// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypingIndicator } from './useTypingIndicator.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useTypingIndicator', () => {
  it('should show after a notice and hide once the participant paused long enough', () => {
    const { result } = renderHook(() => useTypingIndicator(4000));
    act(() => result.current.show());
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.visible).toBe(false);
  });

  it('should restart the wait with every new notice', () => {
    const { result } = renderHook(() => useTypingIndicator(4000));
    act(() => result.current.show());
    act(() => vi.advanceTimersByTime(3000));
    act(() => result.current.show());
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.visible).toBe(true);
  });

  it('should hide at once when the message arrives and leave no timer behind on unmount', () => {
    const { result, unmount } = renderHook(() => useTypingIndicator(4000));
    act(() => result.current.show());
    act(() => result.current.hide());
    expect(result.current.visible).toBe(false);
    act(() => result.current.show());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
