// Signing the Vollmacht: a drawn (or typed, for keyboard users) signature plus the place.

export const PLACE_MAX = 100;
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
  readonly place?: string;
}

/** Per-field i18n keys; empty when the Vollmacht may be sent. Pure. */
export function validateSignatureForm(form: SignatureForm): SignatureErrors {
  const signed = form.drawnPoints >= MIN_SIGNATURE_POINTS || form.typedName.trim().length >= 2;
  const place = form.place.trim();
  return {
    ...(signed ? {} : { signature: 'CaseFile.PowerOfAttorney.Error.SignatureRequired' }),
    ...(place === ''
      ? { place: 'CaseFile.PowerOfAttorney.Error.PlaceRequired' }
      : place.length > PLACE_MAX
        ? { place: 'CaseFile.PowerOfAttorney.Error.PlaceTooLong' }
        : {}),
  };
}
