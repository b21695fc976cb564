// uebersicht: the case at a glance, the assigned lawyer and the next steps.
import { useCallback } from 'react';
import { forkJoin, map } from 'rxjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { nextSteps, overviewPath, type Call, type CaseDetails, type HistoryEntry, type Questionnaire } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDate } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { DefinitionList } from './DefinitionList.js';
import { LawyerCard } from './LawyerPage.js';

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
      <Typography sx={{ mb: 3 }}>{t('CaseFile.Overview.Greeting')}</Typography>
      <LoadState load={load} token={token}>
        {({ details, questionnaire, history }) => {
          const steps = nextSteps(token, { closed: details.Closed, questionnaireSubmitted: questionnaire?.Submitted ?? true, history });
          return (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Paper component="section" variant="outlined" aria-labelledby="overview-case" sx={{ p: 2 }}>
                <Typography variant="h2" id="overview-case" gutterBottom>
                  {t('CaseFile.Overview.CaseHeading')}
                </Typography>
                <DefinitionList
                  items={[
                    [t('CaseFile.Case.Title'), details.Title],
                    [t('CaseFile.Case.Number'), details.CaseNumber],
                    [t('CaseFile.Case.Status'), details.Status],
                    [t('CaseFile.Case.Created'), formatDate(details.CreatedAt)],
                  ]}
                />
                <Link component={RouterLink} to={`${overviewPath(token)}/falldaten`} sx={{ display: 'inline-block', mt: 2 }}>
                  {t('CaseFile.Overview.ToDetails')}
                </Link>
              </Paper>
              <Paper component="section" variant="outlined" aria-labelledby="overview-steps" sx={{ p: 2 }}>
                <Typography variant="h2" id="overview-steps" gutterBottom>
                  {t('CaseFile.Overview.StepsHeading')}
                </Typography>
                {details.Closed && (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {t('CaseFile.Overview.ClosedInfo')}
                  </Alert>
                )}
                {steps.length === 0 ? (
                  <Typography>{t('CaseFile.Overview.NoSteps')}</Typography>
                ) : (
                  <Box component="ol" sx={{ m: 0, pl: 3 }}>
                    {steps.map((step) => (
                      <li key={step.key}>
                        <Link component={RouterLink} to={step.path} sx={{ display: 'inline-block', py: 0.75 }}>
                          {t(step.key)}
                        </Link>
                      </li>
                    ))}
                  </Box>
                )}
              </Paper>
              <Paper component="section" variant="outlined" aria-labelledby="overview-lawyer" sx={{ p: 2 }}>
                <Typography variant="h2" id="overview-lawyer" gutterBottom>
                  {t('CaseFile.Overview.LawyerHeading')}
                </Typography>
                <LawyerCard lawyer={lawyer} token={token} />
              </Paper>
            </Box>
          );
        }}
      </LoadState>
    </>
  );
}
