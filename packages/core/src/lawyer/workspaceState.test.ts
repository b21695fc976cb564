import { describe, expect, it } from 'vitest';
import { FakeLawyerBackend, waiting } from './lawyerFakes.testSupport.js';
import { MessageType, type FinishedChatEntry } from '../wire/index.js';
import { decodeSelection, encodeSelection, initialWorkspaceState, isFromClient, restoredChatId, syncTabs } from './workspaceState.js';

describe('restoring held chats', () => {
  const held = () => {
    const backend = new FakeLawyerBackend(() => 0);
    return [backend.hold(waiting(1)), backend.hold(waiting(2))];
  };

  it('should open the first held chat when the console starts and the lawyer has not chosen a view yet', () => {
    expect(syncTabs(initialWorkspaceState(0, false), held()).selectedChatId).toBe('chat-1');
  });

  it('should keep the queue open when the lawyer chose it before the held chats came back', () => {
    const choseQueue = { ...initialWorkspaceState(0, false), viewChosen: true };
    const restored = syncTabs(choseQueue, held());
    expect(restored.tabs.map((tab) => tab.chatId)).toEqual(['chat-1', 'chat-2']);
    expect(restored.selectedChatId).toBeNull();
  });
});

describe("the lawyer's finished chats after a reload", () => {
  const chats = () => {
    const backend = new FakeLawyerBackend(() => 0);
    const [one, two, three] = [backend.hold(waiting(1)), backend.hold(waiting(2)), backend.hold(waiting(3))];
    const ended = (entry: typeof one, minute: number, Ended: FinishedChatEntry['Ended']): FinishedChatEntry => ({
      ...entry,
      AcceptedAt: `2026-11-22T09:0${minute}:00.000Z`,
      ClosedAt: '2026-11-22T09:30:00.000Z',
      Ended,
      ForwardedTo: Ended === 'forwarded' ? 'Bernd Roth' : null,
    });
    return { active: [{ ...three, AcceptedAt: '2026-11-22T09:05:00.000Z' }], finished: [ended(one, 1, 'closedPhone'), ended(two, 2, 'forwarded')] };
  };

  it('should show them again as ended tabs after the active chats, each in the order accepted, never selected in place of an active chat', () => {
    const { active, finished } = chats();
    const restored = syncTabs(initialWorkspaceState(0, false), active, null, finished);
    expect(restored.tabs.map((tab) => [tab.chatId, tab.ended, tab.endedAt, tab.forwardedTo])).toEqual([
      ['chat-3', null, null, null],
      ['chat-1', 'closedPhone', '2026-11-22T09:30:00.000Z', null],
      ['chat-2', 'forwarded', '2026-11-22T09:30:00.000Z', 'Bernd Roth'],
    ]);
    // The tab's facts are those of an active chat (the tab name, the case-file form from the chat use them).
    const { ClosedAt: _closedAt, Ended: _ended, ForwardedTo: _forwardedTo, ...facts } = finished[0]!;
    expect(restored.tabs[1]?.facts).toEqual(facts);
    expect(restored.selectedChatId).toBe('chat-3');
    expect(syncTabs(initialWorkspaceState(0, false), [], null, finished).selectedChatId).toBeNull();
  });

  it('should put a chat accepted after the reload before the ended tabs at the row’s end, where the next reload puts it, and move no tab already shown', () => {
    const { active, finished } = chats();
    const restored = syncTabs(initialWorkspaceState(0, false), active, null, finished);
    const backend = new FakeLawyerBackend(() => 0);
    const accepted = { ...backend.hold(waiting(4)), AcceptedAt: '2026-11-22T10:00:00.000Z' };
    const later = syncTabs(restored, [...active, accepted], null, finished);
    expect(later.tabs.map((tab) => tab.chatId)).toEqual(['chat-3', 'chat-4', 'chat-1', 'chat-2']);
    // chat-3 ends while shown: it keeps its place, and the next accepted chat still goes before the ended ones after it.
    const ended = syncTabs(later, [accepted], null, [...finished, { ...active[0]!, ClosedAt: '2026-11-22T10:05:00.000Z', Ended: 'closed', ForwardedTo: null }]);
    const fifth = { ...backend.hold(waiting(5)), AcceptedAt: '2026-11-22T10:10:00.000Z' };
    const next = syncTabs(ended, [accepted, fifth], null, finished);
    expect(next.tabs.map((tab) => [tab.chatId, tab.ended])).toEqual([
      ['chat-3', 'closed'],
      ['chat-4', null],
      ['chat-5', null],
      ['chat-1', 'closedPhone'],
      ['chat-2', 'forwarded'],
    ]);
  });

  it('should open the finished chat the lawyer was reading before the reload', () => {
    const { active, finished } = chats();
    expect(syncTabs(initialWorkspaceState(0, false), active, { chatId: 'chat-2' }, finished).selectedChatId).toBe('chat-2');
    expect(restoredChatId(active, { chatId: 'chat-2' }, finished)).toBe('chat-2');
  });

  it('should leave out a finished chat whose tab the lawyer closed, and end a shown tab with the server’s reason instead of "gone"', () => {
    const { active, finished } = chats();
    const restored = syncTabs(initialWorkspaceState(0, false), active, { chatId: 'chat-2' }, finished, new Set(['chat-2']));
    expect(restored.tabs.map((tab) => tab.chatId)).toEqual(['chat-3', 'chat-1']);
    expect(restored.selectedChatId).toBe('chat-3');
    // chat-3 ends meanwhile (a colleague's console, a timeout while this one was offline): the re-read says how.
    const later = syncTabs(
      restored,
      [],
      null,
      [...finished, { ...active[0]!, ClosedAt: '2026-11-22T09:40:00.000Z', Ended: 'timedOut', ForwardedTo: null }],
      new Set(['chat-2']),
    );
    expect(later.tabs.map((tab) => [tab.chatId, tab.ended, tab.endedAt])).toEqual([
      ['chat-3', 'timedOut', '2026-11-22T09:40:00.000Z'],
      ['chat-1', 'closedPhone', '2026-11-22T09:30:00.000Z'],
    ]);
  });
});

