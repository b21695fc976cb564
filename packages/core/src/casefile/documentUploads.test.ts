import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../result.js';
import type { CaseDocument } from '../wire/index.js';
import type { FirmNews } from './liveRefresh.js';
import { DocumentUploads } from './documentUploads.js';
import { MAX_DOCUMENT_BYTES } from './uploadRules.js';
import { document, FakeCaseFileContentApi, uploadFile } from './caseFileContentFakes.testSupport.js';

function setup() {
  const api = new FakeCaseFileContentApi();
  api.documents = [document('old', '2026-11-01T10:00:00Z'), document('new', '2026-11-02T10:00:00Z')];
  const uploads = new DocumentUploads(api, 'tok');
  return { api, uploads };
}

describe('DocumentUploads', () => {
  it('should list the documents newest first after loading', () => {
    const { uploads } = setup();
    uploads.load();
    expect(uploads.state.loading).toBe(false);
    expect(uploads.state.documents.map((d) => d.Id)).toEqual(['new', 'old']);
  });

  it('should remove a document from the list and name it for the confirmation', () => {
    const { api, uploads } = setup();
    uploads.load();
    const [newest] = uploads.state.documents;
    uploads.remove(newest!);
    expect(api.removed).toEqual(['new']);
    expect(uploads.state).toMatchObject({ removing: null, lastRemoved: newest!.FileName, errorKey: null });
    expect(uploads.state.documents.map((d) => d.Id)).toEqual(['old']);
  });

  it('should say so and read the list again when the firm opened the document meanwhile (409)', () => {
    const { api, uploads } = setup();
    uploads.load();
    api.removeFailure = { _tag: 'HttpError', status: 409, code: 'Conflict', message: 'bereits geöffnet' };
    uploads.remove(uploads.state.documents[0]!);
    expect(uploads.state).toMatchObject({ removing: null, lastRemoved: null, errorKey: 'CaseFile.Documents.Error.RemoveSeen' });
    expect(uploads.state.documents).toHaveLength(2);
    api.removeFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'abgelaufen' };
    uploads.remove(uploads.state.documents[0]!);
    expect(uploads.state.sessionEnded).toBe(true);
  });

  it('should report a failed list load', () => {
    const { api, uploads } = setup();
    api.documentsFailure = { _tag: 'NetworkError', message: 'offline' };
    uploads.load();
    expect(uploads.state).toMatchObject({ loading: false, loadFailed: true });
  });

  it('should refuse a file that is too large or of a wrong type without sending it', () => {
    const { api, uploads } = setup();
    expect(uploads.upload(uploadFile('scan.pdf', MAX_DOCUMENT_BYTES + 1))).toBe(false);
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.TooLarge');
    expect(uploads.upload(uploadFile('page.html', 10))).toBe(false);
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.UnsupportedType');
    expect(api.uploads).toEqual([]);
  });

  it('should show the progress in whole percent and add the stored document on top when done', () => {
    const { api, uploads } = setup();
    uploads.load();
    expect(uploads.upload(uploadFile('Mietvertrag.pdf', 3000))).toBe(true);
    expect(uploads.state.upload).toEqual({ fileName: 'Mietvertrag.pdf', percent: 0 });
    const running = api.uploads[0]!;
    running.events.next(ok({ _tag: 'Progress', loaded: 1000, total: 3000 }));
    expect(uploads.state.upload?.percent).toBe(33);
    running.events.next(ok({ _tag: 'Done', document: document('fresh', '2026-11-03T10:00:00Z', 'Mietvertrag.pdf') }));
    expect(uploads.state.upload).toBeNull();
    expect(uploads.state.lastUploaded).toBe('Mietvertrag.pdf');
    expect(uploads.state.documents.map((d) => d.Id)).toEqual(['fresh', 'new', 'old']);
  });

  it('should ignore a second upload while one runs', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    expect(uploads.upload(uploadFile('b.pdf', 10))).toBe(false);
    expect(api.uploads).toHaveLength(1);
  });

  it('should map server refusals to the same texts and end the upload', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    api.uploads[0]!.events.next(err({ _tag: 'HttpError', status: 415, code: 'UnsupportedFileType', message: 'x' }));
    expect(uploads.state).toMatchObject({ upload: null, errorKey: 'CaseFile.Documents.Error.UnsupportedType' });
    // A damaged or renamed „PDF“: said as such, not as a type that is not allowed.
    uploads.upload(uploadFile('kaputt.pdf', 10));
    api.uploads[1]!.events.next(err({ _tag: 'HttpError', status: 415, code: 'ContentMismatch', message: 'x' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.ContentMismatch');
    api.uploads.splice(1, 1);
    uploads.upload(uploadFile('b.pdf', 10));
    api.uploads[1]!.events.next(err({ _tag: 'HttpError', status: 409, code: 'QuotaExceeded', message: 'x' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.QuotaExceeded');
    uploads.upload(uploadFile('c.pdf', 10));
    api.uploads[2]!.events.next(err({ _tag: 'HttpError', status: 500, code: 'InternalError', message: 'x' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.Failed');
    // A file emptied between choosing and sending: the server's 400 EmptyFile reads like the check before sending.
    uploads.upload(uploadFile('d.pdf', 10));
    api.uploads[3]!.events.next(err({ _tag: 'HttpError', status: 400, code: 'EmptyFile', message: 'x' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.Empty');
  });

  it('should say a broken or flagged photo needs a new file, not another try of the same one, and a scan outage a later try', () => {
    const { api, uploads } = setup();
    // A camera photo cut off while the phone saved it: the server's 400 InvalidUpload.
    uploads.upload(uploadFile('IMG_20261207_081512.jpg', 10));
    api.uploads[0]!.events.next(err({ _tag: 'HttpError', status: 400, code: 'InvalidUpload', message: 'x' }));
    expect(uploads.state).toMatchObject({ upload: null, errorKey: 'CaseFile.Documents.Error.Broken' });
    uploads.upload(uploadFile('Rechnung.pdf', 10));
    api.uploads[1]!.events.next(err({ _tag: 'HttpError', status: 422, code: 'MalwareFound', message: 'x' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.Malware');
    uploads.upload(uploadFile('Rechnung.pdf', 10));
    api.uploads[2]!.events.next(err({ _tag: 'HttpError', status: 503, code: 'ScannerUnavailable', message: 'x' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.ScannerUnavailable');
  });

  it('should name the missing connection when an upload gets no answer (offline or timed out), not a generic failure', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    api.uploads[0]!.events.next(err({ _tag: 'NetworkError', message: 'offline' }));
    expect(uploads.state).toMatchObject({ upload: null, errorKey: 'CaseFile.Documents.Error.Offline' });
    uploads.upload(uploadFile('b.pdf', 10));
    api.uploads[1]!.events.next(err({ _tag: 'Timeout', message: 'zu langsam' }));
    expect(uploads.state.errorKey).toBe('CaseFile.Documents.Error.Offline');
  });

  it('should say that the case is closed when the server refuses the upload with 409 Conflict (mandate ended meanwhile)', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    api.uploads[0]!.events.next(err({ _tag: 'HttpError', status: 409, code: 'Conflict', message: 'Ihr Fall ist abgeschlossen.' }));
    expect(uploads.state).toMatchObject({ upload: null, errorKey: 'CaseFile.Documents.Error.Closed', sessionEnded: false, closed: true });
  });

  it('should report an ended session (401/403) instead of a retry that cannot succeed, for uploads and the list', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    api.uploads[0]!.events.next(err({ _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'x' }));
    expect(uploads.state).toMatchObject({ upload: null, errorKey: null, sessionEnded: true });
    api.documentsFailure = { _tag: 'HttpError', status: 403, code: 'Forbidden', message: 'x' };
    uploads.load();
    expect(uploads.state).toMatchObject({ loading: false, loadFailed: true, sessionEnded: true });
    api.documentsFailure = { _tag: 'NetworkError', message: 'offline' };
    uploads.load();
    expect(uploads.state).toMatchObject({ loadFailed: true, sessionEnded: false });
  });

  it('should abort the request when the upload is cancelled or the screen goes away', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    uploads.cancel();
    expect(api.uploads[0]!.unsubscribed).toBe(true);
    expect(uploads.state.upload).toBeNull();
    uploads.upload(uploadFile('b.pdf', 10));
    uploads.dispose();
    expect(api.uploads[1]!.unsubscribed).toBe(true);
  });

  it('should confirm the cancelling and read the list again, which shows a file the server stored before the abort reached it', () => {
    const { api, uploads } = setup();
    uploads.load();
    uploads.upload(uploadFile('scan.pdf', 10));
    api.uploads[0]!.events.next(ok({ _tag: 'Progress', loaded: 10, total: 10 }));
    // All bytes are out; the server keeps the file although the person cancels now.
    api.documents = [...api.documents, document('scan', '2026-11-03T10:00:00Z', 'scan.pdf')];
    uploads.cancel();
    expect(uploads.state).toMatchObject({ upload: null, cancelled: 'scan.pdf', loading: false });
    expect(uploads.state.documents.map((d) => d.FileName)).toEqual(['scan.pdf', 'new.pdf', 'old.pdf']);
    uploads.upload(uploadFile('next.pdf', 10));
    expect(uploads.state.cancelled).toBeNull();
  });

  it('should do nothing when cancel comes after the upload ended', () => {
    const { api, uploads } = setup();
    uploads.load();
    uploads.upload(uploadFile('a.pdf', 10));
    api.uploads[0]!.events.next(ok({ _tag: 'Done', document: document('a', '2026-11-03T10:00:00Z') }));
    uploads.cancel();
    expect(uploads.state).toMatchObject({ cancelled: null, lastUploaded: 'a.pdf' });
  });

  it('should load again after dispose (React StrictMode mounts, disposes and loads the same screen)', () => {
    const { api, uploads } = setup();
    const replies: Subject<Result<readonly CaseDocument[]>>[] = [];
    api.getDocuments = () => {
      const held = new Subject<Result<readonly CaseDocument[]>>();
      replies.push(held);
      return held;
    };
    uploads.load();
    uploads.dispose();
    expect(replies[0]!.observed).toBe(false);
    uploads.load();
    replies[1]!.next(ok([document('only', '2026-11-03T10:00:00Z')]));
    expect(uploads.state).toMatchObject({ loading: false, loadFailed: false });
    expect(uploads.state.documents.map((d) => d.Id)).toEqual(['only']);
  });

  it('should accept a new upload after dispose', () => {
    const { api, uploads } = setup();
    uploads.upload(uploadFile('a.pdf', 10));
    uploads.dispose();
    expect(uploads.state.upload).toBeNull();
    expect(uploads.upload(uploadFile('b.pdf', 10))).toBe(true);
    expect(api.uploads[1]!.unsubscribed).toBe(false);
  });

  it("should take the firm's new document on a background refresh without showing the loading state", () => {
    const { api, uploads } = setup();
    uploads.load();
    const states: boolean[] = [];
    const subscription = uploads.state$.subscribe((state) => states.push(state.loading));
    const shared = { ...document('shared', '2026-11-03T10:00:00Z'), UploadedBy: 'lawyer' as const };
    api.documents = [...api.documents, shared];
    const news: (readonly FirmNews[])[] = [];
    uploads.refresh((found) => news.push(found));
    subscription.unsubscribe();
    expect(states.every((loading) => !loading)).toBe(true);
    expect(uploads.state.documents.map((d) => d.Id)).toEqual(['shared', 'new', 'old']);
    expect(news).toEqual([[{ key: 'CaseFile.Live.NewDocuments', count: 1 }]]);
    // Both reads are background reads: they keep no idle session alive.
    expect(api.caseReads).toEqual([undefined, { background: true }]);
  });

  it('should know from the case whether the file takes uploads, and offer them when the case cannot be read', () => {
    const { api, uploads } = setup();
    expect(uploads.state.closed).toBeNull();
    uploads.load();
    expect(uploads.state.closed).toBe(false);
    const closedFile = setup();
    closedFile.api.closed = true;
    closedFile.uploads.load();
    expect(closedFile.uploads.state.closed).toBe(true);
    const unreadable = setup();
    unreadable.api.caseFailure = { _tag: 'NetworkError', message: 'offline' };
    unreadable.uploads.load();
    expect(unreadable.uploads.state.closed).toBe(false);
    expect(api.caseReads).toHaveLength(1);
  });

  it('should close the file and say so when a background refresh finds the mandate ended by the firm', () => {
    const { api, uploads } = setup();
    uploads.load();
    api.closed = true;
    const news: (readonly FirmNews[])[] = [];
    uploads.refresh((found) => news.push(found));
    expect(uploads.state).toMatchObject({ closed: true, loading: false, errorKey: null });
    expect(uploads.state.documents).toHaveLength(2);
    expect(news).toEqual([[{ key: 'CaseFile.Live.Closed', count: 1 }]]);
    // Told once: the next refresh finds nothing new.
    uploads.refresh((found) => news.push(found));
    expect(news).toHaveLength(1);
  });

  it('should tell a new firm document and the ended mandate of one refresh in one list', () => {
    const { api, uploads } = setup();
    uploads.load();
    api.closed = true;
    api.documents = [...api.documents, { ...document('final', '2026-11-04T10:00:00Z'), UploadedBy: 'lawyer' as const }];
    const news: (readonly FirmNews[])[] = [];
    uploads.refresh((found) => news.push(found));
    expect(news).toEqual([
      [
        { key: 'CaseFile.Live.NewDocuments', count: 1 },
        { key: 'CaseFile.Live.Closed', count: 1 },
      ],
    ]);
  });

  it('should open the file again, silently, when a refresh finds the mandate reopened, and keep it as it was when the case read fails', () => {
    const { api, uploads } = setup();
    api.closed = true;
    uploads.load();
    api.caseFailure = { _tag: 'NetworkError', message: 'offline' };
    const news: (readonly FirmNews[])[] = [];
    uploads.refresh((found) => news.push(found));
    expect(uploads.state.closed).toBe(true);
    api.caseFailure = null;
    api.closed = false;
    uploads.refresh((found) => news.push(found));
    expect(uploads.state.closed).toBe(false);
    expect(news).toEqual([]);
  });

  it('should keep the list and say nothing when a background refresh fails', () => {
    const { api, uploads } = setup();
    uploads.load();
    api.documentsFailure = { _tag: 'NetworkError', message: 'offline' };
    uploads.refresh();
    expect(uploads.state).toMatchObject({ loading: false, loadFailed: false, errorKey: null, sessionEnded: false });
    expect(uploads.state.documents).toHaveLength(2);
  });

  it('should show the ended session when a background refresh is refused with 401', () => {
    const { api, uploads } = setup();
    uploads.load();
    api.documentsFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'abgelaufen' };
    uploads.refresh();
    expect(uploads.state).toMatchObject({ loadFailed: true, sessionEnded: true });
  });

  it('should not refresh in the background while an upload runs', () => {
    const { api, uploads } = setup();
    uploads.load();
    uploads.upload(uploadFile('scan.pdf', 10));
    api.documents = [];
    uploads.refresh();
    expect(uploads.state.documents).toHaveLength(2);
  });

  describe('a background read that was sent before the person changed the list', () => {
    /** The refresh's list read waits for the test; the case read answers at once. */
    function heldRefresh(api: FakeCaseFileContentApi) {
      const held = new Subject<Result<readonly CaseDocument[]>>();
      const read = api.getDocuments.bind(api);
      api.getDocuments = (_token?: string, options?: { background?: boolean }) => (options?.background ? held : read());
      return held;
    }

    it('should not bring back a document removed while the read was on its way', () => {
      const { api, uploads } = setup();
      uploads.load();
      const held = heldRefresh(api);
      const listBefore = [...api.documents];
      uploads.refresh();
      uploads.remove(uploads.state.documents[0]!);
      expect(uploads.state.documents.map((d) => d.Id)).toEqual(['old']);
      held.next(ok(listBefore));
      expect(uploads.state.documents.map((d) => d.Id)).toEqual(['old']);
    });

    it('should not drop a document uploaded while the read was on its way', () => {
      const { api, uploads } = setup();
      uploads.load();
      const held = heldRefresh(api);
      const listBefore = [...api.documents];
      uploads.refresh();
      uploads.upload(uploadFile('scan.pdf', 10));
      api.uploads[0]!.events.next(ok({ _tag: 'Done', document: document('scan', '2026-11-03T10:00:00Z', 'scan.pdf') }));
      expect(uploads.state.documents.map((d) => d.Id)).toEqual(['scan', 'new', 'old']);
      held.next(ok(listBefore));
      expect(uploads.state.documents.map((d) => d.Id)).toEqual(['scan', 'new', 'old']);
    });
  });
});
