// The uploads screen (Dokumente): the list of documents, one upload at a time with its
// progress, the error of the last attempt, and whether the file is closed (mandate ended: no upload). The view renders
// state$ and calls the methods.
import { BehaviorSubject, Subscription, zip, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError, Result } from '../result.js';
import type { CaseFileContentApi, UploadFile } from '../ports/caseFileContentApi.js';
import type { CaseDetails, CaseDocument } from '../wire/index.js';
import { isSessionEnded } from './caseFileSession.js';
import { mandateEnded, newFirmDocuments, type FirmNews } from './liveRefresh.js';
import { checkUpload, UploadErrorKeys, type UploadErrorKey } from './uploadRules.js';

export interface RunningUpload {
  readonly fileName: string;
  /** 0–100, whole numbers. */
  readonly percent: number;
}

export interface DocumentsState {
  readonly loading: boolean;
  /** Newest first. */
  readonly documents: readonly CaseDocument[];
  readonly loadFailed: boolean;
  readonly upload: RunningUpload | null;
  readonly errorKey: UploadErrorKey | null;
  /** Name of the file whose upload just finished, for the aria-live confirmation. */
  readonly lastUploaded: string | null;
  /** Name of the file whose upload the person cancelled, for the aria-live confirmation. */
  readonly cancelled: string | null;
  /** The server refused the list or an upload because the session ended (401/403): the way on is the login. */
  readonly sessionEnded: boolean;
  /** Id of the document being removed (its button is busy). */
  readonly removing: string | null;
  /** Name of the document just removed, for the aria-live confirmation. */
  readonly lastRemoved: string | null;
  /**
   * The mandate has ended: the file takes no uploads. null until the case was read – the upload is offered only once
   * the file is known to be open (a failed read offers it: the server refuses an upload into a closed file anyway).
   */
  readonly closed: boolean | null;
}

const initial: DocumentsState = {
  loading: true,
  documents: [],
  loadFailed: false,
  upload: null,
  errorKey: null,
  lastUploaded: null,
  cancelled: null,
  sessionEnded: false,
  removing: null,
  lastRemoved: null,
  closed: null,
};

export class DocumentUploads {
  private readonly stateSubject = new BehaviorSubject<DocumentsState>(initial);
  // Replaced on dispose(), so the screen may load() again after it (React StrictMode remounts).
  private subscriptions = new Subscription();
  private running: Subscription | null = null;
  /**
   * Counts what changes the list by the person's doing (a load, an upload, a removal). A background read sent before
   * one of them may answer after it has finished, with the list as it was: a removed document would come back, an
   * uploaded one vanish until the next read. Such an answer is dropped (the next tick reads again).
   */
  private changes = 0;
  readonly state$: Observable<DocumentsState> = this.stateSubject.asObservable();

  constructor(
    private readonly api: CaseFileContentApi,
    private readonly token: string,
  ) {}

  get state(): DocumentsState {
    return this.stateSubject.value;
  }

  load(): void {
    this.changes++;
    this.patch({ loading: true });
    this.subscriptions.add(
      this.api.getDocuments(this.token).subscribe((result) => {
        if (E.isRight(result)) this.patch({ loading: false, loadFailed: false, sessionEnded: false, documents: newestFirst(result.right) });
        else this.patch({ loading: false, loadFailed: true, sessionEnded: isSessionEnded(result.left) });
      }),
    );
    this.subscriptions.add(this.api.getCase(this.token).subscribe((details) => this.caseRead(details)));
  }

  /** Whether the file is closed, from a read of the case; a failed read keeps what is known (or offers the upload). */
  private caseRead(details: Result<CaseDetails>): void {
    if (E.isRight(details)) this.patch({ closed: details.right.Closed });
    else if (this.state.closed === null) this.patch({ closed: false });
  }

  /**
   * Reads the list and the case again in the background (the live refresh): no spinner, the list is replaced only by
   * a newer one, and a failure keeps what is shown without a word – only an ended session (401/403) is said, as after
   * load(). A mandate the firm ended meanwhile closes the file (no upload from then on). Skipped while the list is
   * loading or failed to load, and while an upload or a removal runs (their own answer updates the list); an answer
   * that arrives after the person started one of them (or a load) is dropped, even when it has finished. Answers the
   * firm's new documents and the ended mandate, in one list, through `onNews`.
   */
  refresh(onNews: (news: readonly FirmNews[]) => void = () => undefined): void {
    const { loading, loadFailed, upload, removing } = this.state;
    if (loading || loadFailed || upload !== null || removing !== null) return;
    const sent = this.changes;
    this.subscriptions.add(
      zip(this.api.getDocuments(this.token, { background: true }), this.api.getCase(this.token, { background: true })).subscribe(([result, details]) => {
        if (E.isLeft(result)) {
          if (isSessionEnded(result.left)) this.patch({ loadFailed: true, sessionEnded: true });
          return;
        }
        // Something the person started meanwhile answers for itself.
        if (this.changes !== sent) return;
        const before = this.state.documents;
        const after = newestFirst(result.right);
        const wasClosed = this.state.closed;
        if (!sameDocuments(before, after)) this.patch({ documents: after });
        if (E.isRight(details) && details.right.Closed !== wasClosed) this.patch({ closed: details.right.Closed });
        const closedNow = this.state.closed === true;
        const news = [...newFirmDocuments(before, after), ...(wasClosed === null ? [] : mandateEnded({ Closed: wasClosed }, { Closed: closedNow }))];
        if (news.length > 0) onNews(news);
      }),
    );
  }

