// Phone numbers are checked against the real numbering plan. The plan (libphonenumber's
// metadata, ≈ 50 kB gzip) is a port so the web app can load it only when a phone number is asked for;
// the implementation lives in '@rechtschat/core/phone-plan' and is never re-exported from the index.
import type { Observable } from 'rxjs';

/** A number as the numbering plan reads it. */
export interface PlannedPhoneNumber {
  /** Whether the plan knows the number as a real, dialable one (not only the right length). */
  readonly valid: boolean;
  readonly e164: string;
  readonly international: string;
  readonly national: string;
  /** ISO 3166 region of the number, if the plan can tell. */
  readonly region: string | undefined;
}

export interface PhoneNumberPlan {
  /** Reads `text` (national numbers in `region`); undefined when it is no phone number at all. Synchronous. */
  parse(text: string, region: string): PlannedPhoneNumber | undefined;
}

/**
 * Loads the plan on first need and emits it once: the web app passes a dynamic import, tests `of(plan)`
 * (or a delayed one on the virtual clock). An Observable, so tests stay in virtual time.
 */
export type PhoneNumberPlanLoader = () => Observable<PhoneNumberPlan>;
