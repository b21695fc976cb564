// A labelled list of values (case details, personal data) as a <dl>, readable by screen readers.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function DefinitionList({ items }: { readonly items: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, columnGap: 2, rowGap: { xs: 0.5, sm: 1.5 }, m: 0 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1.5, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
