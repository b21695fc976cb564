// uebersicht/anwalt: the assigned lawyer with photo, name and contact ways.
import { useTranslation } from 'react-i18next';
import { isLawyerPhoto, overviewPath, type CaseFileLawyer } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { Avatar, Button, Link } from '../../ui/index.js';

export function LawyerCard({ lawyer, token }: { readonly lawyer: CaseFileLawyer | null; readonly token: string }) {
  const { t } = useTranslation('common');
  if (!lawyer) return <p className="ui-text">{t('CaseFile.Lawyer.Unknown')}</p>;
  return (
    <div className="casefile-lawyer">
      {/* Only a real photo is announced; the generated initials picture repeats the name printed beside it. */}
      <Avatar
        src={lawyer.ImageUrl || undefined}
        alt={isLawyerPhoto(lawyer.ImageUrl) || !lawyer.ImageUrl ? t('CaseFile.Lawyer.Photo', { name: lawyer.Name }) : ''}
        size={96}
      />
      <div>
        <p className="ui-h3 ui-mb-1">{lawyer.Name}</p>
        {lawyer.Email && (
          <p className="ui-text">
            {t('CaseFile.Lawyer.Email')}:{' '}
            <Link href={`mailto:${lawyer.Email}`} standalone>
              {lawyer.Email}
            </Link>
          </p>
        )}
        {lawyer.Phone && (
          <p className="ui-text">
            {t('CaseFile.Lawyer.Phone')}:{' '}
            <Link href={`tel:${lawyer.Phone.replace(/[^\d+]/g, '')}`} standalone>
              {lawyer.Phone}
            </Link>
          </p>
        )}
        <Button to={`${overviewPath(token)}/kontakt`} variant="outlined" className="ui-mt-2">
          {t('CaseFile.Lawyer.WriteMessage')}
        </Button>
      </div>
    </div>
  );
}

export function LawyerPage() {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const title = lawyer?.Gender === 'female' ? 'CaseFile.Lawyer.TitleFemale' : lawyer?.Gender === 'male' ? 'CaseFile.Lawyer.TitleMale' : 'CaseFile.Lawyer.Title';
  return (
    <>
      <PageHeading>{t(title)}</PageHeading>
      <LawyerCard lawyer={lawyer} token={token} />
    </>
  );
}
