import { of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Call } from '../ports/call.js';
import type { DataRequestsApi } from '../ports/dataRequests.js';
import { err, httpError, ok, type Result } from '../result.js';
import type { DataErasureResult, DataSubjectChatCase, DataSubjectSummary } from '../wire/dataRequests.js';
import { createDataRequests, initialDataRequestsState } from './dataRequests.js';
import { archiveReferenceOf, dataArchiveName, isErasable } from './dataRequestRules.js';

const chat = (id: string, over: Partial<DataSubjectChatCase> = {}): DataSubjectChatCase => ({
  Id: id,
  Reference: `RC-${id}`,
  Insurer: null,
  FieldOfLaw: 'Mietrecht',
  CreatedAt: '2026-03-02T09:00:00.000Z',
  ClosedAt: '2026-03-02T10:00:00.000Z',
  Running: false,
  Messages: 1,
  Files: 0,
  Callbacks: 0,
  Ratings: 0,
  KeptFor: null,
  KeptUntil: null,
  ...over,
});
const found: DataSubjectSummary = {
  Found: true,
  SearchedBy: 'insuranceNumber',
  CustomerSince: null,
  ChatCases: [chat('a'), chat('b', { KeptFor: 'FA-1', KeptUntil: '2032-12-31T23:00:00.000Z' }), chat('c', { Running: true })],
  CaseFiles: [],
};
const nothing: DataSubjectSummary = { ...found, Found: false, ChatCases: [] };
const erasure: DataErasureResult = { ErasedChatCases: ['RC-a'], ErasedFiles: 2, Kept: [] };
const archive = { size: 2, type: 'application/zip', arrayBuffer: () => Promise.resolve(new ArrayBuffer(2)) };
const refused = httpError(409, 'Conflict', 'Ein Chat läuft noch.');
const query = { InsuranceNumber: 'VN1' };

