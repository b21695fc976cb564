// A case file of the console's Fallakten list as the tests build it: nothing from the client yet, mandate open.
import type { LawyerCaseFileSummary } from '@rechtschat/core';

export function caseFileSummary(over: Partial<LawyerCaseFileSummary> = {}): LawyerCaseFileSummary {
  return {
    CaseId: 'cf-1',
    CaseNumber: 'FA-2026-ABCDEF',
    Title: 'Kündigung',
    ClientName: 'Max Mustermann',
    Created: '2026-01-10T09:00:00.000Z',
    DocumentCount: 0,
    QuestionnaireSubmitted: false,
    ContactCount: 0,
    PowerOfAttorneySignedAt: null,
    Closed: false,
    ClosedAt: null,
    ...over,
  };
}
