// external/mineko forwards to the configured partner; external/:type explains the export links.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteParams } from '../routing/hooks.js';
import { useInjection } from '../app/ContainerContext.js';
import { AppConfigToken } from '../app/tokens.js';
import { externalDe } from '../i18n/de-DE/external.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Alert, Link } from '../ui/index.js';
import { HowToReach, SERVICE_TEXTS } from './ServiceInfoPage.js';
import './pages.css';

const leavePage = (url: string) => window.location.assign(url);
/** The export page also shows the service texts (Service.Export.*). */
const EXTERNAL_TEXTS = [['common', externalDe], ...SERVICE_TEXTS] as const;

/** Leaves the app for the partner address; only an allow-listed http(s) URL ever gets here (appConfig). */
export function MinekoRedirectPage({ assign = leavePage }: { readonly assign?: (url: string) => void }) {
  useTexts(EXTERNAL_TEXTS);
  const { t } = useTranslation('common');
  const { minekoUrl } = useInjection(AppConfigToken);
  useEffect(() => {
    if (minekoUrl) assign(minekoUrl);
  }, [minekoUrl, assign]);
  return (
    <>
      <PageHeading>{t('External.Title')}</PageHeading>
      {minekoUrl ? (
        <>
          <p role="status" className="ui-text ui-mb-2">
            {t('External.Redirecting')}
          </p>
          <p className="ui-text">
            {t('External.Manual')}{' '}
            <Link href={minekoUrl} rel="noopener noreferrer">
              {new URL(minekoUrl).host}
            </Link>
          </p>
        </>
      ) : (
        <Alert severity="info">{t('External.NotConfigured')}</Alert>
      )}
    </>
  );
}

/**
 * An export's name as the links use it (`fallakte-export`): letters, digits and dashes. Anything else in the address
 * is not shown, so a crafted link cannot make this page say a sentence of its choosing („Ihr Konto ist gesperrt …“).
 */
const EXPORT_TYPE = /^[a-z0-9][a-z0-9-]{0,39}$/i;

/** external/:type – exports are delivered through personal links. */
export function ExportInfoPage() {
  useTexts(EXTERNAL_TEXTS);
  const { t } = useTranslation('common');
  const { type = '' } = useRouteParams();
  return (
    <>
      <PageHeading>{t('Service.Export.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{EXPORT_TYPE.test(type) ? t('Service.Export.Text', { type }) : t('Service.Export.TextUnnamed')}</p>
      <HowToReach />
    </>
  );
}
