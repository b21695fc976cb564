import { useTranslation } from 'react-i18next';
import { Button, Paper } from '../ui/index.js';
import { servicesDe } from '../i18n/de-DE/services.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import type { ServiceInfo } from './services.js';
import './pages.css';

/** Loaded lazily; the texts of the services travel with this chunk. */
export const SERVICE_TEXTS = [['common', servicesDe]] as const;

/** Information page of one service: what it is and how to reach it. */
export function ServiceInfoPage({ service }: { readonly service: ServiceInfo }) {
  useTexts(SERVICE_TEXTS);
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t(service.titleKey)}</PageHeading>
      <p className="ui-text ui-mb-2">{t(service.textKey)}</p>
      {service.extraKey && <p className="ui-text ui-mb-2">{t(service.extraKey)}</p>}
      <HowToReach />
    </>
  );
}

/** The common "how to reach this service" box with the way into the chat. */
export function HowToReach() {
  useTexts(SERVICE_TEXTS);
  const { t } = useTranslation('common');
  return (
    <Paper component="section" variant="outlined" aria-labelledby="so-erreichen" className="page-card ui-mt-3">
      <h2 id="so-erreichen" className="ui-h2">
        {t('Service.HowToReach.Heading')}
      </h2>
      <p className="ui-text ui-mb-2">{t('Service.HowToReach.Text')}</p>
      <p className="ui-text ui-mb-2">{t('Service.HowToReach.Chat')}</p>
      <Button variant="contained" to="/chat/new">
        {t('NotFound.StartChat')}
      </Button>
    </Paper>
  );
}
