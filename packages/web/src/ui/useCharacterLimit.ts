// Text fields held to their maximum of characters as people count them (code points: an emoji once, core characters.ts). The
// HTML maxLength attribute counts UTF-16 units, so it stopped at 375 emoji and cut a pasted one in half; instead each
// change goes through core's limitEdit, which keeps the text after the caret and cuts what was typed or pasted before
// it. React then writes the shortened value, which moves the caret to the end: it is put back after the kept part.
// The console has the same hook (console/src/screens/useCharacterLimit.ts); the rule itself is core's.
import { useLayoutEffect, useReducer, useRef } from 'react';
import { limitEdit, type LimitedEdit } from '@rechtschat/core';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Returns the limiter for a field's onChange: the value to keep of at most `max` characters (and whether part of the edit was cut). */
export function useCharacterLimit(): (field: Field, max: number) => LimitedEdit {
  const pending = useRef<{ readonly field: Field; readonly caret: number } | null>(null);
  // A cut edit may leave the value as it was (a letter typed at the limit): render anyway, so the caret is put back.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => {
    const cut = pending.current;
    if (cut === null) return;
    pending.current = null;
    if (document.activeElement === cut.field) cut.field.setSelectionRange(cut.caret, cut.caret);
  });
  return (field, max) => {
    const edit = limitEdit(field.value, field.selectionEnd ?? field.value.length, max);
    if (edit.cut) {
      pending.current = { field, caret: edit.caret };
      rerender();
    }
    return edit;
  };
}
