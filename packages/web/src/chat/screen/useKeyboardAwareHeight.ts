import { useEffect } from 'react';

/** The custom property chat.css sizes the chat's screen with while a keyboard covers part of the page. */
export const VISUAL_HEIGHT_PROPERTY = '--rc-visual-height';

/**
 * Chrome and Firefox shrink the page for the virtual keyboard (interactive-widget=resizes-content in index.html), so
 * 100dvh is the height above it. Safari lays the keyboard over the page instead: while the visual viewport is lower
 * than the window (and not pinch-zoomed), the chat's screen takes the visual viewport's height, so the answer bar
 * stays right above the keyboard.
 */
export function useKeyboardAwareHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return undefined;
    const root = document.documentElement;
    const update = () => {
      const covered = viewport.scale <= 1.01 && window.innerHeight - viewport.height > 1;
      if (covered) root.style.setProperty(VISUAL_HEIGHT_PROPERTY, `${Math.round(viewport.height)}px`);
      else root.style.removeProperty(VISUAL_HEIGHT_PROPERTY);
    };
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty(VISUAL_HEIGHT_PROPERTY);
    };
  }, []);
}
