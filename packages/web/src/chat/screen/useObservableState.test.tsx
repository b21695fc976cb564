// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { useObservableState } from './useObservableState.js';

describe('useObservableState', () => {
  it('should give undefined before the first value and then every new value', async () => {
    const source = new Subject<number>();
    const { result } = renderHook(() => useObservableState(source));
    expect(result.current).toBeUndefined();
    await act(async () => source.next(1));
    expect(result.current).toBe(1);
    await act(async () => source.next(2));
    expect(result.current).toBe(2);
  });

  it('should show the current value of a stream that has one at once after mounting', async () => {
    const source = new BehaviorSubject('bereit');
    const { result } = await act(async () => renderHook(() => useObservableState(source)));
    expect(result.current).toBe('bereit');
  });

  it('should not show the value of the previous stream when the stream changes', async () => {
    const first = new BehaviorSubject('alt');
    const second = new Subject<string>();
    const { result, rerender } = await act(async () =>
      renderHook(({ source }) => useObservableState(source), { initialProps: { source: first as Subject<string> } }),
    );
    expect(result.current).toBe('alt');
    await act(async () => rerender({ source: second }));
    expect(result.current).toBeUndefined();
    expect(first.observed).toBe(false);
  });

  it("should throw the stream's error during render, for the error boundary", async () => {
    const source = new Subject<number>();
    const { result } = renderHook(() => {
      try {
        return useObservableState(source);
      } catch (error) {
        return error;
      }
    });
    await act(async () => source.error(new Error('kaputt')));
    expect(result.current).toEqual(new Error('kaputt'));
  });
});
