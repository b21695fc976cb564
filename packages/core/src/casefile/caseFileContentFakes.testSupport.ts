// In-memory fake of the case-file content port for use-case tests.
import { Observable, of, Subject } from 'rxjs';
import { err, ok, type AppError, type Result } from '../result.js';
import type { CaseFileContentApi, UploadEvent, UploadFile } from '../ports/caseFileContentApi.js';
import type { Call } from '../ports/call.js';
import type { CaseDetails, CaseDocument } from '../wire/index.js';
import { summary } from './caseFileFakes.testSupport.js';

export function document(id: string, created: string, fileName = `${id}.pdf`): CaseDocument {
  return { Id: id, FileName: fileName, ContentType: 'application/pdf', Size: 1000, Created: created, UploadedBy: 'client' };
}

export function uploadFile(name: string, size: number): UploadFile {
  return { name, size, type: '', arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) };
}

const unused = (): never => {
  throw new Error('not used in this test');
};

export class FakeCaseFileContentApi implements CaseFileContentApi {
  documents: CaseDocument[] = [];
  documentsFailure: AppError | null = null;
  /** Each upload gets its own subject; the test drives progress and completion. */
  readonly uploads: { token: string; file: UploadFile; events: Subject<Result<UploadEvent>>; unsubscribed: boolean }[] = [];

  getDocuments(): Call<readonly CaseDocument[]> {
    return of(this.documentsFailure ? err(this.documentsFailure) : ok(this.documents));
  }

  removeFailure: AppError | null = null;
  readonly removed: string[] = [];
  deleteDocument(_token: string, documentId: string): Call<void> {
    if (this.removeFailure) return of(err(this.removeFailure));
    this.removed.push(documentId);
    this.documents = this.documents.filter((d) => d.Id !== documentId);
    return of(ok(undefined));
  }

  uploadDocument(token: string, file: UploadFile): Observable<Result<UploadEvent>> {
    const events = new Subject<Result<UploadEvent>>();
    const entry = { token, file, events, unsubscribed: false };
    this.uploads.push(entry);
    return new Observable<Result<UploadEvent>>((subscriber) => {
      const inner = events.subscribe(subscriber);
      return () => {
        entry.unsubscribed = true;
        inner.unsubscribe();
      };
    });
  }

  /** Whether the mandate has ended, as the case read says; `caseFailure` refuses that read. */
  closed = false;
  caseFailure: AppError | null = null;
  readonly caseReads: ({ background?: boolean } | undefined)[] = [];
  getCase(_token: string, options?: { background?: boolean }): Call<CaseDetails> {
    this.caseReads.push(options);
    if (this.caseFailure) return of(err(this.caseFailure));
    return of(ok({ ...summary, Closed: this.closed, Description: '', Opponent: null, UpdatedAt: '2026-11-20T10:00:00Z' }));
  }
  getPerson: CaseFileContentApi['getPerson'] = unused;
  updatePerson = unused;
  getHistory = unused;
  sendContact = unused;
  getContacts = unused;
  markSeen = unused;
  getQuestionnaire = unused;
  submitQuestionnaire = unused;
  signPowerOfAttorney = unused;
  documentUrl = (token: string, id: string) => `/api/case-file/${token}/documents/${id}`;
  powerOfAttorneyUrl = (token: string) => `/api/case-file/${token}/power-of-attorney`;
}
