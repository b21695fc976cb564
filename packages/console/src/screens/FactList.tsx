// A description list of labels and values (case facts, questionnaire answers): two columns from
// the small breakpoint on, stacked on a phone; values keep the line breaks the client typed. A value never widens its
// column beyond the space there is: a German compound in a client's problem („Donnersbergerbrückenverwaltungs…“) breaks
// inside the word instead of pushing the chat's side panel – and „Ändern“ beside the field of law – past the window.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export function FactList({ children }: { readonly children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { sm: 'max-content minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
      }}
    >
      {children}
    </Box>
  );
}
