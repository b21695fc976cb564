// Makes the inversify container available to components; `useInjection` resolves a service once per component.
// The browser entry hands in a promise of the container: inversify and the adapters load in their own chunk
// while the page frame paints, and components that need a service suspend until it is there.
import { createContext, use, useContext, useState, type ReactNode } from 'react';
import type { Container, ServiceIdentifier } from 'inversify';
import type { AppConfig } from './appConfig.js';
import { AppConfigToken } from './tokens.js';

/** The container, or a promise of it while its chunk loads. */
export type ContainerSource = Container | Promise<Container>;

const ContainerContext = createContext<ContainerSource | null>(null);
const AppConfigContext = createContext<AppConfig | null>(null);

function isPromise(source: ContainerSource): source is Promise<Container> {
  return typeof (source as { then?: unknown }).then === 'function';
}

/**
 * `config` is optional: the page frame (footer links) reads it from here without waiting for the container;
 * without it, it is read from the container.
 */
export function ContainerProvider({
  container,
  config,
  children,
}: {
  readonly container: ContainerSource;
  readonly config?: AppConfig;
  readonly children: ReactNode;
}) {
  return (
    <ContainerContext.Provider value={container}>
      <AppConfigContext.Provider value={config ?? null}>{children}</AppConfigContext.Provider>
    </ContainerContext.Provider>
  );
}

function useContainerSource(): ContainerSource {
  const source = useContext(ContainerContext);
  if (!source) throw new Error('ContainerProvider fehlt: Die App wurde ohne Container gestartet.');
  return source;
}

/** The container; suspends while it is still loading. */
function useContainer(): Container {
  const source = useContainerSource();
  return isPromise(source) ? use(source) : source;
}

/** Containers of settled promises, so work after loading runs synchronously as with a built container. */
const settled = new WeakMap<Promise<Container>, Container>();

/**
 * For event handlers and callbacks: never suspends. The returned function runs `work` with the container –
 * at once when it is there, otherwise as soon as it has loaded (never, if its chunk failed to load).
 */
export function useContainerLater(): (work: (container: Container) => void) => void {
  const source = useContainerSource();
  return (work) => {
    if (!isPromise(source)) return work(source);
    const ready = settled.get(source);
    if (ready) return work(ready);
    source.then(
      (container) => {
        settled.set(source, container);
        work(container);
      },
      () => undefined,
    );
  };
}

/** Resolves the service for `token` on first render and keeps it for the component's lifetime. */
export function useInjection<T>(token: ServiceIdentifier<T>): T {
  const container = useContainer();
  const [service] = useState(() => container.get(token));
  return service;
}

/** The start-up configuration; never suspends when the entry handed it to the provider. */
export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  const source = useContainerSource();
  if (config) return config;
  // Without a config in the provider the container must be there (tests hand in a built one).
  return (isPromise(source) ? use(source) : source).get(AppConfigToken);
}

/**
 * Like `useInjection`, but when the container has no binding for `token` yet, binds `create()` as the page's
 * singleton first. A lazily loaded area uses it for adapters only it needs, so their code (and their wire
 * codecs) is loaded with that area and not with the entry every route waits for. A binding made
 * beforehand – a test's override – wins.
 */
export function useInjectionOrBind<T>(token: ServiceIdentifier<T>, create: () => T): T {
  const container = useContainer();
  const [service] = useState(() => {
    if (!container.isBound(token)) container.bind(token).toConstantValue(create());
    return container.get(token);
  });
  return service;
}
