// The digitale Fallakte area (loaded lazily). This module holds the landing page; the
// token routes (PIN login, overview, …) plug in here.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { caseFileDe } from '../i18n/de-DE/caseFile.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';

const CASE_FILE_TEXTS = [['common', caseFileDe]] as const;

/** digitale-fallakte: what the case file is and that the personal link is needed. */
export function CaseFileLandingPage() {
  useTexts(CASE_FILE_TEXTS);
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('CaseFile.Landing.Title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('CaseFile.Landing.Intro')}</Typography>
      <Paper component="section" variant="outlined" aria-labelledby="fallakte-link" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h2" id="fallakte-link" gutterBottom>
          {t('CaseFile.Landing.LinkHeading')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('CaseFile.Landing.LinkText')}</Typography>
        <Typography>{t('CaseFile.Landing.NoLink')}</Typography>
      </Paper>
      <section aria-labelledby="fallakte-schutz">
        <Typography variant="h2" id="fallakte-schutz" gutterBottom>
          {t('CaseFile.Landing.SecurityHeading')}
        </Typography>
        <Typography>{t('CaseFile.Landing.SecurityText')}</Typography>
      </section>
    </>
  );
}

function CaseFilePendingPage() {
  useTexts(CASE_FILE_TEXTS);
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('CaseFile.Placeholder.Title')}</PageHeading>
      <Typography>{t('CaseFile.Placeholder.Text')}</Typography>
    </>
  );
}

/** Routes below /digitale-fallakte. */
export function CaseFileArea() {
  return (
    <Routes>
      <Route index element={<CaseFileLandingPage />} />
      <Route path="*" element={<CaseFilePendingPage />} />
    </Routes>
  );
}
