import { describe, expect, it } from 'vitest';
import { upPath } from './caseFileRoutes.js';

describe('upPath', () => {
  it('should lead every screen of the token up to its overview', () => {
    for (const path of [
      '/digitale-fallakte/tok/uebersicht/verlauf',
      '/digitale-fallakte/tok/uebersicht/vollmacht/versendet',
      '/digitale-fallakte/tok/uebersicht/anwalt/',
      '/digitale-fallakte/tok/fragebogen',
      '/digitale-fallakte/tok/fragebogen/abbrechen?x=1',
    ]) {
      expect(upPath('tok', path)).toBe('/digitale-fallakte/tok/uebersicht');
    }
  });

  it('should have no way up from the overview or from outside the token case file', () => {
    expect(upPath('tok', '/digitale-fallakte/tok/uebersicht')).toBeNull();
    expect(upPath('tok', '/digitale-fallakte/tok/uebersicht/')).toBeNull();
    expect(upPath('tok', '/digitale-fallakte/other/uebersicht/verlauf')).toBeNull();
    expect(upPath('tok', '/chat')).toBeNull();
  });
});
