// uebersicht/anwalt: the assigned lawyer with photo, name and contact ways.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { overviewPath, type CaseFileLawyer } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';

export function LawyerCard({ lawyer, token }: { readonly lawyer: CaseFileLawyer | null; readonly token: string }) {
  const { t } = useTranslation('common');
  if (!lawyer) return <Typography>{t('CaseFile.Lawyer.Unknown')}</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Avatar src={lawyer.ImageUrl || undefined} alt={t('CaseFile.Lawyer.Photo', { name: lawyer.Name })} sx={{ width: 96, height: 96 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h3" component="p" sx={{ mb: 1 }}>
          {lawyer.Name}
        </Typography>
        {lawyer.Email && (
          <Typography>
            {t('CaseFile.Lawyer.Email')}: <Link href={`mailto:${lawyer.Email}`}>{lawyer.Email}</Link>
          </Typography>
        )}
        {lawyer.Phone && (
          <Typography>
            {t('CaseFile.Lawyer.Phone')}: <Link href={`tel:${lawyer.Phone.replace(/[^\d+]/g, '')}`}>{lawyer.Phone}</Link>
          </Typography>
        )}
        <Button component={RouterLink} to={`${overviewPath(token)}/kontakt`} variant="outlined" sx={{ mt: 2 }}>
          {t('CaseFile.Lawyer.WriteMessage')}
        </Button>
      </Box>
    </Box>
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
