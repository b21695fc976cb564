// Data-subject requests (GDPR Art. 15/17) for the administration screen: search a person, download the access
// archive, erase the chats where no retention duty applies (after a confirmation) and search again. Each step says
// what it does in `status`; a refused search or download is `error`, a refused erasure `eraseError` in the dialog.
// An announced search (not the one after an erasure) is counted by `searched`, so the view can move the focus.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller } from '../lawyer/account/accountCall.js';
import type { DataRequestsApi } from '../ports/dataRequests.js';
import type { BlobLike } from '../ports/platform.js';
import type { AppError } from '../result.js';
import type { DataErasureResult, DataRequestQuery, DataSubjectSummary } from '../wire/dataRequests.js';
import { isErasable } from './dataRequestRules.js';

/** What the status line says. */
export type DataRequestsStatus =
  | { readonly kind: 'searching' }
  | { readonly kind: 'found'; readonly chats: number; readonly files: number }
  | { readonly kind: 'nothingFound' }
  | { readonly kind: 'downloading' }
  | { readonly kind: 'downloaded' }
  /** `references`: the erased chats (RC-…), so the result names each one rather than a count. */
  | { readonly kind: 'erased'; readonly references: readonly string[]; readonly files: number };

export interface DataRequestsState {
  /** The query of the summary shown. */
  readonly query: DataRequestQuery | null;
  readonly summary: DataSubjectSummary | null;
  readonly busy: 'search' | 'download' | null;
  readonly status: DataRequestsStatus | null;
  readonly error: AppError | null;
  /** The erasure dialog is open. */
  readonly confirming: boolean;
  readonly erasing: boolean;
  readonly eraseError: AppError | null;
  /** What the last erasure did and what had to stay. */
  readonly erased: DataErasureResult | null;
  /** Counts announced searches that answered. */
  readonly searched: number;
}

export interface DataRequests {
  readonly state$: Observable<DataRequestsState>;
  snapshot(): DataRequestsState;
  search(query: DataRequestQuery): void;
  /** Downloads the archive of the person shown and hands it to `save`. */
  download(save: (archive: BlobLike) => void): void;
  /** Opens the erasure dialog. */
  confirmErase(): void;
  cancelErase(): void;
  /** Erases the erasable chats of the person shown, then searches again. */
  erase(): void;
  dispose(): void;
}

export interface DataRequestsDeps {
  readonly api: DataRequestsApi;
  readonly onSessionExpired: () => void;
}

export const initialDataRequestsState: DataRequestsState = {
  query: null,
  summary: null,
  busy: null,
  status: null,
  error: null,
  confirming: false,
  erasing: false,
  eraseError: null,
  erased: null,
  searched: 0,
};

export function createDataRequests({ api, onSessionExpired }: DataRequestsDeps): DataRequests {
  const state = new BehaviorSubject<DataRequestsState>(initialDataRequestsState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<DataRequestsState>) => state.next({ ...state.value, ...change });

  /** `announce`: a search of its own (not the one after an erasure), whose result gets the focus. */
  const search = (query: DataRequestQuery, announce: boolean, answered: () => void = () => undefined) => {
    // A search of its own is for someone else, maybe: the person shown so far leaves at once, so neither a refusal
    // (two people under the number, a typo) nor the wait leaves their archive and erasure under the new entry (an
    // operator's pass found the last person's „Auskunft herunterladen“ beside another number's insurer question). The
    // search after an erasure is of the same person and keeps them shown meanwhile.
    update({
      busy: 'search',
      error: null,
      status: { kind: 'searching' },
      ...(announce ? { erased: null, query: null, summary: null, confirming: false } : {}),
    });
    run(
      api.search(query),
      (summary) => {
        update({
          busy: null,
          query,
          summary,
          status: summary.Found ? { kind: 'found', chats: summary.ChatCases.length, files: summary.CaseFiles.length } : { kind: 'nothingFound' },
          ...(announce ? { searched: state.value.searched + 1 } : {}),
        });
        answered();
      },
      (error) => {
        update({ busy: null, status: null, error });
        answered();
      },
    );
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    search: (query) => search(query, true),
    download: (save) => {
      const { query } = state.value;
      if (query === null) return;
      update({ busy: 'download', error: null, status: { kind: 'downloading' } });
      run(
        api.downloadArchive(query),
        (archive) => {
          update({ busy: null });
          save(archive);
          update({ status: { kind: 'downloaded' } });
        },
        (error) => update({ busy: null, status: null, error }),
      );
    },
    confirmErase: () => update({ confirming: true, eraseError: null }),
    cancelErase: () => update({ confirming: false }),
    erase: () => {
      const { query, summary } = state.value;
      if (query === null) return;
      update({ erasing: true, eraseError: null });
      const ChatCaseIds = (summary?.ChatCases ?? []).filter(isErasable).map((chat) => chat.Id);
      run(
        api.erase({ ...query, ChatCaseIds }),
        (erased) => {
          update({ erasing: false, confirming: false, erased });
          search(query, false, () => update({ status: { kind: 'erased', references: erased.ErasedChatCases, files: erased.ErasedFiles } }));
        },
        (eraseError) => update({ erasing: false, eraseError }),
      );
    },
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
