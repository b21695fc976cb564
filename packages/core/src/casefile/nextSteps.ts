// The client's to-dos of the case file: questionnaire, Vollmacht and uploads, each with its state –
// listed on the overview ("Nächste Schritte") and in the menu. A done step stays and says "erledigt" instead of vanishing.
import type { HistoryEntry } from '../wire/index.js';
import { loginPath, overviewPath } from './caseFileRoutes.js';

export type CaseStepId = 'questionnaire' | 'powerOfAttorney' | 'documents';

export interface CaseStep {
  readonly id: CaseStepId;
  /** i18n key of the step's text on the overview. */
  readonly key: string;
  /** i18n key of the step's short name in the menu. */
  readonly menuKey: string;
  readonly path: string;
  readonly done: boolean;
  /** Still to do: not done and the case not closed (a closed mandate refuses every step with 409 – nothing is „offen“). */
  readonly open: boolean;
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

/** True while at least one of the client's uploads is in the file (uploads minus removals, by the history). */
export function documentsUploaded(history: readonly HistoryEntry[]): boolean {
  const count = (kind: string) => history.filter((entry) => entry.Kind === kind).length;
  return count('DocumentUploaded') > count('DocumentRemoved');
}

/**
 * Every to-do in the order a lawyer needs them, each with its state. A closed case still lists them (the menu keeps
 * its entries; the overview shows none), but none of them is `open`. Pure.
 */
export function caseSteps(token: string, progress: CaseProgress): CaseStep[] {
  return stepsOf(token, progress).map((step) => ({ ...step, open: !step.done && !progress.closed }));
}

function stepsOf(token: string, progress: CaseProgress): Omit<CaseStep, 'open'>[] {
  return [
    {
      id: 'questionnaire',
      key: 'CaseFile.Overview.Step.Questionnaire',
      menuKey: 'CaseFile.Menu.Questionnaire',
      path: `${loginPath(token)}/fragebogen`,
      done: progress.questionnaireSubmitted,
    },
    {
      id: 'powerOfAttorney',
      key: 'CaseFile.Overview.Step.PowerOfAttorney',
      menuKey: 'CaseFile.Menu.PowerOfAttorney',
      path: `${overviewPath(token)}/vollmacht`,
      done: powerOfAttorneySigned(progress.history),
    },
    {
      id: 'documents',
      key: 'CaseFile.Overview.Step.Documents',
      menuKey: 'CaseFile.Menu.Documents',
      path: `${overviewPath(token)}/dokumente`,
      done: documentsUploaded(progress.history),
    },
  ];
}
