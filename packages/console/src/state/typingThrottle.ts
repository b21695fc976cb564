// Typing notifications go out at most once per interval (2 s), however fast the lawyer types.
export const TYPING_INTERVAL_MS = 2000;

/** Returns a function that calls `notify` unless it already did within `intervalMs` of `now()`. */
export function throttleTyping(notify: () => void, now: () => number, intervalMs = TYPING_INTERVAL_MS): () => void {
  let last: number | null = null;
  return () => {
    const at = now();
    if (last !== null && at - last < intervalMs) return;
    last = at;
    notify();
  };
}
