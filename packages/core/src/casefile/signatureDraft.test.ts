// The Vollmacht draft keeps place, typed name and the drawn signature; a restored drawing is checked and fitted.
import { describe, expect, it } from 'vitest';
import { caseFileDraftKey, readCaseFileDraft, writeCaseFileDraft } from './caseFileDrafts.js';
import { MemoryStorage } from './caseFileFakes.testSupport.js';
import { drawnSignature, emptySignatureDraft, fitDrawing, SIGNATURE_DRAWING_MAX, type SignatureDraft } from './signatureForm.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const drawn: SignatureDraft = { place: 'Berlin', typedName: '', drawing: PNG, drawnPoints: '41' };
const FIELDS = Object.keys(emptySignatureDraft('')) as (keyof SignatureDraft)[];

describe('Vollmacht draft', () => {
  it('should open with the place preset from the city and nothing signed', () => {
    expect(emptySignatureDraft('Köln')).toEqual({ place: 'Köln', typedName: '', drawing: '', drawnPoints: '0' });
    expect(drawnSignature(emptySignatureDraft('Köln'))).toBeNull();
  });

  it('should keep place and drawing per token in the tab storage and give them back', () => {
    const storage = new MemoryStorage();
    writeCaseFileDraft(storage, 'tok', 'signature', drawn);
    expect(storage.get(caseFileDraftKey('tok', 'signature'))).toContain('"place":"Berlin"');
    const restored = readCaseFileDraft(storage, 'tok', 'signature', FIELDS);
    expect(restored).toEqual(drawn);
    expect(drawnSignature(restored!)).toEqual({ dataUrl: PNG, points: 41 });
  });

  it('should give back a typed signature as the typed name without a drawing', () => {
    expect(drawnSignature({ place: 'Köln', typedName: 'Erika Muster', drawing: '', drawnPoints: '0' })).toBeNull();
  });

  it('should refuse a stored drawing that is not a PNG data URL of the pad, so no other address is loaded', () => {
    for (const drawing of ['https://example.org/x.png', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:image/png;base64,<script>', 'javascript:alert(1)']) {
      expect(drawnSignature({ ...drawn, drawing })).toBeNull();
    }
    expect(drawnSignature({ ...drawn, drawing: `data:image/png;base64,${'A'.repeat(SIGNATURE_DRAWING_MAX)}` })).toBeNull();
    for (const drawnPoints of ['0', '-3', '1.5', 'viele', '']) expect(drawnSignature({ ...drawn, drawnPoints })).toBeNull();
  });
});

describe('fitDrawing', () => {
  it('should draw a drawing of the pad’s size 1:1', () => {
    expect(fitDrawing({ width: 680, height: 360 }, { width: 680, height: 360 })).toEqual({ x: 0, y: 0, width: 680, height: 360 });
  });

  it('should scale with the pixel ratio of the new screen', () => {
    expect(fitDrawing({ width: 680, height: 360 }, { width: 340, height: 180 })).toEqual({ x: 0, y: 0, width: 340, height: 180 });
  });

  it('should keep the aspect ratio on a wider pad, starting at the left edge', () => {
    expect(fitDrawing({ width: 340, height: 180 }, { width: 1200, height: 180 })).toEqual({ x: 0, y: 0, width: 340, height: 180 });
  });

  it('should shrink the whole drawing onto a narrower pad, centred in height', () => {
    expect(fitDrawing({ width: 1200, height: 180 }, { width: 600, height: 180 })).toEqual({ x: 0, y: 45, width: 600, height: 90 });
  });

  it('should draw nothing for an empty image', () => {
    expect(fitDrawing({ width: 0, height: 0 }, { width: 600, height: 180 })).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});
