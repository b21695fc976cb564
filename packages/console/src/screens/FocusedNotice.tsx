// A notice in the case-file list after the open file left it (withdrawn, handed over – here or elsewhere): the keyboard
// focus, which was in the closed file, continues here, and a screen reader reads it.
import { useEffect, useRef } from 'react';
import { LiveNotice } from './LiveNotice.js';

export function FocusedNotice({ text, severity = 'success' }: { readonly text: string; readonly severity?: 'success' | 'info' }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), [text]);
  return (
    <LiveNotice politeness="polite" regionRole="status" severity={severity} ref={notice} tabIndex={-1} sx={{ mt: 1 }}>
      {text}
    </LiveNotice>
  );
}
