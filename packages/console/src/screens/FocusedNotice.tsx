// A notice in the case-file list after the open file left it (withdrawn, handed over – here or elsewhere): the keyboard
// focus, which was in the closed file, continues here, and a screen reader reads it.
import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';

export function FocusedNotice({ text, severity = 'success' }: { readonly text: string; readonly severity?: 'success' | 'info' }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), [text]);
  return (
    <div role="status" aria-live="polite">
      <Alert role="none" ref={notice} tabIndex={-1} severity={severity} sx={{ mt: 1 }}>
        {text}
      </Alert>
    </div>
  );
}
