/**
 * Marks the control a modal dialog focuses when it opens: the native showModal() (src/ui Dialog)
 * looks for the autofocus attribute; React's autoFocus prop only calls focus() before showModal runs.
 */
export const initialFocus = (element: HTMLElement | null): void => element?.setAttribute('autofocus', '');
