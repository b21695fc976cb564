// The Vollmacht draft keeps place, typed name and the drawn signature; a restored drawing is checked and fitted.
import { describe, expect, it } from 'vitest';
import { caseFileDraftKey, readCaseFileDraft, writeCaseFileDraft } from './caseFileDrafts.js';
import { MemoryStorage } from './caseFileFakes.testSupport.js';
import { drawingScale, drawnSignature, emptySignatureDraft, SIGNATURE_DRAWING_MAX, type SignatureDraft } from './signatureForm.js';

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

describe('drawingScale', () => {
  it('should keep a signature drawn in portrait at its size in landscape and again in portrait (no shrinking per rotation)', () => {
    const portrait = { width: 340, height: 180 };
    const landscape = { width: 800, height: 180 };
    const signature = { width: 300, height: 150 };
    expect(drawingScale(signature, landscape)).toBe(1);
    expect(drawingScale(signature, portrait)).toBe(1);
    expect(drawingScale(signature, landscape)).toBe(1);
  });

  it('should shrink a signature drawn across a landscape pad as a whole to fit a portrait one, and never enlarge it', () => {
    expect(drawingScale({ width: 680, height: 120 }, { width: 340, height: 180 })).toBe(0.5);
    expect(drawingScale({ width: 200, height: 360 }, { width: 340, height: 180 })).toBe(0.5);
    expect(drawingScale({ width: 100, height: 50 }, { width: 1200, height: 180 })).toBe(1);
  });

  it('should leave an empty drawing or pad at 1', () => {
    expect(drawingScale({ width: 0, height: 0 }, { width: 600, height: 180 })).toBe(1);
    expect(drawingScale({ width: 300, height: 100 }, { width: 0, height: 180 })).toBe(1);
  });
});
