// The to-dos with their state for the menu: read again on every screen change, so a step done on
// one screen (questionnaire sent, Vollmacht signed, a document uploaded or removed) shows as done in the menu at once.
import { useEffect, useState } from 'react';
import { forkJoin } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { caseSteps, type CaseStep } from '@rechtschat/core';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';

/** null until the first answer; a failed read keeps what was known (the entries stay, only their state is missing). */
export function useCaseSteps(): readonly CaseStep[] | null {
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const { pathname } = useHistoryEntry();
  const [steps, setSteps] = useState<readonly CaseStep[] | null>(null);
  useEffect(() => {
    // The case too: on a closed one nothing is „offen“ any more (the server refuses every step with 409).
    const subscription = forkJoin([content.getCase(token), content.getQuestionnaire(token), content.getHistory(token)]).subscribe(
      ([details, questionnaire, history]) => {
        if (E.isLeft(details) || E.isLeft(questionnaire) || E.isLeft(history)) return;
        setSteps(caseSteps(token, { closed: details.right.Closed, questionnaireSubmitted: questionnaire.right.Submitted, history: history.right }));
      },
    );
    return () => subscription.unsubscribe();
  }, [content, token, pathname]);
  return steps;
}
