// The frame of the signed-in case file: header with back and menu, a drawer
// from the end side (side mode above 600 px, overlay below with a backdrop that closes it), main, footer.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clearCaseFileLoginData, logoutCaseFile, overviewPath, upPath } from '@rechtschat/core';
import { FocusOnNavigate, MAIN_ID } from '../../layout/FocusOnNavigate.js';
import { useHistoryEntry, useNavigateBack } from '../../routing/AppRouter.js';
import { FOOTER_ID, SiteFooter } from '../../layout/SiteFooter.js';
import { SkipLink } from '../../layout/SkipLink.js';
import { IconButton, RouterLink } from '../../ui/index.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { useFocusHeadingOnArrival } from '../useFocusOnArrival.js';
import { FirmNewsAnnouncer } from '../liveRefresh/FirmNewsAnnouncer.js';
import { UnreadNewsProvider } from '../unread/UnreadNews.js';
import { CaseFileMenu } from './CaseFileMenu.js';
import { BackIcon, CloseIcon, MenuIcon } from './icons.js';
import { SessionExpiredView, SessionExpiryDialog, useSessionExpiry } from './SessionExpiry.js';
import { useMediaQuery } from './useMediaQuery.js';

export const MENU_ID = 'fallakte-menue';
/** Side mode when the window is wider than 600 px. */
const SIDE_MODE_QUERY = '(min-width: 601px)';

/**
 * Makes everything outside `element` inert (the siblings of it and of each ancestor up to <body>, e.g. the skip
 * links, header, main and footer) and returns the undo. showModal() does this in current browsers; without it (older
 * Safari, the open-attribute fallback) Tab and the screen reader would reach the page behind the menu.
 */
function inertOutside(element: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => made.forEach((el) => el.removeAttribute('inert'));
}

/**
 * The phone-width menu: a modal <dialog> (focus stays inside, the page behind is inert, Escape closes) that
 * holds a backdrop, which closes the menu when tapped, and the off-canvas panel on the right.
 */
function MenuOverlay({ label, onClose, children }: { readonly label: string; readonly onClose: () => void; readonly children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    const restore = inertOutside(el);
    return () => {
      restore();
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="casefile-overlay"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="casefile-backdrop" data-testid="casefile-menu-backdrop" aria-hidden="true" onClick={onClose} />
      <div className="casefile-drawer casefile-drawer--over">{children}</div>
    </dialog>
  );
}

/** `children`: the screen of the current route. */
export function CaseFileShell({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const services = useCaseFileServices();
  const navigateBack = useNavigateBack();
  // "Zurück" goes up within the file (screen → Übersicht), never back through a history that may start elsewhere; like
  // Back it adds no entry (Back itself when the screen was opened from the overview), so the phone's back button then
  // does not return to the screen just left.
  const { pathname } = useHistoryEntry();
  const up = upPath(token, pathname);
  const side = useMediaQuery(SIDE_MODE_QUERY);
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const session = useSessionExpiry(token);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerContent = useRef<HTMLElement>(null);
  // Focus goes back to the menu button only once the modal menu has closed (the page is inert until then).
  const returnFocus = useRef(false);
  // Right after the PIN login the pressed button is gone: focus starts at the page's heading.
  useFocusHeadingOnArrival();

  const close = useCallback((andReturnFocus: boolean) => {
    returnFocus.current = andReturnFocus;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (open) {
      // Opening moves focus into the menu, so keyboard and screen-reader users land on the first entry.
      const timer = requestAnimationFrame(() => drawerContent.current?.querySelector<HTMLElement>('a, button')?.focus());
      return () => cancelAnimationFrame(timer);
    }
    if (returnFocus.current) {
      returnFocus.current = false;
      menuButton.current?.focus();
    }
    return undefined;
  }, [open]);

  const logout = () => {
    if (loggingOut) return;
    setLoggingOut(true);
    // A shared device must not show the previous person's unsent input: the drafts go with the login data.
    const clearLoginData = () => clearCaseFileLoginData(services.storage, token);
    logoutCaseFile({ ...services, clearLoginData, closeMenu: () => setOpen(false) }, token).subscribe({
      complete: () => setLoggingOut(false),
    });
  };

  const menu = (
    <nav
      ref={drawerContent}
      id={MENU_ID}
      aria-label={t('CaseFile.Shell.MenuLabel')}
      className="casefile-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && side) close(true);
      }}
    >
      <div className="casefile-menu__top">
        <IconButton onClick={() => close(true)} aria-label={t('CaseFile.Shell.CloseMenu')}>
          <CloseIcon />
        </IconButton>
      </div>
      <CaseFileMenu onChoose={() => close(false)} onLogout={logout} loggingOut={loggingOut} />
    </nav>
  );

  return (
    <UnreadNewsProvider>
      <div className="casefile-shell">
        <SkipLink targetId={FOOTER_ID}>{t('Layout.SkipToFooter')}</SkipLink>
        <FocusOnNavigate />
        <header className="site-header casefile-header">
          <div className="casefile-toolbar">
            {up !== null && (
              <IconButton inherit className="casefile-edge-start" onClick={() => navigateBack(up)} aria-label={t('CaseFile.Shell.Back')}>
                <BackIcon />
              </IconButton>
            )}
            <RouterLink to={overviewPath(token)} color="inherit" underline="hover" className="casefile-title">
              {t('CaseFile.Shell.Title')}
            </RouterLink>
            <IconButton
              ref={menuButton}
              inherit
              className="casefile-edge-end"
              onClick={() => (open ? close(false) : setOpen(true))}
              aria-label={open ? t('CaseFile.Shell.CloseMenu') : t('CaseFile.Shell.OpenMenu')}
              aria-expanded={open}
              aria-controls={MENU_ID}
            >
              <MenuIcon />
            </IconButton>
          </div>
        </header>
        <div className="casefile-body">
          <main id={MAIN_ID} tabIndex={-1} className="casefile-main">
            <div className="casefile-content">
              <FirmNewsAnnouncer>{session.over ? <SessionExpiredView token={token} /> : children}</FirmNewsAnnouncer>
            </div>
          </main>
          {open &&
            (side ? (
              <div className="casefile-drawer casefile-drawer--side">{menu}</div>
            ) : (
              <MenuOverlay label={t('CaseFile.Shell.MenuLabel')} onClose={() => close(true)}>
                {menu}
              </MenuOverlay>
            ))}
        </div>
        <SiteFooter legal={{ privacy: `${overviewPath(token)}/datenschutz`, terms: `${overviewPath(token)}/nutzungsbedingungen` }} />
        {session.state?.kind === 'warning' && !session.over && (
          <SessionExpiryDialog
            token={token}
            secondsLeft={session.state.secondsLeft}
            canExtend={session.state.canExtend}
            onLogout={logout}
            onEnded={session.end}
          />
        )}
      </div>
    </UnreadNewsProvider>
  );
}
