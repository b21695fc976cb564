// A calm, trustworthy look for a German legal service: deep blue, warm neutral background,
// generous line height, phone first. Colours meet WCAG AA contrast on their backgrounds.
import { createTheme } from '@mui/material/styles';

export const appTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f3a5f', contrastText: '#ffffff' },
    secondary: { main: '#2e6b5e', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    background: { default: '#f6f5f2', paper: '#ffffff' },
    text: { primary: '#1c1f24', secondary: '#4a5260' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Source Sans 3", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.25 },
    h2: { fontSize: '1.35rem', fontWeight: 600, lineHeight: 1.3 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    body1: { lineHeight: 1.6 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiTextField: { defaultProps: { variant: 'outlined', fullWidth: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiCssBaseline: {
      styleOverrides: {
        // A two-tone focus ring (dark outline, white inner ring) that keeps 3:1 contrast on the
        // light page as well as on the dark header and footer, also on MUI's own controls.
        ':focus-visible': { outline: '3px solid #1f3a5f', outlineOffset: '2px', boxShadow: '0 0 0 2px #ffffff' },
        // Text fields show focus through their own thicker outlined border; a second ring inside it looks broken.
        '.MuiInputBase-input:focus-visible': { outline: 'none', boxShadow: 'none' },
      },
    },
  },
});
