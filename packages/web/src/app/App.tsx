// The app root: container, i18n and router around the route table. The client app uses no component
// library: the page frame is plain CSS (global.css), the pages use the own primitives of src/ui.
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AppConfig } from './appConfig.js';
import { AppRoutes } from './AppRoutes.js';
import { ContainerProvider, type ContainerSource } from './ContainerContext.js';
import { AppRouter } from '../routing/AppRouter.js';

/** Providers shared by the real app and the tests (which bring their own router). */
export function AppProviders({
  container,
  config,
  i18n,
  children,
}: {
  readonly container: ContainerSource;
  readonly config?: AppConfig;
  readonly i18n: i18n;
  readonly children: ReactNode;
}) {
  return (
    <ContainerProvider container={container} config={config}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ContainerProvider>
  );
}

export function App({ container, config, i18n }: { readonly container: ContainerSource; readonly config?: AppConfig; readonly i18n: i18n }) {
  return (
    <AppProviders container={container} config={config} i18n={i18n}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  );
}
