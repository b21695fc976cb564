// A refused submit of a case-file form: the focus goes to the first wrong field, whose error is its description – read
// by a screen reader when the focus arrives. Enter pressed in that very field left the focus where it was, so nothing
// was said (keyboard and screen-reader pass, 2026-12-07): the error is then an alert as well, a new one for each
// refused try, gone with the next change in the form. The field comes into view with its label (or the legend of its
// group) below the sticky header: the input alone, scrolled to by focus(), stood right under the header with its
// question hidden, and a smooth scroll to the form's top raced it.
import { useCallback, useState, type ReactNode } from 'react';

interface Refusal {
  readonly field: string;
  readonly count: number;
}

export interface SubmitRefusal {
  /** Focuses the first wrong field (`field` names it as `errorText` does) and scrolls it into view with its label. */
  readonly focusFirstWrong: (field: string, element: HTMLElement | null | undefined) => void;
  /** The field's error for its helper text (null without one): an alert while the refusal left the focus in it. */
  readonly errorText: (field: string, error: string | null) => ReactNode;
  /** The form's onChange: the next edit ends the alert, so it is not read again while typing. */
  readonly onChange: () => void;
}

/** The whole field – label, box and error; for a radio its group with the legend. */
function frameOf(element: HTMLElement): HTMLElement {
  return element.closest<HTMLElement>('.ui-radio-group') ?? element.closest<HTMLElement>('.ui-field, .ui-check') ?? element;
}

/** The field's frame in view, below the sticky header (the page's scroll-padding, casefile.css), no more scroll than that. */
function focusWithLabel(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  // jsdom has no scrollIntoView.
  frameOf(element).scrollIntoView?.({ block: 'nearest' });
}

export function useSubmitRefusal(): SubmitRefusal {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const focusFirstWrong = useCallback((field: string, element: HTMLElement | null | undefined) => {
    if (!element) return;
    const focusStays = element === document.activeElement;
    setRefusal((before) => (focusStays ? { field, count: (before?.count ?? 0) + 1 } : null));
    focusWithLabel(element);
  }, []);
  const onChange = useCallback(() => setRefusal(null), []);
  const errorText = (field: string, error: string | null): ReactNode =>
    error !== null && refusal?.field === field ? (
      <span key={refusal.count} role="alert">
        {error}
      </span>
    ) : (
      error
    );
  return { focusFirstWrong, errorText, onChange };
}
