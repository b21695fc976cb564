// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { limitFieldEdit } from './limitFieldEdit.js';

function field(value: string, caret: number): HTMLTextAreaElement {
  const area = document.createElement('textarea');
  document.body.append(area);
  area.value = value;
  area.setSelectionRange(caret, caret);
  return area;
}

describe('limitFieldEdit', () => {
  it('should leave an edit within the limit untouched, counting an emoji as one character', () => {
    const area = field('👍'.repeat(5), 10);
    expect(limitFieldEdit(area, 5)).toEqual({ value: '👍'.repeat(5), caret: 10, cut: false });
    expect(area.value).toBe('👍'.repeat(5));
  });

  it('should cut a paste before the caret without splitting an emoji, keep the text after it and put the caret after the kept part', () => {
    // "abc" + pasted "👍👍👍" + "xy", caret after the paste; limit 6: room for one emoji before "xy".
    const area = field('abc👍👍👍xy', 'abc👍👍👍'.length);
    const edit = limitFieldEdit(area, 6);
    expect(edit).toEqual({ value: 'abc👍xy', caret: 'abc👍'.length, cut: true });
    expect(area.value).toBe('abc👍xy');
    expect(area.selectionEnd).toBe('abc👍'.length);
  });
});
