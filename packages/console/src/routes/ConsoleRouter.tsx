// The signed-in console's routes: the navigation, the workspace at /konsole/ and every screen of consoleRoutes.tsx.
// Admin screens only for Role admin; anyone else sees "Keine Berechtigung" there. Unknown paths: "Seite nicht gefunden".
import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useLocation } from 'react-router';
import type { LawyerWorkspace } from '@rechtschat/core';
import { useStream } from '../workspace/useStream.js';
import { ConsoleNavigation } from './ConsoleNavigation.js';
import { consoleRoutes, mayOpen, type ConsoleScreenProps } from './consoleRoutes.js';

export interface ConsoleRouterProps extends ConsoleScreenProps {
  /** The workspace screen (queue, chats, callbacks, case files, profile) shown at /konsole/. */
  readonly workspaceScreen: ReactNode;
  /** Right after signing in: the focus goes to the screen at once, not only after the next navigation. */
  readonly focusOnStart?: boolean;
}

/**
 * The screen below the navigation: where the skip link „Zum Inhalt springen“ and a link of the navigation leave the
 * focus, so that the next Tab reaches the screen's first control, not the navigation again (the auditor found the skip
 * link landing on <main>, before the navigation).
 */
export const SCREEN_CONTENT_ID = 'bildschirm';

/** Focuses the signed-in screen below the navigation, else (login, access page) the whole <main>. */
export function focusContent(): void {
  (document.getElementById(SCREEN_CONTENT_ID) ?? document.getElementById('inhalt'))?.focus();
}

export function ConsoleRouter({ workspaceScreen, focusOnStart = false, ...screenProps }: ConsoleRouterProps) {
  const { me } = screenProps;
  useFocusOnNavigation(focusOnStart);
  useScreenTitle();
  return (
    <>
      <ConsoleNavigation me={me} />
      <Box id={SCREEN_CONTENT_ID} tabIndex={-1}>
        <Routes>
          <Route index element={workspaceScreen} />
          {consoleRoutes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <>
                  <SessionWatch workspace={screenProps.workspace} onSessionExpired={screenProps.onSessionExpired} />
                  {mayOpen(route, me) ? <route.component {...screenProps} /> : <NoPermission />}
                </>
              }
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Box>
    </>
  );
}

/** Away from the workspace screen the workspace still notices an ended session (its hub): then the login. */
function SessionWatch({ workspace, onSessionExpired }: { readonly workspace: LawyerWorkspace; readonly onSessionExpired: () => void }) {
  const state = useStream(workspace.state$, workspace.snapshot());
  useEffect(() => {
    if (state.sessionExpired) onSessionExpired();
  }, [state.sessionExpired, onSessionExpired]);
  return null;
}

/**
 * After following a link of the navigation, keyboard and screen-reader users continue at the new screen's content
 * (below the navigation).
 */
function useFocusOnNavigation(onStart: boolean) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // Read once, at the first screen: a later change of the flag is no navigation.
  const focusFirst = useRef(onStart);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      // Where the focus was lost with the login form; a console opened with its session keeps the page's start.
      if (focusFirst.current && (document.activeElement === null || document.activeElement === document.body)) focusContent();
      return;
    }
    focusContent();
  }, [pathname]);
}

/**
 * Each screen names itself in the window title ("Team – Anwaltskonsole"), an unknown address as „Seite nicht gefunden
 * – Anwaltskonsole“ (not as the workspace, which it is not); the workspace keeps the page's own title.
 */
function useScreenTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pageTitle = useRef(document.title);
  useEffect(() => {
    const route = consoleRoutes.find((entry) => pathname === `/${entry.path}` || pathname.startsWith(`/${entry.path}/`));
    const screenName = route ? t(route.label) : pathname === '/' ? null : t('Shell.NotFoundHeading');
    document.title = screenName ? `${screenName} – ${t('Console.Title')}` : pageTitle.current;
  }, [pathname, t]);
  useEffect(() => {
    const title = pageTitle.current;
    return () => {
      document.title = title;
    };
  }, []);
}

function NoPermission() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="no-permission-heading">
      <Typography variant="h5" component="h2" id="no-permission-heading" sx={{ mb: 2 }}>
        {t('Shell.NoPermissionHeading')}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('Shell.NoPermission')}
      </Alert>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('Shell.BackToWorkspace')}
      </Button>
    </Box>
  );
}

/** The signed-in console’s „Seite nicht gefunden“ (every address outside CONSOLE_PAGE_ROUTES, @rechtschat/core). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="not-found-heading">
      <Typography variant="h5" component="h2" id="not-found-heading" sx={{ mb: 2 }}>
        {t('Shell.NotFoundHeading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('Shell.NotFound')}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('Shell.BackToWorkspace')}
      </Button>
    </Box>
  );
}
