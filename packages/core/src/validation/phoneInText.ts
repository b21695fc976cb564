// A phone number a client typed into a chat message ("Sie erreichen mich unter 0171 2345678 ab 17 Uhr"), so the
// lawyer's case-file form can offer it. Only what reads as a German national ("0…") or an international ("+…",
// "00…") number is considered, and only when the numbering plan says it is a real number – insurance numbers,
// dates and amounts are not taken for phone numbers.
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { DEFAULT_PHONE_REGION, validatePhoneNumber, type ValidPhoneNumber } from './phone.js';

/** A run of digits with the separators people type inside phone numbers; starts with "+" or "0", not inside a word ("DE02…"). */
const CANDIDATE = /(?<![\p{L}\d+])(?:\+|0)[\d ()/-]{5,22}\d(?!\d)/gu;

/** The candidate itself, or – when a number follows it ("0171 2345678 17 Uhr") – the longest valid start of it. */
function validStart(candidate: string, plan: PhoneNumberPlan, region: string): ValidPhoneNumber | null {
  let text = candidate;
  for (;;) {
    const result = validatePhoneNumber(text, plan, region);
    if (result.ok) return result.value;
    const shorter = text.replace(/[ ()/-]+[\d()]+$/, '');
    if (shorter === text) return null;
    text = shorter;
  }
}

/** The last valid phone number in the text (people correct themselves: "… nein, besser 030 …"), or null. Pure. */
export function lastPhoneNumberIn(text: string, plan: PhoneNumberPlan, region: string = DEFAULT_PHONE_REGION): ValidPhoneNumber | null {
  let found: ValidPhoneNumber | null = null;
  for (const [candidate] of text.matchAll(CANDIDATE)) found = validStart(candidate, plan, region) ?? found;
  return found;
}
