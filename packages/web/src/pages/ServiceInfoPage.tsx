import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { servicesDe } from '../i18n/de-DE/services.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import type { ServiceInfo } from './services.js';

/** Loaded lazily; the texts of the services travel with this chunk. */
export const SERVICE_TEXTS = [['common', servicesDe]] as const;

/** Information page of one service: what it is and how to reach it. */
export function ServiceInfoPage({ service }: { readonly service: ServiceInfo }) {
  useTexts(SERVICE_TEXTS);
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t(service.titleKey)}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t(service.textKey)}</Typography>
      {service.extraKey && <Typography sx={{ mb: 2 }}>{t(service.extraKey)}</Typography>}
      <HowToReach />
    </>
  );
}

/** The common "how to reach this service" box with the way into the chat. */
export function HowToReach() {
  useTexts(SERVICE_TEXTS);
  const { t } = useTranslation('common');
  return (
    <Paper component="section" variant="outlined" aria-labelledby="so-erreichen" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h2" id="so-erreichen" gutterBottom>
        {t('Service.HowToReach.Heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('Service.HowToReach.Text')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('Service.HowToReach.Chat')}</Typography>
      <Button variant="contained" component={RouterLink} to="/chat/new">
        {t('NotFound.StartChat')}
      </Button>
    </Paper>
  );
}
