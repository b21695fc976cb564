// A description list of labels and values (case facts, questionnaire answers): two columns from
// the small breakpoint on, stacked on a phone; values keep the line breaks the client typed.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export function FactList({ children }: { readonly children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0, whiteSpace: 'pre-wrap' },
      }}
    >
      {children}
    </Box>
  );
}
