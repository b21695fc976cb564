// A button disabled while its action runs loses the keyboard focus: the browser drops it to the page's start, and a
// keyboard user who sent a file found themselves above the navigation. In a dialog the focus trap catches it on the
// dialog's own container instead, where Enter does nothing and the next Tab starts over at the dialog's top. This hook
// puts the focus back on the button once it is enabled again – only when it had the focus as it was disabled and
// nothing else took it meanwhile (the focus is on the page's start or on an element around the button).
import { useEffect, useRef, type RefObject } from 'react';

export function useRefocusWhenEnabled(button: RefObject<HTMLElement | null>, disabled: boolean): void {
  const hadFocus = useRef(false);
  useEffect(() => {
    const element = button.current;
    if (!element) return;
    if (disabled) {
      hadFocus.current = document.activeElement === element;
      return;
    }
    const focused = document.activeElement;
    if (hadFocus.current && (focused === null || focused === document.body || focused.contains(element))) element.focus();
    hadFocus.current = false;
  }, [button, disabled]);
}
