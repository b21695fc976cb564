// The fields of law the chat classifies into; ids are stable wire values (FieldOfLaw on the wire). The list itself is
// core's FIELDS_OF_LAW (wire/fieldsOfLaw.ts): the lawyer console offers the same list when it corrects a chat's field.
import { FIELDS_OF_LAW, type FieldOfLawEntry } from '@rechtschat/core';

export type FieldOfLaw = FieldOfLawEntry;

/** Fallback for empty, ambiguous or failed classification. */
export const fallbackFieldOfLawId = 2;

export const fieldsOfLaw: readonly FieldOfLaw[] = FIELDS_OF_LAW;

export function fieldOfLawById(id: number): FieldOfLaw {
  return fieldsOfLaw.find((f) => f.id === id) ?? (fieldsOfLaw[1] as FieldOfLaw);
}
