// uebersicht/falldaten: every detail of the case.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDate, formatDateTime } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { DefinitionList } from './DefinitionList.js';

export function CaseDetailsPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const load = useCallback(() => content.getCase(token), [content, token]);
  const orNone = (value: string | null) => (value && value.trim() !== '' ? value : t('CaseFile.Case.NotGiven'));
  return (
    <>
      <PageHeading>{t('CaseFile.CaseDetails.Title')}</PageHeading>
      <LoadState load={load} token={token}>
        {(c) => (
          <DefinitionList
            items={[
              [t('CaseFile.Case.Number'), c.CaseNumber],
              [t('CaseFile.Case.Title'), c.Title],
              [t('CaseFile.Case.FieldOfLaw'), orNone(c.FieldOfLaw)],
              [t('CaseFile.Case.Status'), c.Status],
              [t('CaseFile.Case.Opponent'), orNone(c.Opponent)],
              [t('CaseFile.Case.Description'), orNone(c.Description)],
              [t('CaseFile.Case.Created'), formatDate(c.CreatedAt)],
              [t('CaseFile.Case.Updated'), formatDateTime(c.UpdatedAt)],
            ]}
          />
        )}
      </LoadState>
    </>
  );
}
