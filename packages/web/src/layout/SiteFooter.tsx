// Footer with the legal links (Impressum, Datenschutz, Nutzungsbedingungen, Mandatsbedingungen).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useInjection } from '../app/ContainerContext.js';
import { AppConfigToken } from '../app/tokens.js';

export const FOOTER_ID = 'rechtliches';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const config = useInjection(AppConfigToken);
  const linkSx = { color: 'inherit', py: 1, display: 'inline-block' } as const;
  return (
    <Box component="footer" id={FOOTER_ID} tabIndex={-1} sx={{ mt: 'auto', bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 2, outline: 'none', '&:focus-visible': { outline: 'none', boxShadow: 'none' } }}>
      <Box component="nav" aria-label={t('Layout.FooterNavigation')} sx={{ maxWidth: 900, mx: 'auto' }}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
          <li>
            {config.imprintUrl ? (
              <Link href={config.imprintUrl} target="_blank" rel="noopener noreferrer" sx={linkSx}>
                {t('Layout.Imprint')} <Box component="span" sx={visuallyHidden}>{t('Layout.OpensInNewTab')}</Box>
              </Link>
            ) : (
              <Link component={RouterLink} to="/impressum" sx={linkSx}>
                {t('Layout.Imprint')}
              </Link>
            )}
          </li>
          <li>
            <Link component={RouterLink} to="/chat/datenschutz" sx={linkSx}>
              {t('Layout.Privacy')}
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to="/chat/nutzungsbedingungen" sx={linkSx}>
              {t('Layout.TermsOfUse')}
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to="/agb" sx={linkSx}>
              {t('Layout.MandateTerms')}
            </Link>
          </li>
        </Box>
      </Box>
    </Box>
  );
}

/** Text for screen readers only. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
