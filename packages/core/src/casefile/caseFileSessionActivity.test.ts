// The case file's session activity (which calls count, the stored login, the extension) in virtual time.
import { Subject, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { err, networkError, ok, type Result } from '../result.js';
import type { SessionExpiryState, SessionSignal } from '../session/sessionExpiry.js';
import { FakeCaseFileAuthApi, MemoryStorage } from './caseFileFakes.testSupport.js';
import { FakeCaseFileContentApi, document } from './caseFileContentFakes.testSupport.js';
import { CaseFileSessionActivity } from './caseFileSessionActivity.js';

/** Records [virtual ms, state] for every emission. */
function record(source: Observable<SessionExpiryState>, scheduler: TestScheduler): [number, SessionExpiryState][] {
  const seen: [number, SessionExpiryState][] = [];
  source.subscribe((value) => seen.push([scheduler.now(), value]));
  return seen;
}

describe('CaseFileSessionActivity', () => {
  function setup() {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    const storage = new MemoryStorage();
    const activity = new CaseFileSessionActivity(storage, scheduler);
    const auth = new FakeCaseFileAuthApi();
    const content = new FakeCaseFileContentApi();
    return { scheduler, storage, activity, auth, content, trackedAuth: activity.auth(auth), trackedContent: activity.content(content) };
  }

  const collect = (activity: CaseFileSessionActivity, token = 'tok') => {
    const seen: SessionSignal[] = [];
    activity.signals$(token).subscribe((s) => seen.push(s));
    return seen;
  };

  it('should count a successful protected call from the moment it started', () => {
    const { scheduler, activity, content, trackedContent } = setup();
    scheduler.run(() => {
      const answer = new Subject<Result<never[]>>();
      content.getDocuments = () => answer;
      const seen = collect(activity);
      scheduler.schedule(() => trackedContent.getDocuments('tok').subscribe(), 1_000);
      scheduler.schedule(() => answer.next(ok([])), 4_000);
      scheduler.flush();
      expect(seen).toEqual([{ type: 'activity', at: 1_000 }]);
    });
  });

  it('should report a 401 or 403 as the end, and other failures not at all', () => {
    const { activity, content, trackedContent } = setup();
    const seen = collect(activity);
    content.documentsFailure = { _tag: 'HttpError', status: 500, code: 'Internal', message: 'x' };
    trackedContent.getDocuments('tok').subscribe();
    content.documentsFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'x' };
    trackedContent.getDocuments('tok').subscribe();
    expect(seen).toEqual([{ type: 'ended' }]);
  });

  it('should not count a background read of the live refresh, but still hear its 401 as the end', () => {
    const { activity, content, trackedContent } = setup();
    const seen = collect(activity);
    trackedContent.getDocuments('tok', { background: true }).subscribe();
    expect(seen).toEqual([]);
    content.documentsFailure = { _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'x' };
    trackedContent.getDocuments('tok', { background: true }).subscribe();
    expect(seen).toEqual([{ type: 'ended' }]);
  });

  it("should not count the Vollmacht page's background read of the person, but count the client's own read of it", () => {
    const { activity, content, trackedContent } = setup();
    const seen = collect(activity);
    const person = { FirstName: 'Erika', LastName: 'Muster', Email: 'e@example.org', Phone: '+49 151 ••• 45••••', Street: null, PostalCode: null, City: null };
    const asked: ({ background?: boolean } | undefined)[] = [];
    content.getPerson = (_token, options) => (asked.push(options), of(ok(person)));
    trackedContent.getPerson('tok', { background: true }).subscribe();
    expect(seen).toEqual([]);
    trackedContent.getPerson('tok').subscribe();
    expect(seen).toEqual([{ type: 'activity', at: 0 }]);
    // The option reaches the port, which marks the request for the server (X-Fallakte-Refresh: background).
    expect(asked).toEqual([{ background: true }, undefined]);
  });

  it('should count an upload only when the server stored the document', () => {
    const { activity, content, trackedContent } = setup();
    const seen = collect(activity);
    trackedContent.uploadDocument('tok', { name: 'a.pdf', size: 1, type: 'application/pdf' } as never).subscribe();
    content.uploads[0]?.events.next(ok({ _tag: 'Progress', loaded: 1, total: 2 }));
    expect(seen).toEqual([]);
    content.uploads[0]?.events.next(ok({ _tag: 'Done', document: document('d1', '2026-06-01T09:00:00Z') }));
    expect(seen).toEqual([{ type: 'activity', at: 0 }]);
  });

  it('should count an authenticated "yes" but not a "no", and keep the login time for a reload of the tab', () => {
    const { storage, scheduler, activity, auth, trackedAuth } = setup();
    scheduler.run(() => {
      const seen = collect(activity);
      trackedAuth.isAuthenticated('tok').subscribe();
      expect(seen).toEqual([]);
      scheduler.schedule(() => {
        trackedAuth.login({ LoginData: { Pin: '1234', UrlToken: 'tok' }, AgreedPrivacyWithLawyer: true, AgreedTermsOfService: true }).subscribe();
        trackedAuth.isAuthenticated('tok').subscribe();
      }, 2_000);
      scheduler.flush();
      expect(auth.authenticated).toBe(true);
      expect(seen).toEqual([
        { type: 'login', at: 2_000 },
        { type: 'activity', at: 2_000 },
      ]);
      // A new tracker (the page reloaded) starts from the stored login, so it still knows the absolute limit.
      const reloaded = new CaseFileSessionActivity(storage, scheduler);
      expect(collect(reloaded)).toEqual([{ type: 'login', at: 2_000 }]);
      expect(collect(reloaded, 'other')).toEqual([]);
    });
  });

  it('should replay the latest signal to a watcher that subscribes later (the guard called before the shell)', () => {
    const { activity, auth, trackedAuth } = setup();
    auth.authenticated = true;
    trackedAuth.isAuthenticated('tok').subscribe();
    expect(collect(activity)).toEqual([{ type: 'activity', at: 0 }]);
  });

  it('should extend through the authenticated check, and end the session when the server says no', () => {
    const { activity, auth, trackedAuth } = setup();
    const seen = collect(activity);
    auth.authenticated = true;
    const answers: string[] = [];
    activity.extend(trackedAuth, 'tok').subscribe((live) => answers.push(live));
    auth.authenticated = false;
    activity.extend(trackedAuth, 'tok').subscribe((live) => answers.push(live));
    expect(answers).toEqual(['extended', 'ended']);
    expect(auth.calls).toEqual(['isAuthenticated:tok', 'isAuthenticated:tok']);
    expect(seen).toEqual([{ type: 'activity', at: 0 }, { type: 'ended' }]);
  });

  it('should not end the session on a failed extension (network): the warning stays and may be tried again', () => {
    const { activity, auth, trackedAuth } = setup();
    const seen = collect(activity);
    auth.isAuthenticated = () => of(err(networkError('offline')));
    const answers: string[] = [];
    activity.extend(trackedAuth, 'tok').subscribe((live) => answers.push(live));
    expect(answers).toEqual(['failed']);
    expect(seen).toEqual([]);
  });

  it('should end the session on logout and watch it through expiry$', () => {
    const { scheduler, activity, trackedAuth } = setup();
    scheduler.run(() => {
      const seen = record(activity.expiry$('tok'), scheduler);
      trackedAuth.logout().subscribe();
      expect(seen).toEqual([[0, { kind: 'expired', reason: 'ended' }]]);
    });
  });
});
