import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading.js';

/** German 404 page for every unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('NotFound.Title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('NotFound.Text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/chat/new">
        {t('NotFound.StartChat')}
      </Button>
    </>
  );
}
