// The shape every validator returns: a value on success, the i18n key to show on failure.
// Kept as a plain object (not fp-ts Either) because UI forms read `ok` / `errorKey` directly.

/** Result of a validator: the cleaned value, or the i18n key of the first failed rule. */
export type Validation<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errorKey: string };

/** Builds a successful validation. */
export function valid<A>(value: A): Validation<A> {
  return { ok: true, value };
}

/** Builds a failed validation carrying the i18n key to display. */
export function invalid<A = never>(errorKey: string): Validation<A> {
  return { ok: false, errorKey };
}
