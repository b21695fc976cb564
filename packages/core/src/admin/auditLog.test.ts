import { of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Call } from '../ports/call.js';
import { err, httpError, ok, type Result } from '../result.js';
import type { AuditLogEntry, AuditLogFilter, AuditLogPage } from '../wire/adminTeam.js';
import { createAuditLog, initialAuditLogState } from './auditLog.js';

const entry = (id: string): AuditLogEntry => ({
  Id: id,
  At: '2026-11-22T10:00:00.000Z',
  ActorId: 'law-1',
  ActorName: 'Anna',
  Action: 'lawyer.invited',
  TargetKind: 'lawyer',
  TargetId: 'law-2',
  TargetLabel: 'Bernd',
  Details: {},
  Ip: null,
});
const newest: AuditLogPage = { Entries: [entry('e-3'), entry('e-2')], NextBefore: 'e-2' };
const older: AuditLogPage = { Entries: [entry('e-1')], NextBefore: null };
const failed = httpError(500, 'Error', 'x');

function setUp(auditLog: (query: AuditLogFilter & { before?: string; limit?: number }) => Call<AuditLogPage>) {
  const api = { auditLog: vi.fn(auditLog) };
  const onSessionExpired = vi.fn();
  return { api, log: createAuditLog({ api, onSessionExpired, pageSize: 2 }), onSessionExpired };
}

describe('AuditLog', () => {
  it('should read the newest page, then append older pages and name the first new entry', () => {
    const { api, log } = setUp((query) => of(ok(query.before === undefined ? newest : older)));
    expect(log.snapshot()).toEqual(initialAuditLogState);
    log.load();
    expect(api.auditLog).toHaveBeenLastCalledWith({ limit: 2 });
    expect(log.snapshot()).toEqual({ ...initialAuditLogState, entries: newest.Entries, nextBefore: 'e-2' });
    log.more();
    expect(api.auditLog).toHaveBeenLastCalledWith({ limit: 2, before: 'e-2' });
    expect(log.snapshot()).toEqual({
      entries: [...newest.Entries, ...older.Entries],
      nextBefore: null,
      error: null,
      busy: false,
      firstNew: 'e-1',
      appended: 1,
    });
    // No older page: nothing to read.
    log.more();
    expect(api.auditLog).toHaveBeenCalledTimes(2);
  });

  it('should be busy while a page is read and not read a second one meanwhile', () => {
    const answer = new Subject<Result<AuditLogPage>>();
    const { api, log } = setUp((query) => (query.before === undefined ? of(ok(newest)) : answer));
    log.load();
    log.more();
    expect(log.snapshot().busy).toBe(true);
    log.more();
    expect(api.auditLog).toHaveBeenCalledTimes(2);
    answer.next(ok(older));
    expect(log.snapshot()).toMatchObject({ busy: false, firstNew: 'e-1', appended: 1 });
    log.dispose();
  });

  it('should keep the entries read so far when a page is refused, until the next one arrives', () => {
    let page: Call<AuditLogPage> = of(ok(newest));
    const { log } = setUp(() => page);
    log.load();
    page = of(err(failed));
    log.more();
    expect(log.snapshot()).toMatchObject({ entries: newest.Entries, nextBefore: 'e-2', error: failed, busy: false, appended: 0 });
    page = of(ok(older));
    log.more();
    expect(log.snapshot()).toMatchObject({ entries: [...newest.Entries, ...older.Entries], error: null });
  });

  it('should end the session on a 401 instead of showing it', () => {
    const { log, onSessionExpired } = setUp(() => of(err(httpError(401, 'NotAuthenticated', 'Bitte melden Sie sich an.'))));
    log.load();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(log.snapshot()).toMatchObject({ entries: null, error: null });
  });

  it('should read older pages under the filters of the last load', () => {
    const { api, log } = setUp((query) => of(ok(query.before === undefined ? newest : older)));
    const filter: AuditLogFilter = { action: 'lawyer.invited', actor: 'law-1', from: '2026-11-01', to: '2026-11-30', q: 'Bernd' };
    log.load(filter);
    expect(api.auditLog).toHaveBeenLastCalledWith({ ...filter, limit: 2 });
    log.more();
    expect(api.auditLog).toHaveBeenLastCalledWith({ ...filter, limit: 2, before: 'e-2' });
    log.load();
    expect(api.auditLog).toHaveBeenLastCalledWith({ limit: 2 });
  });

  it('should drop a page of earlier filters that arrives after the filters changed', () => {
    const slow = new Subject<Result<AuditLogPage>>();
    const filtered: AuditLogPage = { Entries: [entry('e-9')], NextBefore: null };
    const { log } = setUp((query) => (query.action === undefined ? slow : of(ok(filtered))));
    log.load();
    log.load({ action: 'lawyer.deactivated' });
    slow.next(ok(newest));
    expect(log.snapshot()).toMatchObject({ entries: filtered.Entries, nextBefore: null, busy: false });
    log.dispose();
  });
});
