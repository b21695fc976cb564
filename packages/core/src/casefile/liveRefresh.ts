// The Fallakte's live refresh: while a screen that shows what the firm adds (documents shared „Von Ihrer Kanzlei“,
// answers on „Kontakt“, history entries, the ended mandate) is open and the page is shown, it reads that data again –
// when the page is shown again, the window regains the focus, the device is back online, and every minute while the
// page is shown and online. Nothing is read while the page is hidden or offline. What came new is told in one polite
// sentence (`firmNews`); the screen itself never turns back into a spinner (the views keep what they show).
import {
  EMPTY,
  combineLatest,
  concat,
  defer,
  distinctUntilChanged,
  filter,
  interval,
  map,
  merge,
  of,
  pairwise,
  switchMap,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { isFirmMessage, type CaseDetails, type CaseDocument, type ContactEntry, type ContactThread, type HistoryEntry } from '../wire/index.js';

/**
 * Every minute while shown: a screen reads 1–3 GET routes (the overview 3), so one open Fallakte makes at most 3
 * requests a minute – 0.5 % of the server's 600 requests per minute and address (platform/http/security.ts).
 */
export const LIVE_REFRESH_PERIOD_MS = 60_000;
/** Focus and visibilitychange come together when a tab is shown again: one read for both. */
export const LIVE_REFRESH_MIN_GAP_MS = 2_000;

/** What the page tells about itself: the browser's WindowPort and NetworkStatus satisfy it. */
export interface LiveRefreshSources {
  /** Emits the current value first, then each change. */
  readonly visible$: Observable<boolean>;
  /** Emits the current value first, then each focus (true) and blur (false). */
  readonly focused$: Observable<boolean>;
  /** Emits the current value first, then each change. */
  readonly online$: Observable<boolean>;
}

export interface LiveRefreshOptions {
  readonly periodMs?: number;
  readonly minGapMs?: number;
}

/** Why a refresh runs: the page shown again or back online ('resumed'), the window focused again, the minute passed. */
export type LiveRefreshReason = 'resumed' | 'focus' | 'interval';

/**
 * When to read again, on `scheduler`'s time. The state found at subscription causes no read (the screen has just
 * loaded); each rise of "shown and online" does, and so does a regained focus while shown and online; the minute
 * counts from the latest read. A hint within `minGapMs` of the latest read is dropped.
 */
export function liveRefreshTicks(sources: LiveRefreshSources, scheduler: SchedulerLike, options: LiveRefreshOptions = {}): Observable<LiveRefreshReason> {
  const periodMs = options.periodMs ?? LIVE_REFRESH_PERIOD_MS;
  const minGapMs = options.minGapMs ?? LIVE_REFRESH_MIN_GAP_MS;
  const active$ = combineLatest([sources.visible$, sources.online$]).pipe(
    map(([visible, online]) => visible && online),
    distinctUntilChanged(),
  );
  const focusRegained$ = sources.focused$.pipe(
    pairwise(),
    filter(([before, now]) => !before && now),
    map((): LiveRefreshReason => 'focus'),
  );
  return defer(() => {
    // Per subscription: the time of this screen's latest read.
    let last = Number.NEGATIVE_INFINITY;
    const spaced = (reason: LiveRefreshReason): boolean => {
      const now = scheduler.now();
      if (reason !== 'interval' && now - last < minGapMs) return false;
      last = now;
      return true;
    };
    return active$.pipe(
      switchMap((active, index) => {
        if (!active) return EMPTY;
        const resumed$ = index === 0 ? EMPTY : of<LiveRefreshReason>('resumed');
        const hints$ = merge(resumed$, focusRegained$).pipe(filter(spaced));
        // Each read restarts the minute; until the first hint it counts from the moment the page was shown.
        return merge(of<LiveRefreshReason | null>(null), hints$).pipe(
          switchMap((hint) =>
            concat(
              hint === null ? EMPTY : of(hint),
              interval(periodMs, scheduler).pipe(
                map((): LiveRefreshReason => 'interval'),
                filter(spaced),
              ),
            ),
          ),
        );
      }),
    );
  });
}

/** One sentence of what came new from the firm: an i18n key (common namespace) and its count. */
export interface FirmNews {
  readonly key: FirmNewsKey;
  readonly count: number;
}

export const FirmNewsKeys = {
  Documents: 'CaseFile.Live.NewDocuments',
  Replies: 'CaseFile.Live.Replies',
  Messages: 'CaseFile.Live.FirmMessages',
  History: 'CaseFile.Live.NewHistory',
  Closed: 'CaseFile.Live.Closed',
} as const;
export type FirmNewsKey = (typeof FirmNewsKeys)[keyof typeof FirmNewsKeys];

/** The history entries the client's own actions write (server: clientActions, documents, powerOfAttorney). */
const CLIENT_HISTORY_KINDS: ReadonlySet<string> = new Set([
  'Created',
  'PersonUpdated',
  'ContactMessage',
  'Questionnaire',
  'DocumentUploaded',
  'DocumentRemoved',
  'PowerOfAttorneySigned',
]);

const counted = (key: FirmNewsKey, count: number): FirmNews[] => (count > 0 ? [{ key, count }] : []);

/** Documents the firm shared that were not in the list before. */
export function newFirmDocuments(before: readonly CaseDocument[], after: readonly CaseDocument[]): FirmNews[] {
  const known = new Set(before.map((doc) => doc.Id));
  return counted(FirmNewsKeys.Documents, after.filter((doc) => doc.UploadedBy === 'lawyer' && !known.has(doc.Id)).length);
}

/** Messages of the client that got the firm's answer since the last read. */
export function newReplies(before: readonly ContactThread[], after: readonly ContactThread[]): FirmNews[] {
  const answered = new Set(before.filter((thread) => thread.Reply).map((thread) => thread.Id));
  return counted(FirmNewsKeys.Replies, after.filter((thread) => thread.Reply && !answered.has(thread.Id)).length);
}

/** What is new on „Kontakt“: answers to the client's messages, and messages the firm started (POST …/messages). */
export function newContactNews(before: readonly ContactEntry[], after: readonly ContactEntry[]): FirmNews[] {
  const known = new Set(before.filter(isFirmMessage).map((message) => message.Id));
  return [
    ...newReplies(before.filter(isClientThread), after.filter(isClientThread)),
    ...counted(FirmNewsKeys.Messages, after.filter((entry) => isFirmMessage(entry) && !known.has(entry.Id)).length),
  ];
}

const isClientThread = (entry: ContactEntry): entry is ContactThread => !isFirmMessage(entry);

/** History entries the firm's side wrote (a shared document, an answer, the mandate ended …) that are new. */
export function newFirmHistory(before: readonly HistoryEntry[], after: readonly HistoryEntry[]): FirmNews[] {
  const known = new Set(before.map((entry) => entry.Id));
  return counted(FirmNewsKeys.History, after.filter((entry) => !known.has(entry.Id) && !CLIENT_HISTORY_KINDS.has(entry.Kind)).length);
}

/** The mandate ended since the last read. */
export function mandateEnded(before: Pick<CaseDetails, 'Closed'>, after: Pick<CaseDetails, 'Closed'>): FirmNews[] {
  return !before.Closed && after.Closed ? [{ key: FirmNewsKeys.Closed, count: 1 }] : [];
}
