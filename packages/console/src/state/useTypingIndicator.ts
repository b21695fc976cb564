// "The participant is typing" shows for a few seconds after each IsTyping notice; the timer is always cleared.
import { useCallback, useEffect, useRef, useState } from 'react';

export const TYPING_VISIBLE_MS = 4000;

export function useTypingIndicator(visibleMs = TYPING_VISIBLE_MS) {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const show = useCallback(() => {
    clear();
    setVisible(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setVisible(false);
    }, visibleMs);
  }, [clear, visibleMs]);

  const hide = useCallback(() => {
    clear();
    setVisible(false);
  }, [clear]);

  useEffect(() => clear, [clear]);

  return { visible, show, hide };
}
