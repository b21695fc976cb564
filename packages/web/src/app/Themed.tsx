// The MUI theme around an area that uses MUI components; loaded with that area's chunk (lazyThemed.tsx).
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { appTheme } from './theme.js';

export function Themed({ children }: { readonly children: ReactNode }) {
  return <ThemeProvider theme={appTheme}>{children}</ThemeProvider>;
}
