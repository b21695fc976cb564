import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../wire/index.js';
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
});
