// The frame of the signed-in case file (SPEC §2 "Case-file shell"): header with back and menu, a drawer
// from the end side (side mode above 600 px, overlay below with a backdrop that closes it), main, footer.
import { useCallback, useEffect, useRef, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import { logoutCaseFile, overviewPath } from '@rechtschat/core';
import { FocusOnNavigate, MAIN_ID } from '../../layout/FocusOnNavigate.js';
import { FOOTER_ID, SiteFooter } from '../../layout/SiteFooter.js';
import { SkipLink } from '../../layout/SkipLink.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { CaseFileMenu } from './CaseFileMenu.js';
import { BackIcon, CloseIcon, MenuIcon } from './icons.js';

export const DRAWER_WIDTH = 280;
export const MENU_ID = 'fallakte-menue';
/** SPEC §2: side mode when the window is wider than 600 px. */
const SIDE_MODE_QUERY = '(min-width: 601px)';

export function CaseFileShell() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const services = useCaseFileServices();
  const navigate = useNavigate();
  const side = useMediaQuery(SIDE_MODE_QUERY, { noSsr: true });
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerContent = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  // Opening moves focus into the menu, so keyboard and screen-reader users land on the first entry.
  useEffect(() => {
    if (!open) return;
    const timer = requestAnimationFrame(() => drawerContent.current?.querySelector<HTMLElement>('a, button')?.focus());
    return () => cancelAnimationFrame(timer);
  }, [open]);

  const logout = () => {
    if (loggingOut) return;
    setLoggingOut(true);
    logoutCaseFile({ ...services, clearLoginData: () => services.storage.remove('redirectUrl'), closeMenu: () => setOpen(false) }, token).subscribe({
      complete: () => setLoggingOut(false),
    });
  };

  const menu = (
    <Box
      ref={drawerContent}
      component="nav"
      id={MENU_ID}
      aria-label={t('CaseFile.Shell.MenuLabel')}
      sx={{ width: DRAWER_WIDTH }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && side) close(true);
      }}
    >
      <Toolbar sx={{ justifyContent: 'flex-end' }}>
        <IconButton onClick={() => close(true)} aria-label={t('CaseFile.Shell.CloseMenu')}>
          <CloseIcon />
        </IconButton>
      </Toolbar>
      <CaseFileMenu onChoose={() => close(false)} onLogout={logout} loggingOut={loggingOut} />
    </Box>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink targetId={FOOTER_ID}>{t('Layout.SkipToFooter')}</SkipLink>
      <FocusOnNavigate />
      <AppBar position="sticky" color="primary" component="header">
        <Toolbar sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" onClick={() => void navigate(-1)} aria-label={t('CaseFile.Shell.Back')}>
            <BackIcon />
          </IconButton>
          <Link
            component={RouterLink}
            to={overviewPath(token)}
            color="inherit"
            underline="hover"
            sx={{ flexGrow: 1, fontWeight: 600, fontSize: '1.1rem', py: 1 }}
          >
            {t('CaseFile.Shell.Title')}
          </Link>
          <IconButton
            ref={menuButton}
            color="inherit"
            edge="end"
            onClick={() => (open ? close(false) : setOpen(true))}
            aria-label={open ? t('CaseFile.Shell.CloseMenu') : t('CaseFile.Shell.OpenMenu')}
            aria-expanded={open}
            aria-controls={MENU_ID}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flexGrow: 1, alignItems: 'stretch' }}>
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, px: 2, py: 3, outline: 'none', '&:focus-visible': { outline: 'none', boxShadow: 'none' } }}
        >
          <Box sx={{ maxWidth: 900, mx: 'auto' }}>
            <Outlet />
          </Box>
        </Box>
        {side ? (
          <Drawer
            variant="persistent"
            anchor="right"
            open={open}
            sx={{ width: open ? DRAWER_WIDTH : 0, flexShrink: 0, '& .MuiDrawer-paper': { position: 'relative', height: '100%', width: DRAWER_WIDTH } }}
          >
            {open && menu}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            anchor="right"
            open={open}
            onClose={() => close(true)}
            ModalProps={{ keepMounted: false }}
            slotProps={{ paper: { 'aria-label': t('CaseFile.Shell.MenuLabel') } }}
          >
            {menu}
          </Drawer>
        )}
      </Box>
      <SiteFooter />
    </Box>
  );
}
