import { BehaviorSubject, VirtualTimeScheduler, type Subscription } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactThread, FirmMessage, HistoryEntry } from '../wire/index.js';
import { document } from './caseFileContentFakes.testSupport.js';
import { liveRefreshTicks, mandateEnded, newContactNews, newFirmDocuments, newFirmHistory, newReplies, type LiveRefreshReason } from './liveRefresh.js';

let subscription: Subscription | null = null;
afterEach(() => subscription?.unsubscribe());

function setup({ visible = true, online = true, focused = true } = {}) {
  const scheduler = new VirtualTimeScheduler();
  const page = { visible$: new BehaviorSubject(visible), focused$: new BehaviorSubject(focused), online$: new BehaviorSubject(online) };
  const ticks: [number, LiveRefreshReason][] = [];
  subscription = liveRefreshTicks(page, scheduler).subscribe((reason) => ticks.push([scheduler.now(), reason]));
  /** Moves the virtual clock to `ms` (absolute), running what is due. */
  const at = (ms: number) => {
    scheduler.maxFrames = ms;
    scheduler.flush();
    scheduler.frame = ms;
  };
  return { scheduler, page, ticks, at };
}

describe('liveRefreshTicks', () => {
  it('should read again every minute while the page is shown, counting from the moment it opened', () => {
    const { ticks, at } = setup();
    at(59_999);
    expect(ticks).toEqual([]);
    at(180_000);
    expect(ticks).toEqual([
      [60_000, 'interval'],
      [120_000, 'interval'],
      [180_000, 'interval'],
    ]);
  });

  it('should not read while the page is hidden, and read at once when it is shown again', () => {
    const { page, ticks, at } = setup();
    at(10_000);
    page.visible$.next(false);
    at(300_000);
    expect(ticks).toEqual([]);
    page.visible$.next(true);
    expect(ticks).toEqual([[300_000, 'resumed']]);
    at(360_000);
    expect(ticks).toEqual([
      [300_000, 'resumed'],
      [360_000, 'interval'],
    ]);
  });

  it('should read when the window regains the focus and count the minute from there', () => {
    const { page, ticks, at } = setup();
    at(30_000);
    page.focused$.next(false);
    page.focused$.next(true);
    at(89_999);
    expect(ticks).toEqual([[30_000, 'focus']]);
    at(90_000);
    expect(ticks).toEqual([
      [30_000, 'focus'],
      [90_000, 'interval'],
    ]);
  });

  it('should read once for a tab shown again that also regains the focus', () => {
    const { page, ticks, at } = setup({ focused: false });
    page.visible$.next(false);
    at(20_000);
    page.visible$.next(true);
    page.focused$.next(true);
    expect(ticks).toEqual([[20_000, 'resumed']]);
  });

  it('should not read while offline, and read when the device is back online', () => {
    const { page, ticks, at } = setup({ online: false });
    at(200_000);
    expect(ticks).toEqual([]);
    page.online$.next(true);
    expect(ticks).toEqual([[200_000, 'resumed']]);
  });

  it('should not read on the state found when the screen opens', () => {
    const { ticks } = setup();
    expect(ticks).toEqual([]);
  });
});

const thread = (id: string, reply: boolean): ContactThread => ({
  Id: id,
  Created: '2026-11-02T10:00:00Z',
  Subject: 'Frage',
  Message: 'Text',
  Reply: reply ? { Text: 'Antwort', By: 'Dr. Anna Berg', Created: '2026-11-03T10:00:00Z' } : null,
});
const entry = (id: string, kind: string): HistoryEntry => ({ Id: id, Created: '2026-11-02T10:00:00Z', Kind: kind, Title: kind, Text: '' });

describe('firm news', () => {
  it('should count only the documents the firm shared that are new', () => {
    const before = [document('a', '2026-11-01T10:00:00Z')];
    const after = [...before, { ...document('b', '2026-11-02T10:00:00Z'), UploadedBy: 'lawyer' as const }, document('c', '2026-11-02T11:00:00Z')];
    expect(newFirmDocuments(before, after)).toEqual([{ key: 'CaseFile.Live.NewDocuments', count: 1 }]);
    expect(newFirmDocuments(after, after)).toEqual([]);
  });

  it('should count the messages that got an answer since the last read', () => {
    expect(newReplies([thread('1', false), thread('2', true)], [thread('1', true), thread('2', true), thread('3', false)])).toEqual([
      { key: 'CaseFile.Live.Replies', count: 1 },
    ]);
  });

  it('should count the firm’s new messages on „Kontakt“ beside the answers, and neither twice', () => {
    const firm = (id: string): FirmMessage => ({
      Kind: 'FirmMessage',
      Id: id,
      Subject: 'Unterlagen',
      Text: 'Bitte senden Sie …',
      Created: '2026-11-04T10:00:00Z',
      By: 'Dr. Anna Berg',
    });
    const before = [firm('f1'), thread('1', false)];
    expect(newContactNews(before, [firm('f2'), firm('f1'), thread('1', true)])).toEqual([
      { key: 'CaseFile.Live.Replies', count: 1 },
      { key: 'CaseFile.Live.FirmMessages', count: 1 },
    ]);
    expect(newContactNews(before, before)).toEqual([]);
  });

  it('should count new history entries of the firm, not those of the client', () => {
    const before = [entry('1', 'Created')];
    const after = [entry('3', 'DocumentShared'), entry('2', 'ContactMessage'), ...before];
    expect(newFirmHistory(before, after)).toEqual([{ key: 'CaseFile.Live.NewHistory', count: 1 }]);
  });

  it('should tell that the mandate ended only when it changed', () => {
    expect(mandateEnded({ Closed: false }, { Closed: true })).toEqual([{ key: 'CaseFile.Live.Closed', count: 1 }]);
    expect(mandateEnded({ Closed: true }, { Closed: true })).toEqual([]);
  });
});
