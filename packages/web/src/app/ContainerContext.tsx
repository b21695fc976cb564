// Makes the inversify container available to components; `useInjection` resolves a service once per component.
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { readonly container: Container; readonly children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** Resolves the service for `token` on first render and keeps it for the component's lifetime. */
export function useInjection<T>(token: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('ContainerProvider fehlt: Die App wurde ohne Container gestartet.');
  const [service] = useState(() => container.get(token));
  return service;
}

/**
 * Like `useInjection`, but when the container has no binding for `token` yet, binds `create()` as the page's
 * singleton first. A lazily loaded area uses it for adapters only it needs, so their code (and their wire
 * codecs) is loaded with that area and not with the entry every route waits for (issue 12). A binding made
 * beforehand – a test's override – wins.
 */
export function useInjectionOrBind<T>(token: ServiceIdentifier<T>, create: () => T): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('ContainerProvider fehlt: Die App wurde ohne Container gestartet.');
  const [service] = useState(() => {
    if (!container.isBound(token)) container.bind(token).toConstantValue(create());
    return container.get(token);
  });
  return service;
}
