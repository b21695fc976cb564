import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

interface ResponseFormProps {
  /** Runs instead of the browser's submission, on Enter in a field or the submit button. */
  readonly onSubmit: () => void;
  /** Space between the stacked rows, in theme spacing units. */
  readonly gap?: number;
  readonly children: ReactNode;
}

/** The form around an answer input: core validates (so no browser validation) and the page never reloads. */
export function ResponseForm({ onSubmit, gap = 1, children }: ResponseFormProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap }}
    >
      {children}
    </Box>
  );
}
