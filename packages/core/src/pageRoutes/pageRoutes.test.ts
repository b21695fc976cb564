import { describe, expect, it } from 'vitest';
import { matchesPagePattern, pageAddressOf } from './pageRoutes.js';

describe('matchesPagePattern', () => {
  it('should match literal segments case-insensitively and ignore a trailing slash', () => {
    expect(matchesPagePattern('/chat/new', '/chat/new')).toBe(true);
    expect(matchesPagePattern('/chat/new', '/Chat/NEW/')).toBe(true);
    expect(matchesPagePattern('/chat/new', '/chat/neu')).toBe(false);
    expect(matchesPagePattern('/chat/new', '/chat/new/mehr')).toBe(false);
    expect(matchesPagePattern('/chat/new', '/chat')).toBe(false);
    expect(matchesPagePattern('/', '/')).toBe(true);
    expect(matchesPagePattern('/', '/x')).toBe(false);
  });

  it('should take any one segment for a parameter, none or one for an optional parameter', () => {
    expect(matchesPagePattern('/digitale-fallakte/:token', '/digitale-fallakte/abc123')).toBe(true);
    expect(matchesPagePattern('/digitale-fallakte/:token', '/digitale-fallakte')).toBe(false);
    expect(matchesPagePattern('/digitale-fallakte/:token', '/digitale-fallakte/a/b')).toBe(false);
    const callback = '/chat/rueckruf/:telephone?/:availability?';
    for (const path of ['/chat/rueckruf', '/chat/rueckruf/0301234', '/chat/rueckruf/0301234/morgens'])
      expect(matchesPagePattern(callback, path), path).toBe(true);
    expect(matchesPagePattern(callback, '/chat/rueckruf/a/b/c')).toBe(false);
  });

  it('should take any rest, also none, for a trailing star', () => {
    for (const path of ['/rueckruf', '/rueckruf/', '/rueckruf/a/b/c']) expect(matchesPagePattern('/rueckruf/*', path), path).toBe(true);
    expect(matchesPagePattern('/rueckruf/*', '/rueckrufx')).toBe(false);
  });

  it('should compare percent-encoded segments decoded, and keep a broken encoding as it is', () => {
    expect(matchesPagePattern('/chat/datenschutz', '/chat/%64atenschutz')).toBe(true);
    expect(matchesPagePattern('/chat/:caseId', '/chat/%E0%A4%A')).toBe(true);
  });
});

describe('pageAddressOf', () => {
  it.each([
    ['/', 'web', true],
    ['/chat/new', 'web', true],
    ['/chat/F-17', 'web', true],
    ['/chat/new/mehr', 'web', false],
    ['/gibt-es-nicht', 'web', false],
    ['/fallakte/a/b/c/d', 'web', false],
    ['/digitale-fallakte/token/uebersicht/dokumente', 'web', true],
    ['/digitale-fallakte/token/uebersicht/gibt-es-nicht', 'web', false],
    ['/digitale-fallakte/a/b/c/d', 'web', false],
    ['/vertragscheck/irgendwas/tiefer', 'web', true],
    ['/konsole/', 'console', true],
    ['/konsole/verwaltung/team', 'console', true],
    ['/konsole/zugang', 'console', true],
    ['/konsole/quatsch', 'console', false],
    ['/konsole/verwaltung', 'console', false],
    ['/konsolex', 'web', false],
  ] as const)('should find %s in the %s app, known: %s', (path, app, known) => {
    expect(pageAddressOf(path)).toEqual({ app, known });
  });
});
