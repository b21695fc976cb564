// Page frame (the skip link to #inhalt is the first element of index.html): footer skip link, header (service name, optional action), <main id="inhalt">, footer.
import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { FocusOnNavigate, MAIN_ID } from './FocusOnNavigate.js';
import { FOOTER_ID, SiteFooter } from './SiteFooter.js';
import { SkipLink } from './SkipLink.js';

export interface SiteLayoutProps {
  /** Rendered at the end of the header, e.g. the log-out button of the chat. */
  readonly headerAction?: ReactNode;
  /** Defaults to the nested route (<Outlet />). */
  readonly children?: ReactNode;
}

export function SiteLayout({ headerAction, children }: SiteLayoutProps) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink targetId={FOOTER_ID}>{t('Layout.SkipToFooter')}</SkipLink>
      <FocusOnNavigate />
      <AppBar position="static" color="primary" component="header">
        <Toolbar sx={{ gap: 2, maxWidth: 900, width: '100%', mx: 'auto', px: { xs: 2, sm: 2 } }}>
          <Link component={RouterLink} to="/chat" color="inherit" underline="hover" sx={{ flexGrow: 1, fontWeight: 600, fontSize: '1.1rem', py: 1 }}>
            {t('App.ServiceName')}
          </Link>
          {headerAction}
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, width: '100%', maxWidth: 900, mx: 'auto', px: 2, py: 3, boxSizing: 'border-box', outline: 'none', '&:focus-visible': { outline: 'none', boxShadow: 'none' } }}>
        {children ?? <Outlet />}
      </Box>
      <SiteFooter />
    </Box>
  );
}
