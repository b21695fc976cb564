// The console's colours. MUI's default blue (#1976d2) has 4.6:1 on white but only 4.4:1 on its own hover tint, so a
// hovered outlined button's text fell below WCAG AA (1.4.3, 4.5:1); this darker blue keeps at least 5.4:1 in every
// button state (white text on contained buttons: 5.8:1).
//
// The keyboard focus: MUI marks it only with a faint ripple (light blue at 30 %, and on the mute switch's white thumb
// hardly anything), which a lawyer working by keyboard lost sight of (WCAG 2.4.7). Every button, tab, link button,
// checkbox, radio and switch shows a solid 2 px ring in its own text colour when focused by keyboard
// (`Mui-focusVisible`); where that colour is white on white (contained buttons, the switch's thumb) the ring takes the
// button's colour instead.
//
// Borders that identify a control (WCAG 1.4.11, 3:1 against the page): MUI draws an outlined field's border in black
// at 23 % (1.74:1 on white) and an unchecked switch's track in black at 38 % with a white thumb (2.68:1). Both take
// CONTROL_BORDER instead (4.6:1 on white), the unchecked thumb a rim of it; hover, focus, error and disabled keep MUI's
// colours (the first three are darker, a disabled control is exempt).
import { createTheme, type Theme } from '@mui/material/styles';

const PRIMARY = '#1565c0';

/** A control's own border in its resting state: 4.6:1 on white, 4.2:1 on MUI's grey hover tint (#f5f5f5). */
export const CONTROL_BORDER = '#757575';

/** The outline of a keyboard-focused control: solid, 2 px, clear of the control's own border. */
const FOCUS_RING = { outline: '2px solid currentColor', outlineOffset: 2 } as const;

type PaletteKey = 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';
const PALETTE_KEYS: readonly string[] = ['primary', 'secondary', 'error', 'warning', 'info', 'success'];

const ringColourOf = (theme: Theme, color: unknown): string =>
  typeof color === 'string' && PALETTE_KEYS.includes(color) ? theme.palette[color as PaletteKey].main : theme.palette.primary.main;

export const consoleTheme = createTheme({
  palette: { primary: { main: PRIMARY } },
  components: {
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    MuiButton: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          ownerState.variant === 'contained' ? { '&.Mui-focusVisible': { outlineColor: ringColourOf(theme, ownerState.color) } } : {},
      },
    },
    // The tab row clips what lies outside it: the ring goes inside the tab.
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    // The switch's base holds the white thumb: its current colour is white.
    MuiSwitch: {
      styleOverrides: {
        switchBase: {
          '&.Mui-focusVisible': { outlineColor: PRIMARY, outlineOffset: -2 },
          '&:not(.Mui-checked):not(.Mui-disabled) .MuiSwitch-thumb': { borderColor: CONTROL_BORDER },
        },
        // Unchecked: solid grey instead of black at 38 %; checked keeps MUI's primary track (its thumb is primary).
        track: { backgroundColor: CONTROL_BORDER, opacity: 1 },
      },
    },
    MuiOutlinedInput: { styleOverrides: { notchedOutline: { borderColor: CONTROL_BORDER } } },
    // A chosen value too long for its field wraps instead of ending in "…" (WCAG 1.4.10/1.4.12: the access page's
    // „Keine Angabe („Ihre Anwältin oder Ihr Anwalt“)“ was cut at 320 px).
    MuiSelect: { styleOverrides: { select: { whiteSpace: 'normal', overflowWrap: 'anywhere' } } },
  },
});

/**
 * The same theme for a lawyer whose system asks for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3): dialogs,
 * menus and panels appear without sliding, growing or fading, and a pressed button shows no ripple (the focus ring
 * above marks the keyboard focus on its own).
 */
export const consoleThemeWithoutMotion = createTheme(consoleTheme, {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});
