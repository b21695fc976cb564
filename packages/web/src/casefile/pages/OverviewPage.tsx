// uebersicht: the case at a glance, the assigned lawyer and the next steps.
import { useCallback } from 'react';
import { forkJoin, map } from 'rxjs';
import { useTranslation } from 'react-i18next';
import { nextSteps, overviewPath, type Call, type CaseDetails, type HistoryEntry, type Questionnaire } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDate } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { DefinitionList } from './DefinitionList.js';
import { LawyerCard } from './LawyerPage.js';
import { Alert, Paper, RouterLink } from '../../ui/index.js';

interface OverviewData {
  readonly details: CaseDetails;
  readonly questionnaire: Questionnaire | null;
  readonly history: readonly HistoryEntry[];
}

export function OverviewPage() {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const { content } = useCaseFileServices();
  // The case is required; questionnaire and history only refine the next steps.
  const load = useCallback(
    (): Call<OverviewData> =>
      forkJoin([content.getCase(token), content.getQuestionnaire(token), content.getHistory(token)]).pipe(
        map(([details, questionnaire, history]) =>
          E.map((d: CaseDetails) => ({
            details: d,
            questionnaire: E.isRight(questionnaire) ? questionnaire.right : null,
            history: E.isRight(history) ? history.right : [],
          }))(details),
        ),
      ),
    [content, token],
  );
  return (
    <>
      <PageHeading>{t('CaseFile.Overview.Title')}</PageHeading>
      <p className="ui-text ui-mb-3">{t('CaseFile.Overview.Greeting')}</p>
      <LoadState load={load} token={token}>
        {({ details, questionnaire, history }) => {
          const steps = nextSteps(token, { closed: details.Closed, questionnaireSubmitted: questionnaire?.Submitted ?? true, history });
          return (
            <div className="casefile-stack">
              <Paper component="section" aria-labelledby="overview-case">
                <h2 id="overview-case" className="ui-h2">
                  {t('CaseFile.Overview.CaseHeading')}
                </h2>
                <DefinitionList
                  items={[
                    [t('CaseFile.Case.Title'), details.Title],
                    [t('CaseFile.Case.Number'), details.CaseNumber],
                    [t('CaseFile.Case.Status'), details.Status],
                    [t('CaseFile.Case.Created'), formatDate(details.CreatedAt)],
                  ]}
                />
                <p className="ui-text ui-mt-2">
                  <RouterLink to={`${overviewPath(token)}/falldaten`}>{t('CaseFile.Overview.ToDetails')}</RouterLink>
                </p>
              </Paper>
              <Paper component="section" aria-labelledby="overview-steps">
                <h2 id="overview-steps" className="ui-h2">
                  {t('CaseFile.Overview.StepsHeading')}
                </h2>
                {details.Closed && (
                  <Alert severity="info" className="ui-mb-1">
                    {t('CaseFile.Overview.ClosedInfo')}
                  </Alert>
                )}
                {/* A closed mandate has no steps; "Wir melden uns bei Ihnen" would promise what will not come. */}
                {details.Closed ? null : steps.length === 0 ? (
                  <p className="ui-text">{t('CaseFile.Overview.NoSteps')}</p>
                ) : (
                  <ol className="casefile-steps">
                    {steps.map((step) => (
                      <li key={step.key}>
                        <RouterLink to={step.path}>{t(step.key)}</RouterLink>
                      </li>
                    ))}
                  </ol>
                )}
              </Paper>
              <Paper component="section" aria-labelledby="overview-lawyer">
                <h2 id="overview-lawyer" className="ui-h2">
                  {t('CaseFile.Overview.LawyerHeading')}
                </h2>
                <LawyerCard lawyer={lawyer} token={token} />
              </Paper>
            </div>
          );
        }}
      </LoadState>
    </>
  );
}
