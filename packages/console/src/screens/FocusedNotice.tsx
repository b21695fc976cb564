// A notice in the case-file list after the open file left it (withdrawn, handed over): the keyboard focus, which was in
// the closed file, continues here, and a screen reader reads it.
import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';

export function FocusedNotice({ text }: { readonly text: string }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), [text]);
  return (
    <div role="status" aria-live="polite">
      <Alert ref={notice} tabIndex={-1} severity="success" sx={{ mt: 1 }}>
        {text}
      </Alert>
    </div>
  );
}
