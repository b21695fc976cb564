// A file link (document download, Vollmacht PDF) opens only while the session is live; the check never loses a link.
import { describe, expect, it } from 'vitest';
import { NEVER, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { err, ok, type AppError } from '../result.js';
import type { Call } from '../ports/call.js';
import { checkFileLink, FILE_LINK_CHECK_TIMEOUT_MS, isPlainLinkClick, type FileLinkCheck, type LinkClick } from './caseFileLinks.js';

const plain: LinkClick = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const httpError = (status: number): AppError => ({ _tag: 'HttpError', status, code: `Http${status}`, message: 'x' });

function outcome(answer: Call<boolean>): FileLinkCheck[] {
  const seen: FileLinkCheck[] = [];
  const asked: (string | undefined)[] = [];
  checkFileLink(
    {
      isAuthenticated: (token) => {
        asked.push(token);
        return answer;
      },
    },
    'tok',
  ).subscribe((value) => seen.push(value));
  expect(asked).toEqual(['tok']);
  return seen;
}

describe('checkFileLink', () => {
  it('should open the link while the session of the token is live', () => {
    expect(outcome(of(ok(true)))).toEqual(['open']);
  });

  it('should report the ended session when the server no longer knows the client for this file', () => {
    expect(outcome(of(ok(false)))).toEqual(['session-ended']);
    expect(outcome(of(err(httpError(401))))).toEqual(['session-ended']);
    expect(outcome(of(err(httpError(403))))).toEqual(['session-ended']);
  });

  it('should open the link anyway when the check itself fails, so the browser shows its own error', () => {
    expect(outcome(of(err(httpError(500))))).toEqual(['open']);
    expect(outcome(of(err({ _tag: 'NetworkError' as const, message: 'offline' })))).toEqual(['open']);
  });

  it('should open the link unchecked when the answer takes longer than the browser lets a click open it', () => {
    new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run(({ expectObservable }) => {
      const check = checkFileLink({ isAuthenticated: () => NEVER }, 'tok');
      expectObservable(check).toBe(`${FILE_LINK_CHECK_TIMEOUT_MS}ms (a|)`, { a: 'open' });
    });
  });
});

describe('isPlainLinkClick', () => {
  it('should check a plain click or Enter on the link', () => {
    expect(isPlainLinkClick(plain)).toBe(true);
  });

  it('should leave modified clicks (new tab, new window, save as) and handled clicks to the browser', () => {
    expect(isPlainLinkClick({ ...plain, ctrlKey: true })).toBe(false);
    expect(isPlainLinkClick({ ...plain, metaKey: true })).toBe(false);
    expect(isPlainLinkClick({ ...plain, shiftKey: true })).toBe(false);
    expect(isPlainLinkClick({ ...plain, altKey: true })).toBe(false);
    expect(isPlainLinkClick({ ...plain, button: 1 })).toBe(false);
    expect(isPlainLinkClick({ ...plain, defaultPrevented: true })).toBe(false);
  });
});
