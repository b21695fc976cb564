import { describe, expect, it } from 'vitest';
import { throttleTyping, TYPING_INTERVAL_MS } from './typingThrottle.js';

describe('throttleTyping', () => {
  it('should notify at most once per two seconds however often the lawyer types', () => {
    let now = 10_000;
    let sent = 0;
    const typing = throttleTyping(() => sent++, () => now);
    typing();
    now += 500;
    typing();
    now += TYPING_INTERVAL_MS - 501;
    typing();
    expect(sent).toBe(1);
    now += 1;
    typing();
    expect(sent).toBe(2);
  });

  it('should notify right away on the first key press', () => {
    let sent = 0;
    throttleTyping(() => sent++, () => 0)();
    expect(sent).toBe(1);
  });
});
