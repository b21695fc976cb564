import { useEffect, useRef } from 'react';

/**
 * A line that ends an answer step (the rating's thanks, the chat's closing line) as a polite status. When it replaces
 * an answer form whose keyboard focus went with it (`takeFocus`, and the focus is on the page's body), the focus goes
 * to this line instead of falling to the page's start.
 */
export function StatusLine({ text, takeFocus }: { readonly text: string; readonly takeFocus: boolean }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus && (document.activeElement === null || document.activeElement === document.body)) line.current?.focus();
  }, [takeFocus]);
  return (
    <p ref={line} role="status" className="ui-text" tabIndex={-1}>
      {text}
    </p>
  );
}