  /** Checks the file, then sends it; a second upload while one runs is ignored (returns false). */
  upload(file: UploadFile): boolean {
    if (this.state.upload) return false;
    const refused = checkUpload(file);
    if (refused) {
      this.patch({ errorKey: refused, lastUploaded: null, cancelled: null });
      return false;
    }
    this.changes++;
    this.patch({ upload: { fileName: file.name, percent: 0 }, errorKey: null, lastUploaded: null, cancelled: null, sessionEnded: false });
    this.running = this.api.uploadDocument(this.token, file).subscribe((result) => {
      if (E.isLeft(result)) {
        // A "please try again" would fail the same way after the session ended; the view offers the login instead.
        if (isSessionEnded(result.left)) this.patch({ upload: null, errorKey: null, sessionEnded: true });
        else {
          const errorKey = uploadErrorKey(result.left);
          // The mandate ended while the page was open: the file is closed from now on.
          this.patch({ upload: null, errorKey, ...(errorKey === UploadErrorKeys.Closed ? { closed: true } : {}) });
        }
        return;
      }
      const event = result.right;
      if (event._tag === 'Progress') {
        const percent = event.total > 0 ? Math.min(100, Math.floor((event.loaded / event.total) * 100)) : 0;
        this.patch({ upload: { fileName: file.name, percent } });
      } else {
        const documents = newestFirst([event.document, ...this.state.documents.filter((d) => d.Id !== event.document.Id)]);
        this.patch({ upload: null, documents, lastUploaded: event.document.FileName });
      }
    });
    this.subscriptions.add(this.running);
    return true;
  }

  /**
   * Stops the running upload (the request is aborted) and reads the list again: once all bytes were sent
   * (100 %), the server may have stored the file before the abort reached it, and the person must see that
   * it arrived rather than believe it did not.
   */
  cancel(): void {
    const running = this.state.upload;
    this.running?.unsubscribe();
    this.running = null;
    if (!running) return;
    this.patch({ upload: null, cancelled: running.fileName });
    this.load();
  }

  /**
   * Removes a wrongly uploaded document. The server refuses once a lawyer has opened it (409): the
   * list is then read again, so the document shows without its remove button.
   */
  remove(document: CaseDocument): void {
    if (this.state.removing) return;
    this.changes++;
    this.patch({ removing: document.Id, errorKey: null, lastUploaded: null, lastRemoved: null, cancelled: null });
    this.subscriptions.add(
      this.api.deleteDocument(this.token, document.Id).subscribe((result) => {
        if (E.isRight(result)) {
          this.patch({ removing: null, lastRemoved: document.FileName, documents: this.state.documents.filter((d) => d.Id !== document.Id) });
          return;
        }
        if (isSessionEnded(result.left)) {
          this.patch({ removing: null, sessionEnded: true });
          return;
        }
        const seen = result.left._tag === 'HttpError' && result.left.status === 409;
        this.patch({ removing: null, errorKey: seen ? UploadErrorKeys.RemoveSeen : UploadErrorKeys.RemoveFailed });
        if (seen) this.load();
      }),
    );
  }

  /** Aborts the list request and a running upload. load() may be called again afterwards. */
  dispose(): void {
    this.subscriptions.unsubscribe();
    this.subscriptions = new Subscription();
    this.running = null;
    if (this.state.upload) this.patch({ upload: null });
  }

  private patch(change: Partial<DocumentsState>): void {
    this.stateSubject.next({ ...this.state, ...change });
  }
}

/** The same documents with the same details: nothing to render again. */
function sameDocuments(a: readonly CaseDocument[], b: readonly CaseDocument[]): boolean {
  return a.length === b.length && a.every((doc, i) => JSON.stringify(doc) === JSON.stringify(b[i]));
}

function newestFirst(documents: readonly CaseDocument[]): CaseDocument[] {
  return [...documents].sort((a, b) => b.Created.localeCompare(a.Created));
}

/** The server's refusals map to the same texts as the checks before sending. */
function uploadErrorKey(error: AppError): UploadErrorKey {
  // No answer at all: the connection, not the file, is what to fix (the contact form says the same).
  if (error._tag === 'NetworkError' || error._tag === 'Timeout') return UploadErrorKeys.Offline;
  if (error._tag !== 'HttpError') return UploadErrorKeys.Failed;
  // The mandate ended while the page was open: 409 `Conflict` (the quota's 409 has its own code).
  if (error.status === 409 && error.code === 'Conflict') return UploadErrorKeys.Closed;
  if (error.status === 413) return UploadErrorKeys.TooLarge;
  if (error.code === 'ContentMismatch') return UploadErrorKeys.ContentMismatch;
  if (error.status === 415) return UploadErrorKeys.UnsupportedType;
  if (error.code === 'QuotaExceeded') return UploadErrorKeys.QuotaExceeded;
  if (error.code === 'EmptyFile') return UploadErrorKeys.Empty;
  if (error.code === 'ArchiveRefused') return UploadErrorKeys.ArchiveRefused;
  if (error.code === 'InvalidUpload') return UploadErrorKeys.Broken;
  if (error.code === 'MalwareFound') return UploadErrorKeys.Malware;
  if (error.code === 'ScannerUnavailable') return UploadErrorKeys.ScannerUnavailable;
  return UploadErrorKeys.Failed;
}
