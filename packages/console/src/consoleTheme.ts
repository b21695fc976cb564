// The console's colours. MUI's default blue (#1976d2) has 4.6:1 on white but only 4.4:1 on its own hover tint, so a
// hovered outlined button's text fell below WCAG AA (1.4.3, 4.5:1); this darker blue keeps at least 5.4:1 in every
// button state (white text on contained buttons: 5.8:1).
import { createTheme } from '@mui/material/styles';

export const consoleTheme = createTheme({ palette: { primary: { main: '#1565c0' } } });
