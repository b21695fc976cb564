// The "next steps" of the overview: what the client can still do for the case, in the order a lawyer needs it.
import type { HistoryEntry } from '../wire/index.js';
import { loginPath, overviewPath } from './caseFileRoutes.js';

export interface NextStep {
  /** i18n key of the step's text. */
  readonly key: string;
  readonly path: string;
}

export interface CaseProgress {
  readonly closed: boolean;
  readonly questionnaireSubmitted: boolean;
  readonly history: readonly HistoryEntry[];
}

/** True once the history records a signed Vollmacht. */
export function powerOfAttorneySigned(history: readonly HistoryEntry[]): boolean {
  return history.some((entry) => entry.Kind === 'PowerOfAttorneySigned');
}

/** Open steps; a closed case has none. Uploads stay offered because documents can follow at any time. Pure. */
export function nextSteps(token: string, progress: CaseProgress): NextStep[] {
  if (progress.closed) return [];
  return [
    ...(progress.questionnaireSubmitted ? [] : [{ key: 'CaseFile.Overview.Step.Questionnaire', path: `${loginPath(token)}/fragebogen` }]),
    ...(powerOfAttorneySigned(progress.history) ? [] : [{ key: 'CaseFile.Overview.Step.PowerOfAttorney', path: `${overviewPath(token)}/vollmacht` }]),
    { key: 'CaseFile.Overview.Step.Documents', path: `${overviewPath(token)}/dokumente` },
  ];
}
