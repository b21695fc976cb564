// Text fields held to their maximum of characters as people count them (code points: an emoji once, core
// characters.ts). The HTML maxLength attribute counts UTF-16 units, so it stopped at 375 emoji and cut a pasted one in
// half; instead each change goes through core's limitEdit, which keeps the text after the caret and cuts what was typed
// or pasted before it. A cut edit is written back into the field at once with the caret after the kept part: React
// then finds the field already holding the value it renders, leaves it alone, and the caret stays where it is. Used by
// the web app's and the console's fields alike, so neither needs a hook of its own.
import { limitEdit, type LimitedEdit } from '@rechtschat/core';

/** For a field's onChange: the value to keep, at most `max` characters, with the field already showing it. */
export function limitFieldEdit(field: HTMLInputElement | HTMLTextAreaElement, max: number): LimitedEdit {
  const edit = limitEdit(field.value, field.selectionEnd ?? field.value.length, max);
  if (edit.cut) {
    field.value = edit.value;
    field.setSelectionRange(edit.caret, edit.caret);
  }
  return edit;
}
