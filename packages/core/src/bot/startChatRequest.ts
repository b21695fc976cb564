// Builds the collected part of the StartChat request from the onboarding answers.
import type { Collected, CollectedStartChatRequest } from './engine.types.js';

/** Field of law 2 is the classifier's fallback on failure or time-out. */
export const FALLBACK_FIELD_OF_LAW = 2;
export const FALLBACK_FIELD_OF_LAW_LONG_NAME = 'Allgemeines Zivilrecht/Sonstiges';

function text(collected: Collected, name: string): string | null {
  const value = collected[name];
  return typeof value === 'string' ? value : null;
}

/** The start-chat fields; an e-mail counts as verified only if it is present and was confirmed. */
export function startChatRequestOf(collected: Collected): CollectedStartChatRequest {
  const email = text(collected, 'EMailAddress');
  const fieldOfLaw = collected['FieldOfLaw'];
  return {
    Description: text(collected, 'Description') ?? '',
    EMailAddress: email,
    VerifiedEmail: email !== null && collected['VerifiedEmail'] === true,
    FieldOfLaw: typeof fieldOfLaw === 'number' ? fieldOfLaw : FALLBACK_FIELD_OF_LAW,
    FieldOfLawLongName: text(collected, 'FieldOfLawLongName') ?? FALLBACK_FIELD_OF_LAW_LONG_NAME,
  };
}