describe('the case files a chat names', () => {
  const file = (n: number) => ({ CaseId: `cf-${n}`, CaseNumber: `FA-2026-AAAAA${n}`, Own: true, LawyerName: 'Anna Anwältin' });

  it('should take them from the server’s lists, for an active chat and for an ended one shown again or already shown', () => {
    const backend = new FakeLawyerBackend(() => 0);
    const [one, two] = [backend.hold(waiting(1)), backend.hold(waiting(2))];
    const finishedTwo = (files: ReturnType<typeof file>[]): FinishedChatEntry => ({
      ...two,
      CaseFiles: files,
      ClosedAt: '2026-11-22T09:30:00.000Z',
      Ended: 'closed',
      ForwardedTo: null,
    });
    const restored = syncTabs(initialWorkspaceState(0, false), [{ ...one, CaseFiles: [file(1)] }], null, [finishedTwo([])]);
    expect(restored.tabs.map((tab) => tab.facts.CaseFiles)).toEqual([[file(1)], []]);
    // Made on another device meanwhile: the next read names it in the ended tab too; nothing new keeps the same tab.
    const later = syncTabs(restored, [{ ...one, CaseFiles: [file(1)] }], null, [finishedTwo([file(2)])]);
    expect(later.tabs[1]?.facts.CaseFiles).toEqual([file(2)]);
    expect(syncTabs(later, [{ ...one, CaseFiles: [file(1)] }], null, [finishedTwo([file(2)])]).tabs[1]).toBe(later.tabs[1]);
  });
});

