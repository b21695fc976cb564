// The app root: container, i18n, theme and router around the route table.
import type { Container } from 'inversify';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.js';
import { ContainerProvider } from './ContainerContext.js';
import { appTheme } from './theme.js';

/** Providers shared by the real app and the tests (which bring their own router). */
export function AppProviders({ container, i18n, children }: { readonly container: Container; readonly i18n: i18n; readonly children: ReactNode }) {
  return (
    <ContainerProvider container={container}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={appTheme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </I18nextProvider>
    </ContainerProvider>
  );
}

export function App({ container, i18n }: { readonly container: Container; readonly i18n: i18n }) {
  return (
    <AppProviders container={container} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
