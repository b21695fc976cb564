// A chat log that keeps the newest message in view: it scrolls to the end when a message arrives
// while the lawyer is reading the end (or has just sent one), and leaves the position alone while
// the lawyer reads further up, so an arriving message does not pull the text away.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** How close to the end (px) still counts as reading the newest messages. */
const NEAR_END_PX = 48;

export function useFollowNewest<E extends HTMLElement>(lastMessageId: string | undefined, lastIsOwn: boolean): RefObject<E | null> {
  const scroller = useRef<E>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const onScroll = () => {
      following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_END_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || (!following.current && !lastIsOwn)) return;
    element.scrollTop = element.scrollHeight;
    following.current = true;
  }, [lastMessageId, lastIsOwn]);

  return scroller;
}
