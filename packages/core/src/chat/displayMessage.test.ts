import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChatMessage } from '../wire/index.js';
import type { DisplayMessage } from './chatController.types.js';
import { fromServerMessage, mergeMessage, pendingMessage } from './displayMessage.js';

const base: ChatMessage = { Id: 'm', Message: 'Text', Type: 2, Author: { Id: 'lawyer-7', Name: 'Dr. Berger' }, Created: '2026-11-22T10:00:00.000Z' };
const nobody = () => false;

describe('fromServerMessage', () => {
  it.each([
    [1, 'information'],
    [3, 'bot'],
    [4, 'file'],
    [5, 'forwarded'],
    [2, 'lawyer'],
  ] as const)('should show message type %i as %s', (type, kind) => {
    expect(fromServerMessage({ ...base, Type: type }, nobody).kind).toBe(kind);
  });

  it('should show a message of the participant as their own and keep file data and highlighting', () => {
    const shown = fromServerMessage(
      { ...base, Author: { Id: 'user-1', Name: 'Max' }, FileId: 'f1', FileName: 'a.pdf', HighlightedMessage: true },
      (id) => id === 'user-1',
    );
    expect(shown).toEqual({
      id: 'm',
      kind: 'participant',
      text: 'Text',
      isI18nKey: false,
      authorId: 'user-1',
      authorName: 'Max',
      created: base.Created,
      highlighted: true,
      fileId: 'f1',
      fileName: 'a.pdf',
      pending: false,
    });
  });

  it('should mark the participant’s own upload as own, and a lawyer’s upload not', () => {
    const file = { ...base, Type: 4 as const, FileId: 'f1', FileName: 'beleg.pdf' };
    expect(fromServerMessage({ ...file, Author: { Id: 'user-1', Name: '' } }, (id) => id === 'user-1')).toMatchObject({ kind: 'file', own: true });
    expect(fromServerMessage(file, (id) => id === 'user-1')).not.toHaveProperty('own');
  });

  it('should treat a message without author as not the participant and leave author fields out', () => {
    const shown = fromServerMessage({ ...base, Author: null }, () => true);
    expect(shown.kind).toBe('lawyer');
    expect(shown).not.toHaveProperty('authorId');
  });
});

describe('mergeMessage', () => {
  it('should replace the pending message with the acknowledged one carrying its clientId', () => {
    const pending = pendingMessage('client-1', 'Hallo', '2026-11-22T10:00:01.000Z');
    const acked = fromServerMessage({ ...base, Id: 'srv-1', Created: '2026-11-22T10:00:02.000Z' }, () => true);
    expect(mergeMessage([pending], acked, 'client-1')).toEqual([acked]);
  });

  it('should replace a message with the same id instead of adding it twice', () => {
    const first = fromServerMessage(base, nobody);
    const edited = { ...first, text: 'Neu' };
    expect(mergeMessage([first], edited)).toEqual([edited]);
  });

  it('should keep the acknowledged own message where its pending copy was when the lawyer answered meanwhile', () => {
    const pending = pendingMessage('client-1', 'Hallo', '2026-11-22T10:00:01.000Z');
    const reply = fromServerMessage({ ...base, Id: 'srv-2', Created: '2026-11-22T10:00:03.000Z' }, nobody);
    // The server stored the own message first (an earlier time), but the screen showed the reply above it.
    const acked = fromServerMessage({ ...base, Id: 'srv-1', Created: '2026-11-22T10:00:02.000Z' }, () => true);
    const shown = mergeMessage([pending], reply);
    expect(shown.map((m) => m.id)).toEqual(['srv-2', 'client-1']);
    expect(mergeMessage(shown, acked, 'client-1').map((m) => m.id)).toEqual(['srv-2', 'srv-1']);
  });

  it('should insert a late message by its time among the sent ones, before the pending ones', () => {
    const at = (id: string, second: number) => fromServerMessage({ ...base, Id: id, Created: `2026-11-22T10:00:0${second}.000Z` }, nobody);
    const pending = pendingMessage('client-1', 'Hallo', '2026-11-22T10:00:09.000Z');
    expect(mergeMessage([at('a', 1), at('c', 3), pending], at('b', 2)).map((m) => m.id)).toEqual(['a', 'b', 'c', 'client-1']);
    expect(mergeMessage([at('a', 1), pending], at('d', 4)).map((m) => m.id)).toEqual(['a', 'd', 'client-1']);
  });

  it('should never move a message already shown, whatever arrives', () => {
    const second = fc.integer({ min: 0, max: 59 });
    const created = (s: number) => `2026-11-22T10:00:${String(s).padStart(2, '0')}.000Z`;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), second), { maxLength: 12 }), fc.array(second, { maxLength: 12 }), (shownSpec, arriving) => {
        const shown = shownSpec.map(([pending, s], i) =>
          pending ? pendingMessage(`client-${i}`, 'x', created(s)) : fromServerMessage({ ...base, Id: `shown-${i}`, Created: created(s) }, nobody),
        );
        const result = arriving.reduce(
          (list, s, i) => mergeMessage(list, fromServerMessage({ ...base, Id: `new-${i}`, Created: created(s) }, nobody)),
          shown as readonly DisplayMessage[],
        );
        expect(result.filter((m) => !m.id.startsWith('new-'))).toEqual(shown);
        expect(result).toHaveLength(shown.length + arriving.length);
      }),
    );
  });
});
