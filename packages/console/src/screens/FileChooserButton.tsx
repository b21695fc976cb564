// A button that opens the browser's file chooser. A real <button> in front of a hidden file input: the <label>
// dressed as a button it replaces opened the chooser on Space only – Enter, the key a keyboard user presses on a
// button, did nothing – and role="button" is not allowed on a label (axe: aria-allowed-role).
import { useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useRefocusWhenEnabled } from './useRefocusWhenEnabled.js';

export interface FileChooserButtonProps {
  readonly children: ReactNode;
  readonly onFile: (file: File) => void;
  readonly disabled?: boolean;
  /** The input's `accept` list, e.g. "image/png,image/jpeg". */
  readonly accept?: string;
}

export function FileChooserButton({ children, onFile, disabled = false, accept }: FileChooserButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Disabled while the file is on its way: the keyboard focus comes back here once it arrived.
  useRefocusWhenEnabled(button, disabled);
  return (
    <>
      <Button ref={button} variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        {...(accept === undefined ? {} : { accept })}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          // The same file chosen again (e.g. after a failed upload) is a change again.
          e.target.value = '';
        }}
      />
    </>
  );
}