function setUp(over: Partial<DataRequestsApi> = {}) {
  const api: DataRequestsApi = {
    search: vi.fn(() => of(ok(found))),
    downloadArchive: vi.fn(() => of(ok(archive))),
    erase: vi.fn(() => of(ok(erasure))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  return { api, requests: createDataRequests({ api, onSessionExpired }), onSessionExpired };
}

describe('DataRequests', () => {
  it('should say it searches, then what it found, and count the answered search', () => {
    const answer = new Subject<Result<DataSubjectSummary>>();
    const { requests } = setUp({ search: () => answer });
    expect(requests.snapshot()).toEqual(initialDataRequestsState);
    requests.search(query);
    expect(requests.snapshot()).toMatchObject({ busy: 'search', status: { kind: 'searching' }, searched: 0 });
    answer.next(ok(found));
    expect(requests.snapshot()).toMatchObject({ busy: null, query, summary: found, status: { kind: 'found', chats: 3, files: 0 }, searched: 1 });
    requests.dispose();
  });

  it('should say when nothing was found, and show a refused search without a status', () => {
    let answer: Call<DataSubjectSummary> = of(ok(nothing));
    const { requests } = setUp({ search: () => answer });
    requests.search(query);
    expect(requests.snapshot().status).toEqual({ kind: 'nothingFound' });
    answer = of(err(refused));
    requests.search({ Reference: 'RC-x' });
    expect(requests.snapshot()).toMatchObject({ busy: null, status: null, error: refused, query: null, summary: null, searched: 1 });
  });

  it('should drop the person shown when a new search starts, so a refused or pending one leaves no archive or erasure of them', () => {
    const answer = new Subject<Result<DataSubjectSummary>>();
    let next: Call<DataSubjectSummary> = of(ok(found));
    const { api, requests } = setUp({ search: () => next });
    requests.search(query);
    expect(requests.snapshot()).toMatchObject({ query, summary: found });
    next = answer;
    requests.search({ InsuranceNumber: 'VN2' });
    expect(requests.snapshot()).toMatchObject({ busy: 'search', query: null, summary: null });
    answer.next(err(httpError(409, 'Conflict', 'Diese Versicherungsnummer gehört bei mehreren Versicherern zu verschiedenen Personen.')));
    expect(requests.snapshot()).toMatchObject({ busy: null, query: null, summary: null });
    const save = vi.fn();
    requests.download(save);
    requests.erase();
    expect(api.downloadArchive).not.toHaveBeenCalled();
    expect(api.erase).not.toHaveBeenCalled();
    requests.dispose();
  });

  it('should download the archive of the person shown and hand it to save', () => {
    const { api, requests } = setUp();
    const save = vi.fn();
    requests.download(save);
    expect(api.downloadArchive).not.toHaveBeenCalled();
    requests.search(query);
    requests.download(save);
    expect(api.downloadArchive).toHaveBeenCalledWith(query);
    expect(save).toHaveBeenCalledWith(archive);
    expect(requests.snapshot()).toMatchObject({ busy: null, status: { kind: 'downloaded' }, error: null });
  });

  it('should show a refused download', () => {
    const { requests } = setUp({ downloadArchive: () => of(err(refused)) });
    requests.search(query);
    requests.download(() => undefined);
    expect(requests.snapshot()).toMatchObject({ busy: null, status: null, error: refused });
  });

  it('should erase only the erasable chats, close the dialog, search again quietly and say what was erased', () => {
    const { api, requests } = setUp();
    requests.search(query);
    requests.confirmErase();
    expect(requests.snapshot().confirming).toBe(true);
    requests.erase();
    expect(api.erase).toHaveBeenCalledWith({ ...query, ChatCaseIds: ['a'] });
    expect(api.search).toHaveBeenCalledTimes(2);
    expect(requests.snapshot()).toMatchObject({
      confirming: false,
      erasing: false,
      erased: erasure,
      status: { kind: 'erased', references: ['RC-a'], files: 2 },
      searched: 1,
    });
    // A new search of its own forgets the erasure.
    requests.search(query);
    expect(requests.snapshot()).toMatchObject({ erased: null, searched: 2 });
  });

  it('should keep the dialog open with the refusal, and clear it when the dialog opens again', () => {
    const { requests } = setUp({ erase: () => of(err(refused)) });
    requests.search(query);
    requests.confirmErase();
    requests.erase();
    expect(requests.snapshot()).toMatchObject({ confirming: true, erasing: false, eraseError: refused });
    requests.cancelErase();
    requests.confirmErase();
    expect(requests.snapshot()).toMatchObject({ confirming: true, eraseError: null });
  });

  it('should end the session on a 401 instead of showing it', () => {
    const { requests, onSessionExpired } = setUp({ search: () => of(err(httpError(401, 'NotAuthenticated', 'x'))) });
    requests.search(query);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(requests.snapshot().error).toBeNull();
  });

  it('should erase a chat only when it has ended and no case file keeps it', () => {
    expect(found.ChatCases.map(isErasable)).toEqual([true, false, false]);
  });
});

describe('dataArchiveName', () => {
  it('should name the archive by the reference and the Berlin day', () => {
    expect(dataArchiveName('RC-AB12CD34', '2026-12-03')).toBe('Auskunft-RC-AB12CD34-2026-12-03.zip');
    expect(dataArchiveName('FA-2026-ABC123', '2026-12-03')).toBe('Auskunft-FA-2026-ABC123-2026-12-03.zip');
    // Chat references are base64url: an underscore is part of them.
    expect(dataArchiveName('RC-D_NC8WNM', '2026-12-03')).toBe('Auskunft-RC-D_NC8WNM-2026-12-03.zip');
  });

  it('should fall back to the day alone without a reference and keep only safe characters', () => {
    expect(dataArchiveName(null, '2026-12-03')).toBe('Auskunft-2026-12-03.zip');
    expect(dataArchiveName('../RC "x"', '2026-12-03')).toBe('Auskunft-RCx-2026-12-03.zip');
  });

  it('should take the first chat case, else the first case file, as the reference', () => {
    const base = { Found: true, SearchedBy: 'insuranceNumber' as const, CustomerSince: null, ChatCases: [], CaseFiles: [] };
    expect(archiveReferenceOf(base)).toBeNull();
    expect(archiveReferenceOf({ ...base, CaseFiles: [{ CaseNumber: 'FA-2026-ABC123' } as DataSubjectSummary['CaseFiles'][number]] })).toBe('FA-2026-ABC123');
    expect(
      archiveReferenceOf({
        ...base,
        ChatCases: [{ Reference: 'RC-AAAAAAAA' } as DataSubjectChatCase],
        CaseFiles: [{ CaseNumber: 'FA-2026-ABC123' } as DataSubjectSummary['CaseFiles'][number]],
      }),
    ).toBe('RC-AAAAAAAA');
  });
});