describe('an address confirmed by the protocol mail’s link after the chat ended', () => {
  it('should be taken into the ended tab from the next read of the finished chats, and leave the tab as it is when nothing changed', () => {
    const backend = new FakeLawyerBackend(() => 0);
    const one = backend.hold(waiting(1));
    const finished = (byMail: boolean): FinishedChatEntry => ({
      ...one,
      EmailVerifiedByMail: byMail,
      ClosedAt: '2026-11-22T09:30:00.000Z',
      Ended: 'closed',
      ForwardedTo: null,
    });
    const restored = syncTabs(initialWorkspaceState(0, false), [], null, [finished(false)]);
    expect(restored.tabs[0]?.facts.EmailVerifiedByMail).toBe(false);
    const confirmed = syncTabs(restored, [], null, [finished(true)]);
    expect(confirmed.tabs[0]?.facts.EmailVerifiedByMail).toBe(true);
    expect(syncTabs(confirmed, [], null, [finished(true)]).tabs[0]).toBe(confirmed.tabs[0]);
  });
});

describe('the selected chat after a reload (outside-in D1: the next message went to another client)', () => {
  const held = () => {
    const backend = new FakeLawyerBackend(() => 0);
    return [backend.hold(waiting(1)), backend.hold(waiting(2)), backend.hold(waiting(3))];
  };

  it('should select the remembered chat when it is still one of the lawyer’s active chats', () => {
    expect(restoredChatId(held(), { chatId: 'chat-2' })).toBe('chat-2');
    expect(syncTabs(initialWorkspaceState(0, false), held(), { chatId: 'chat-3' }).selectedChatId).toBe('chat-3');
  });

  it('should fall back to the first chat when the remembered one is no longer active (closed, forwarded)', () => {
    expect(restoredChatId(held(), { chatId: 'chat-9' })).toBe('chat-1');
    expect(syncTabs(initialWorkspaceState(0, false), held(), { chatId: 'chat-9' }).selectedChatId).toBe('chat-1');
  });

  it('should fall back to the first chat when nothing or a view was remembered, and to none without chats', () => {
    expect(restoredChatId(held(), null)).toBe('chat-1');
    expect(restoredChatId(held(), { view: 'queue' })).toBe('chat-1');
    expect(restoredChatId([], { chatId: 'chat-2' })).toBeNull();
    expect(syncTabs(initialWorkspaceState(0, false), held()).selectedChatId).toBe('chat-1');
  });

  it('should not let a remembered chat take over a chat or view the lawyer chose since', () => {
    const chose = { ...initialWorkspaceState(0, false), selectedChatId: 'chat-1', viewChosen: true };
    expect(syncTabs(chose, held(), { chatId: 'chat-2' }).selectedChatId).toBe('chat-1');
  });

  it('should store a chat or a chosen view and read only such values back', () => {
    const state = initialWorkspaceState(0, false);
    expect(encodeSelection(state)).toBeNull();
    expect(encodeSelection({ ...state, selectedChatId: 'chat-2' })).toBe('chat:chat-2');
    expect(encodeSelection({ ...state, view: 'casefile', viewChosen: true })).toBe('view:casefile');
    expect(decodeSelection('chat:chat-2')).toEqual({ chatId: 'chat-2' });
    expect(decodeSelection('view:casefile')).toEqual({ view: 'casefile' });
    for (const other of [null, '', 'chat:', 'view:admin', 'chat-2']) expect(decodeSelection(other)).toBeNull();
  });
});

describe('which messages the lawyer should notice', () => {
  const base = { Id: 'm-1', Message: 'Text', Type: MessageType.Message, Created: '2026-11-25T10:00:00.000Z' } as const;

  it("should count the client's messages and files, not the lawyer's own, a colleague's from before a forward or the bot's", () => {
    expect(isFromClient({ ...base, Author: { Id: 'p-1', Name: '' }, AuthorKind: 'participant' }, 'law-1')).toBe(true);
    expect(isFromClient({ ...base, Type: MessageType.File, Author: { Id: 'p-1', Name: '' } }, 'law-1')).toBe(true);
    expect(isFromClient({ ...base, Author: { Id: 'law-1', Name: 'Anna' }, AuthorKind: 'lawyer' }, 'law-1')).toBe(false);
    expect(isFromClient({ ...base, Author: { Id: 'law-2', Name: 'Markus' }, AuthorKind: 'lawyer' }, 'law-1')).toBe(false);
    expect(isFromClient({ ...base, Type: MessageType.ChatbotMessage, Author: null }, 'law-1')).toBe(false);
  });
});
