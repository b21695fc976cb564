// Footer with the legal links (Impressum, Datenschutz, Barrierefreiheit, Nutzungsbedingungen, Mandatsbedingungen).
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppConfig } from '../app/ContainerContext.js';

export const FOOTER_ID = 'rechtliches';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const config = useAppConfig();
  return (
    <footer id={FOOTER_ID} tabIndex={-1} className="site-footer">
      <nav aria-label={t('Layout.FooterNavigation')}>
        <ul>
          <li>
            {config.imprintUrl ? (
              <a href={config.imprintUrl} target="_blank" rel="noopener noreferrer">
                {t('Layout.Imprint')} <span className="visually-hidden">{t('Layout.OpensInNewTab')}</span>
              </a>
            ) : (
              <RouterLink to="/impressum">{t('Layout.Imprint')}</RouterLink>
            )}
          </li>
          <li>
            <RouterLink to="/chat/datenschutz">{t('Layout.Privacy')}</RouterLink>
          </li>
          <li>
            <RouterLink to="/barrierefreiheit">{t('Layout.Accessibility')}</RouterLink>
          </li>
          <li>
            <RouterLink to="/chat/nutzungsbedingungen">{t('Layout.TermsOfUse')}</RouterLink>
          </li>
          <li>
            <RouterLink to="/agb">{t('Layout.MandateTerms')}</RouterLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
