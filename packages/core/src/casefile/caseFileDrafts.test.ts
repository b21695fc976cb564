import { describe, expect, it } from 'vitest';
import { CASE_FILE_DRAFT_FORMS, caseFileDraftKey, clearCaseFileDrafts, readCaseFileDraft, writeCaseFileDraft } from './caseFileDrafts.js';
import { isSessionEnded, loginAgainPath } from './caseFileSession.js';
import { REDIRECT_KEY } from './caseFileRoutes.js';
import { MemoryStorage } from './caseFileFakes.testSupport.js';

describe('case-file drafts', () => {
  it('should give back what was stored for the token and form, and nothing for another token', () => {
    const storage = new MemoryStorage();
    writeCaseFileDraft(storage, 'tok', 'contact', { subject: 'Frage', message: 'Zur Miete' });
    expect(readCaseFileDraft(storage, 'tok', 'contact', ['subject', 'message'])).toEqual({ subject: 'Frage', message: 'Zur Miete' });
    expect(readCaseFileDraft(storage, 'other', 'contact', ['subject', 'message'])).toBeNull();
    expect(readCaseFileDraft(storage, 'tok', 'person', ['email'])).toBeNull();
  });

  it('should drop an entry it cannot read instead of filling the form with it', () => {
    const storage = new MemoryStorage();
    const key = caseFileDraftKey('tok', 'contact');
    for (const raw of ['{kaputt', '"Text"', '[]', '{"subject":"a","message":5}', '{"subject":"a"}']) {
      storage.set(key, raw);
      expect(readCaseFileDraft(storage, 'tok', 'contact', ['subject', 'message'])).toBeNull();
      expect(storage.get(key)).toBeNull();
    }
  });

  it('should keep only the named fields of a stored draft', () => {
    const storage = new MemoryStorage();
    storage.set(caseFileDraftKey('tok', 'person'), JSON.stringify({ email: 'a@b.de', pin: '1234' }));
    expect(readCaseFileDraft(storage, 'tok', 'person', ['email'])).toEqual({ email: 'a@b.de' });
  });

  it('should remove one draft when written as null and every draft of the token on logout', () => {
    const storage = new MemoryStorage();
    for (const form of CASE_FILE_DRAFT_FORMS) writeCaseFileDraft(storage, 'tok', form, { x: form });
    writeCaseFileDraft(storage, 'other', 'contact', { x: 'bleibt' });
    writeCaseFileDraft(storage, 'tok', 'contact', null);
    expect(storage.get(caseFileDraftKey('tok', 'contact'))).toBeNull();
    expect(storage.get(caseFileDraftKey('tok', 'person'))).not.toBeNull();
    clearCaseFileDrafts(storage, 'tok');
    for (const form of CASE_FILE_DRAFT_FORMS) expect(storage.get(caseFileDraftKey('tok', form))).toBeNull();
    expect(storage.get(caseFileDraftKey('other', 'contact'))).not.toBeNull();
  });
});

describe('ended session', () => {
  it('should count 401 and 403 as an ended session and nothing else', () => {
    expect(isSessionEnded({ _tag: 'HttpError', status: 401, code: 'NotAuthenticated', message: 'x' })).toBe(true);
    expect(isSessionEnded({ _tag: 'HttpError', status: 403, code: 'Forbidden', message: 'x' })).toBe(true);
    expect(isSessionEnded({ _tag: 'HttpError', status: 400, code: 'InvalidInput', message: 'x' })).toBe(false);
    expect(isSessionEnded({ _tag: 'NetworkError', message: 'offline' })).toBe(false);
  });

  it('should lead to the login of the token and come back to the same screen afterwards', () => {
    const storage = new MemoryStorage();
    expect(loginAgainPath(storage, 'tok', '/digitale-fallakte/tok/uebersicht/kontakt')).toBe('/digitale-fallakte/tok');
    expect(storage.get(REDIRECT_KEY)).toBe('/digitale-fallakte/tok/uebersicht/kontakt');
  });

  it('should not store a path outside the token case file as the target', () => {
    const storage = new MemoryStorage();
    expect(loginAgainPath(storage, 'tok', '/digitale-fallakte/other/uebersicht')).toBe('/digitale-fallakte/tok');
    expect(storage.get(REDIRECT_KEY)).toBeNull();
  });
});
