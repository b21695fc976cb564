// Footer with the legal links (Impressum, Datenschutz, Barrierefreiheit, Nutzungsbedingungen, Mandatsbedingungen).
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '../routing/Link.js';
import { useHistoryEntry } from '../routing/AppRouter.js';
import { useAppConfig } from '../app/ContainerContext.js';
import { sharedPagePath, useInCaseFileArea } from './serviceArea.js';

export const FOOTER_ID = 'rechtliches';
/** Core's CASE_FILE_ROOT, spelled out: the footer is in the start chunk, which does not load core. */
const CASE_FILE_ROOT = '/digitale-fallakte';

/** Where the footer's "Datenschutz" and "Nutzungsbedingungen" lead. */
export interface FooterLegalPaths {
  readonly privacy: string;
  readonly terms: string;
}

/**
 * The chat's legal texts differ from the case file's (retention, controller): inside the digitale Fallakte the
 * footer links the case file's own pages, elsewhere the chat's.
 */
function legalPathsFor(pathname: string, inCaseFile: boolean): FooterLegalPaths {
  if (inCaseFile || pathname === CASE_FILE_ROOT || pathname.startsWith(`${CASE_FILE_ROOT}/`)) {
    return { privacy: `${CASE_FILE_ROOT}/datenschutz`, terms: `${CASE_FILE_ROOT}/nutzungsbedingungen` };
  }
  return { privacy: '/chat/datenschutz', terms: '/chat/nutzungsbedingungen' };
}

/** `legal` overrides the pages chosen by the current path (the signed-in case file links its own copies). */
export function SiteFooter({ legal }: { readonly legal?: FooterLegalPaths }) {
  const { t } = useTranslation('common');
  const config = useAppConfig();
  const { pathname } = useHistoryEntry();
  const inCaseFile = useInCaseFileArea();
  const paths = legal ?? legalPathsFor(pathname, inCaseFile);
  // The pages both services share stay in the case file when reached from it (header name, these links).
  const shared = (path: string) => sharedPagePath(path, inCaseFile);
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
              <RouterLink to={shared('/impressum')}>{t('Layout.Imprint')}</RouterLink>
            )}
          </li>
          <li>
            <RouterLink to={paths.privacy}>{t('Layout.Privacy')}</RouterLink>
          </li>
          <li>
            <RouterLink to={shared('/barrierefreiheit')}>{t('Layout.Accessibility')}</RouterLink>
          </li>
          <li>
            <RouterLink to={paths.terms}>{t('Layout.TermsOfUse')}</RouterLink>
          </li>
          <li>
            <RouterLink to={shared('/agb')}>{t('Layout.MandateTerms')}</RouterLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
