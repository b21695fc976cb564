// Signing the Vollmacht: a drawn (or typed, for keyboard users) signature plus the place.

export const PLACE_MAX = 100;
/** A place name has at least this many letters: „1“, „..“ or „12345“ is no place (a one-letter place is a slip too). */
export const PLACE_MIN_LETTERS = 2;

/** Every i18n key of the place rule; the server keeps a German message for each. */
export const PLACE_ERROR_KEYS = [
  'CaseFile.PowerOfAttorney.Error.PlaceRequired',
  'CaseFile.PowerOfAttorney.Error.PlaceInvalid',
  'CaseFile.PowerOfAttorney.Error.PlaceTooLong',
] as const;
export type PlaceErrorKey = (typeof PLACE_ERROR_KEYS)[number];
/** Below this many drawn points a "signature" is a click or a slip, not a signature. */
export const MIN_SIGNATURE_POINTS = 10;

export interface SignatureForm {
  /** Points drawn on the canvas (pointer input); a typed signature counts as complete. */
  readonly drawnPoints: number;
  readonly typedName: string;
  readonly place: string;
}

export interface SignatureErrors {
  readonly signature?: string;
  readonly place?: PlaceErrorKey;
}

/**
 * A typed signature needs at least this many letters: one letter is an initial, not a name. Letters, not UTF-16 code
 * units: an emoji (two units) or „..“ written into the pad is no name either.
 */
const MIN_TYPED_NAME = 2;
const LETTER = /\p{L}/gu;

/**
 * The rule for the place the Vollmacht is signed in (printed on it), for the browser form and the server alike:
 * given, at most PLACE_MAX characters, and a name – at least PLACE_MIN_LETTERS letters of any script, so „1“, „-“
 * or „12345“ is refused while „Köln“, „Halle (Saale)“ or „St. Ingbert“ pass. `place` as typed (trimmed here). Pure.
 */
export function placeError(place: string): PlaceErrorKey | undefined {
  const trimmed = place.trim();
  if (trimmed === '') return 'CaseFile.PowerOfAttorney.Error.PlaceRequired';
  if (trimmed.length > PLACE_MAX) return 'CaseFile.PowerOfAttorney.Error.PlaceTooLong';
  if ((trimmed.match(LETTER)?.length ?? 0) < PLACE_MIN_LETTERS) return 'CaseFile.PowerOfAttorney.Error.PlaceInvalid';
  return undefined;
}

/**
 * Per-field i18n keys; empty when the Vollmacht may be sent. A typed name that is too short says so – „unterschreiben
 * Sie … oder tippen Sie Ihren Namen ein“ would tell a person who did type one to do what they did. Pure.
 */
export function validateSignatureForm(form: SignatureForm): SignatureErrors {
  const typed = form.typedName.trim();
  const letters = typed.match(LETTER)?.length ?? 0;
  const signed = form.drawnPoints >= MIN_SIGNATURE_POINTS || letters >= MIN_TYPED_NAME;
  const place = placeError(form.place);
  const signatureError = typed !== '' ? 'CaseFile.PowerOfAttorney.Error.TypedNameTooShort' : 'CaseFile.PowerOfAttorney.Error.SignatureRequired';
  return {
    ...(signed ? {} : { signature: signatureError }),
    ...(place === undefined ? {} : { place }),
  };
}

/**
 * The unsent Vollmacht form as kept in the tab (caseFileDrafts, form 'signature'): the place, a typed name, or the
 * drawn signature as the pad's PNG data URL with its point count (as text, like every draft field). Never the PIN.
 */
export interface SignatureDraft {
  readonly place: string;
  readonly typedName: string;
  /** `data:image/png;base64,…` of the pad, or '' when nothing is drawn. */
  readonly drawing: string;
  /** Points drawn, as a decimal string ('0' when nothing is drawn). */
  readonly drawnPoints: string;
}

/** The form as it opens without a draft: the place preset from the person's city. Pure. */
export function emptySignatureDraft(city: string): SignatureDraft {
  return { place: city, typedName: '', drawing: '', drawnPoints: '0' };
}

/** Above this a stored drawing is not a signature of the pad (a 1200 × 360 px PNG is far smaller). */
export const SIGNATURE_DRAWING_MAX = 2_000_000;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export interface DrawnSignature {
  readonly dataUrl: string;
  readonly points: number;
}

/**
 * The drawn signature of a draft, checked strictly: only a PNG data URL of sane size with a positive whole point
 * count; anything else (nothing drawn, a tampered entry) gives null, so no other address is ever loaded. Pure.
 */
export function drawnSignature(draft: SignatureDraft): DrawnSignature | null {
  if (draft.drawing === '' || draft.drawing.length > SIGNATURE_DRAWING_MAX || !PNG_DATA_URL.test(draft.drawing)) return null;
  if (!/^\d{1,7}$/.test(draft.drawnPoints)) return null;
  const points = Number(draft.drawnPoints);
  return points > 0 ? { dataUrl: draft.drawing, points } : null;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * The scale at which a kept drawing shows on the pad (CSS px of the drawing → CSS px of the pad). The drawing's
 * `extent` reaches from the pad's top-left corner to the farthest ink (strokes are kept in the pad's CSS px as drawn,
 * so a rotated phone redraws them from the source instead of copying a copy): 1 – its own size, at its own place –
 * while it fits, as a signature drawn in portrait does in landscape and again in portrait; otherwise scaled down
 * as a whole, aspect ratio kept, until it fits (one drawn across a landscape pad shown in portrait). Never enlarged,
 * so rotating back and forth cannot shrink or grow it step by step. Pure.
 */
export function drawingScale(extent: Size, pad: Size): number {
  if (extent.width <= 0 || extent.height <= 0 || pad.width <= 0 || pad.height <= 0) return 1;
  return Math.min(1, pad.width / extent.width, pad.height / extent.height);
}
