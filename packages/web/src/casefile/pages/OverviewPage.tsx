// uebersicht: the case at a glance, the assigned lawyer and the next steps.
import { useCallback } from 'react';
import { forkJoin, map } from 'rxjs';
import { useTranslation } from 'react-i18next';
import {
  caseSteps,
  mandateEnded,
  newFirmHistory,
  overviewPath,
  type Call,
  type CaseDetails,
  type FirmNews,
  type HistoryEntry,
  type Questionnaire,
  type ReadOptions,
} from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDate } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { DefinitionList } from './DefinitionList.js';
import { LawyerCard } from './LawyerPage.js';
import { Alert, Paper, RouterLink } from '../../ui/index.js';
import { UnreadBadge, unreadOf } from '../unread/UnreadNews.js';

interface OverviewData {
  readonly details: CaseDetails;
  readonly questionnaire: Questionnaire | null;
  readonly history: readonly HistoryEntry[];
}

/** The live refresh's news on the overview: the ended mandate and the firm's new history entries. */
const overviewNews = (before: OverviewData, after: OverviewData): FirmNews[] => [
  ...mandateEnded(before.details, after.details),
  ...newFirmHistory(before.history, after.history),
];

export function OverviewPage() {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const { content } = useCaseFileServices();
  // The case is required; questionnaire and history only refine the next steps.
  const load = useCallback(
    (options?: ReadOptions): Call<OverviewData> =>
      forkJoin([content.getCase(token, options), content.getQuestionnaire(token, options), content.getHistory(token, options)]).pipe(
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
      <LoadState load={load} token={token} live={overviewNews}>
        {({ details, questionnaire, history }) => {
          const steps = caseSteps(token, { closed: details.Closed, questionnaireSubmitted: questionnaire?.Submitted ?? true, history });
          const allDone = steps.every((step) => step.done);
          const unread = unreadOf(details);
          return (
            <div className="casefile-stack">
              {/* What the firm sent since the client last looked: first, one tap from the screen that shows it. */}
              {(unread.messages > 0 || unread.documents > 0) && (
                <Paper component="section" aria-labelledby="overview-unread">
                  <h2 id="overview-unread" className="ui-h2">
                    {t('CaseFile.Unread.Heading')}
                  </h2>
                  <ul className="casefile-unread">
                    {unread.messages > 0 && (
                      <li>
                        <RouterLink to={`${overviewPath(token)}/kontakt`}>
                          {t('CaseFile.Menu.Contact')}
                          <UnreadBadge screen="messages" count={unread.messages} />
                        </RouterLink>
                      </li>
                    )}
                    {unread.documents > 0 && (
                      <li>
                        <RouterLink to={`${overviewPath(token)}/dokumente`}>
                          {t('CaseFile.Menu.Documents')}
                          <UnreadBadge screen="documents" count={unread.documents} />
                        </RouterLink>
                      </li>
                    )}
                  </ul>
                </Paper>
              )}
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
                  <RouterLink to={`${overviewPath(token)}/falldaten`} standalone>
                    {t('CaseFile.Overview.ToDetails')}
                  </RouterLink>
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
                {/* Done steps stay and say "erledigt": the sent questionnaire and the signed Vollmacht
                    remain one tap away, and uploads can follow at any time. */}
                {details.Closed ? null : (
                  <>
                    {allDone && <p className="ui-text ui-mb-1">{t('CaseFile.Overview.StepsDoneInfo')}</p>}
                    <ol className="casefile-steps">
                      {steps.map((step) => (
                        <li key={step.key} className={step.done ? 'casefile-step casefile-step--done' : 'casefile-step'}>
                          <RouterLink to={step.path}>{t(step.key)}</RouterLink>{' '}
                          <span className="casefile-step__state">{t(step.done ? 'CaseFile.Steps.Done' : 'CaseFile.Steps.Open')}</span>
                        </li>
                      ))}
                    </ol>
                  </>
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
