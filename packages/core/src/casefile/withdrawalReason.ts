// The reason a lawyer gives when withdrawing a case file created by mistake: checked in the console before any request
// and again by the server. A module of its own without RxJS, since the server imports it (productionBuild.test.ts).
import { WITHDRAWAL_REASON_MAX } from '../wire/index.js';

/** What is wrong with the reason as typed, or null. Pure. */
export function withdrawalReasonProblem(reason: string): 'ReasonRequired' | 'ReasonTooLong' | null {
  const trimmed = reason.trim();
  if (trimmed === '') return 'ReasonRequired';
  return trimmed.length > WITHDRAWAL_REASON_MAX ? 'ReasonTooLong' : null;
}
