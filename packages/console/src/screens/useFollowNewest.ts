// A chat log that keeps the newest message in view: it scrolls to the end when a message arrives
// while the lawyer is reading the end (or has just sent one), and leaves the position alone while
// the lawyer reads further up, so an arriving message does not pull the text away.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_END_PX = 48;

/** The log as this hook last left it: which element, and how tall its content was then. */
interface LastLayout<E> {
  readonly element: E;
  readonly scrollHeight: number;
}

export function useFollowNewest<E extends HTMLElement>(lastMessageId: string | undefined, lastIsOwn: boolean): RefObject<E | null> {
  const scroller = useRef<E>(null);
  const last = useRef<LastLayout<E> | null>(null);

  // Where the lawyer reads is measured when the message arrives, against the content's height before it: the scroll
  // position is current at once, while the browser's `scroll` event of a scroll just made may not have fired yet (a
  // flag kept by that event let the log jump to the end under a lawyer who had just scrolled up). A log element shown
  // anew (another layout, a remount) starts at its end.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = last.current;
    const wasReadingEnd = before === null || before.element !== element || before.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_END_PX;
    if (wasReadingEnd || lastIsOwn) element.scrollTop = element.scrollHeight;
    last.current = { element, scrollHeight: element.scrollHeight };
  }, [lastMessageId, lastIsOwn]);

  return scroller;
}
