// WCAG 1.4.11: the borders that show where a field or an unchecked switch is need 3:1 against the page.
import { describe, expect, it } from 'vitest';
import { CONTROL_BORDER, consoleTheme, consoleThemeWithoutMotion } from './consoleTheme.js';

/** Relative luminance of #rrggbb or #rgb (WCAG 2.2). */
function luminance(colour: string): number {
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((digit) => digit + digit).join('')}` : colour;
  expect(hex).toMatch(/^#[0-9a-f]{6}$/i);
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const overrides = consoleTheme.components;

describe('Console theme: non-text contrast', () => {
  it('should give the contrast helper the known ratios (MUI’s defaults fell short)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // rgba(0,0,0,0.23) on white is #c4c4c4; black at 38 % (the switch's track) is #9e9e9e.
    expect(contrast('#c4c4c4', '#ffffff')).toBeLessThan(3);
    expect(contrast('#9e9e9e', '#ffffff')).toBeLessThan(3);
  });

  it('should draw an outlined field’s border in a grey of at least 3:1 on the page and on a hover tint', () => {
    expect(overrides?.MuiOutlinedInput?.styleOverrides?.notchedOutline).toEqual({ borderColor: CONTROL_BORDER });
    expect(contrast(CONTROL_BORDER, consoleTheme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CONTROL_BORDER, consoleTheme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CONTROL_BORDER, consoleTheme.palette.grey[100])).toBeGreaterThanOrEqual(3);
  });

  it('should draw an unchecked switch’s track solid in that grey, and the white thumb on it and rimmed by it', () => {
    expect(overrides?.MuiSwitch?.styleOverrides?.track).toEqual({ backgroundColor: CONTROL_BORDER, opacity: 1 });
    expect(overrides?.MuiSwitch?.styleOverrides?.switchBase).toMatchObject({
      '&:not(.Mui-checked):not(.Mui-disabled) .MuiSwitch-thumb': { borderColor: CONTROL_BORDER },
    });
    expect(contrast(CONTROL_BORDER, consoleTheme.palette.common.white)).toBeGreaterThanOrEqual(3);
  });
});

describe('Console theme: less motion', () => {
  it('should let dialogs, menus and panels appear without a transition when the system asks for less motion', () => {
    expect(consoleThemeWithoutMotion.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(consoleThemeWithoutMotion.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(Object.values(consoleThemeWithoutMotion.transitions.duration)).toEqual(Array(7).fill(0));
    expect(consoleThemeWithoutMotion.components?.MuiButtonBase?.defaultProps).toEqual({ disableRipple: true });
  });

  it('should keep everything else of the console theme: colours and the keyboard focus ring', () => {
    expect(consoleThemeWithoutMotion.palette.primary.main).toBe(consoleTheme.palette.primary.main);
    expect(consoleThemeWithoutMotion.components?.MuiButtonBase?.styleOverrides).toEqual(consoleTheme.components?.MuiButtonBase?.styleOverrides);
    expect(consoleThemeWithoutMotion.components?.MuiOutlinedInput).toEqual(consoleTheme.components?.MuiOutlinedInput);
    expect(consoleTheme.transitions.create(['opacity'])).not.toBe('none');
  });
});
