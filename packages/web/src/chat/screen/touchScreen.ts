/**
 * Whether the main pointer is a finger (`pointer: coarse`: a phone or tablet), read once when the input appears.
 * There the virtual keyboard's Enter key makes a new line and "Senden" sends: a phone has no Shift+Enter.
 */
export function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}
