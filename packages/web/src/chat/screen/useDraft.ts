// The text a person typed but has not sent, kept across a reload of the tab: people on a phone
// reload or lose the page mid-sentence, and a long problem description must not be gone then.
// The tab's sessionStorage (the screen's `drafts` service) ends with the tab, so nothing outlives the session.
import { useCallback, useState } from 'react';
import { useChatScreenServices } from './chatScreenServices.js';

export function useDraft(key: string | undefined): [string, (text: string) => void] {
  const { drafts } = useChatScreenServices();
  const [text, setText] = useState(() => (key && drafts?.get(key)) || '');
  const update = useCallback(
    (next: string) => {
      setText(next);
      if (!key || !drafts) return;
      if (next === '') drafts.remove(key);
      else drafts.set(key, next);
    },
    [key, drafts],
  );
  return [text, update];
}
